/**
 * The balance report page of a batch of a scenario whose names are HTML (e2e/fixtures/
 * html-payload.json): a real batch of three battles, every name shown as text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBattle } from '../../src/ai/batch/battle';
import { scenarioHash } from '../../src/ai/batch/batchFile';
import { buildReport } from '../../src/ai/batch/report';
import { reportText } from '../../src/ai/batch/reportText';
import { balanceReportHtml } from '../../src/render/charts/balancePage';
import { RULESETS } from '../../src/rules/registry';
import { ROOT, setupOf } from '../engine/fixtures/helpers';

describe('The balance report page', () => {
  it('shows names from the file as text, draws its charts inline, and fetches and runs nothing', () => {
    const setup = setupOf(readFileSync(join(ROOT, 'e2e/fixtures/html-payload.json'), 'utf8'));
    const module = RULESETS.find((r) => r.id === 'napoleonic-warfare')!;
    const spec = { setup, module, options: {}, masterSeed: 3, players: [{ kind: 'random' }, { kind: 'random' }] as const };
    const records = [0, 1, 2].map((i) => runBattle(spec, i));
    const header = { format: 'vedette-batch' as const, version: 1 as const, scenario: { id: setup.scenarioId, title: setup.title, hash: scenarioHash(setup) }, ruleset: module.id, options: {}, players: ['random', 'random'] as const, masterSeed: 3, battles: 3, shard: [1, 1] as const };
    const report = buildReport(header, records, setup);
    const html = balanceReportHtml(report, setup);
    expect(html).not.toMatch(/<(script|img|b)[\s>]/i);
    expect(html).toContain('&lt;script&gt;window.__pwned=2&lt;/script&gt;French');
    expect(html).toContain('&lt;b&gt;Payload&lt;/b&gt;');
    expect(html.match(/<svg /g)!.length).toBe(7); // win rate, turns, losses, leader, casualties, two heat maps
    expect(html).not.toMatch(/<[^>]*\b(src|href)=/); // no tag loads anything
    // The text report says the same verdict.
    expect(reportText(report, setup)).toContain(report.verdict[0]!);
  }, 60_000);
});
