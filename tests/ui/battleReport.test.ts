/**
 * The battle report (issue 21): one self-contained page — scenario, result, the map at the
 * start, each turn and the end, casualties and morale charts, the log with every roll
 * explained — written as one viewer saw the battle, "both sides" only once it is over, every
 * name from a file escaped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/engine/game';
import { currentState, play, startHistory } from '../../src/engine/history';
import { isRejection } from '../../src/engine/command';
import { playRandom } from '../../src/ai/randomPlayer';
import { makeSampler } from '../../src/ai/sampler';
import { RULESETS } from '../../src/rules/registry';
import { loadScenario } from '../../src/scenario/load';
import { loadSave } from '../../src/scenario/save';
import { battleReportHtml } from '../../src/ui/report/battleReport';
import { entryItems } from '../../src/ui/logModel';
import { namesFor } from '../../src/ui/names';
import { viewFor } from '../../src/engine/view';
import { escapeXml } from '../../src/render/charts/svgCharts';

const golden = (name: string) => {
  const r = loadSave(JSON.parse(readFileSync(`tests/replay/goldens/${name}`, 'utf8')), RULESETS);
  if (!r.ok) throw new Error(name);
  return r.value;
};

describe('the battle report of a finished battle', () => {
  const v = golden('nw-default-2d6-terrain-5.save.json');
  const r = battleReportHtml({ module: v.module, setup: v.setup, history: v.history, seed: v.save.seed, viewer: 'referee' });
  if (!r.ok) throw new Error(r.message);
  const html = r.html;

  it('is one page that needs nothing from outside: no script, no link, no remote image', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/i);
    expect(html).toContain("default-src 'none'");
  });

  it('gives the scenario and the result in words', () => {
    expect(html).toContain('<h1>The Mill at Aldern</h1>');
    // Issue 13 (a log a player reads): the reason's side ids are given as the sides' names.
    const named = v.state.result!.reason.replace(/(?<![\w-])fr(?![\w-])/g, 'French Advance Guard').replace(/(?<![\w-])au(?![\w-])/g, 'Austrian Brigade Mayer');
    expect(html).toContain(named.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    expect(html).toMatch(/The French Advance Guard wins an? \w+ victory/);
  });

  it('draws the map at the start, at each turn and at the end, and two charts per side per turn', () => {
    const turns = v.state.position.turn;
    // The end, the start, and one per later turn; then the two charts.
    expect(html.match(/<svg[^>]*aria-label="The table/g)).toHaveLength(turns + 1);
    expect(html).toContain('Casualties: stands lost by the end of each turn');
    expect(html).toContain('Morale: units routed, broken or gone by the end of each turn');
    expect(html.match(/<path d="M/g)!.length).toBeGreaterThanOrEqual(4);
  });

  it('tells every roll as the log does: dice, faces, modifiers, outcome', () => {
    const rolls = v.history.entries.flatMap((e) => e.events).filter((e) => e.type === 'DiceRolled').length + v.history.initialEvents.filter((e) => e.type === 'DiceRolled').length;
    expect(html.match(/<li class="dice">/g)).toHaveLength(rolls);
    // NW Sequence §3: each side's initiative roll, the side named (never its id).
    expect(html).toContain('Initiative: French Advance Guard');
    expect(html).not.toMatch(/Initiative: fr\b/);
    expect(html).toMatch(/class="out[^"]*">Outcome: /);
  });
});

describe('the battle report of a battle in progress', () => {
  const module = RULESETS.find((m) => m.id === 'napoleonic-warfare')!;
  const sc = loadScenario(JSON.parse(readFileSync('e2e/fixtures/html-payload.json', 'utf8')));
  if (!sc.ok) throw new Error('fixture');
  const c = createGame(module, { setup: sc.value, seed: 3 });
  if (!c.ok) throw new Error('fixture');
  const h = playRandom(module, startHistory(c.state, c.events), makeSampler(3), { maxCommands: 40 }).history;

  it('is refused for both sides, which would show each the other\'s hidden orders', () => {
    const r = battleReportHtml({ module, setup: sc.value, history: h, seed: 3, viewer: 'referee' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/not over/);
  });

  it("is written as one side saw it: the other side's orders are not in it", () => {
    const fr = battleReportHtml({ module, setup: sc.value, history: h, seed: 3, viewer: 'fr' });
    if (!fr.ok) throw new Error(fr.message);
    const auOrders = h.entries.filter((e) => e.secret && e.command.side === 'au' && e.command.type !== 'endStep');
    expect(auOrders.length).toBeGreaterThan(0);
    // What the Austrian player read of their own orders is nowhere in the French report.
    const au = battleReportHtml({ module, setup: sc.value, history: h, seed: 3, viewer: 'au' });
    if (!au.ok) throw new Error(au.message);
    const names = namesFor(module, viewFor(module, h.initial, 'au'), [sc.value]);
    for (const e of auOrders) {
      const line = entryItems(e, 'au', names, module).find((i) => i.kind === 'command');
      expect(line).toBeDefined();
      const text = escapeXml(line!.kind === 'command' ? line!.text : '');
      expect(au.html).toContain(text);
      expect(fr.html).not.toContain(text);
    }
    expect(fr.html).toContain('seen by ');
  });

  it('keeps a drawn dice key secret while the battle goes on and gives it once it is over; a number seed is shown as typed', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const k = createGame(module, { setup: sc.value, seed: 3, key });
    if (!k.ok) throw new Error('fixture');
    const going = playRandom(module, startHistory(k.state, k.events), makeSampler(3), { maxCommands: 20 }).history;
    const mid = battleReportHtml({ module, setup: sc.value, history: going, seed: 3, viewer: 'fr' });
    if (!mid.ok) throw new Error(mid.message);
    expect(mid.html).not.toContain(key);
    expect(mid.html).toContain('dice key kept secret until the battle ends');
    const over = play(module, going, { type: 'concede', side: 'au' });
    if (isRejection(over)) throw new Error(over.message);
    let ended = over.history;
    for (let i = 0; i < 200 && !currentState(ended).result; i++) {
      const st = currentState(ended);
      const side = st.position.actors.find((a) => !st.position.done.includes(a))!;
      const r = play(module, ended, st.position.step === 'choose-initiative' ? { type: 'chooseInitiative', side, moveFirst: side } : { type: 'endStep', side });
      if (isRejection(r)) throw new Error(r.message);
      ended = r.history;
    }
    expect(currentState(ended).result).toBeDefined();
    const done = battleReportHtml({ module, setup: sc.value, history: ended, seed: 3, viewer: 'referee' });
    if (!done.ok) throw new Error(done.message);
    expect(done.html).toContain(`dice key ${key}`);
    const numbered = battleReportHtml({ module, setup: sc.value, history: h, seed: 3, viewer: 'fr' });
    expect(numbered.ok && numbered.html).toContain('seed 3 ·');
  });

  it('shows names from the file as text, never as markup', () => {
    const fr = battleReportHtml({ module, setup: sc.value, history: h, seed: 3, viewer: 'fr' });
    if (!fr.ok) throw new Error(fr.message);
    expect(fr.html).not.toContain('<img src=x');
    expect(fr.html).not.toContain('<b>Payload</b>');
    expect(fr.html).toContain('&lt;b&gt;Payload&lt;/b&gt; at &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;Aldern');
  });
});
