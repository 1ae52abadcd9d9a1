/**
 * The summary a turn ends on (ui/turnSummary with the rulesets' tallies): per side, losses,
 * units lost, routed and rallied, ground taken — only what the viewer may see.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../src/engine/command';
import { registerable } from '../../src/engine/ruleset';
import { viewFor, type Viewer } from '../../src/engine/view';
import { napoleonicWarfare } from '../../src/rules/napoleonic-warfare';
import { RULESETS } from '../../src/rules/registry';
import { loadSave } from '../../src/scenario/save';
import { namesFor } from '../../src/ui/names';
import { lastEndedTurn, summaryText, turnEvents, turnSummary } from '../../src/ui/turnSummary';
import { battle } from '../rules/napoleonic-warfare/harness';

const NW = registerable(napoleonicWarfare);

describe('An NW turn\'s summary (NW §10 losses, §18 morale states, After Close Combat)', () => {
  const s = battle([
    { id: 'fr1', side: 'fr', x: 30, y: 20, facingDeg: 90 },
    { id: 'fr2', side: 'fr', x: 40, y: 20, facingDeg: 90 },
    { id: 'au1', side: 'au', x: 30, y: 24, facingDeg: -90 },
    { id: 'au2', side: 'au', x: 40, y: 24, facingDeg: -90 },
  ]);
  const renamed = { ...s, battle: { ...s.battle, units: s.battle.units.map((u) => ({ ...u, name: ({ fr1: '1/45e Ligne', fr2: '2/45e Ligne', au1: 'IR 4', au2: 'Grenz IR 1' } as Record<string, string>)[u.id]! })) } };
  const events: AnyEvent[] = [
    { type: 'TurnStarted', turn: 3, phasingOrder: ['fr', 'au'] },
    { type: 'CasualtiesInflicted', unit: 'au1', casualties: 5, standsLost: 1, standsLeft: 3, carried: 1, source: 'fire' },
    { type: 'CasualtiesInflicted', unit: 'au1', casualties: 1, standsLost: 0, standsLeft: 3, carried: 2, source: 'fire' },
    { type: 'UnitPushedBack', unit: 'au1', by: 'fr1', distanceIn: 1 },
    { type: 'MoraleStateChanged', unit: 'au1', from: 'disordered', to: 'routed', cause: 'failed morale' },
    { type: 'MoraleStateChanged', unit: 'fr2', from: 'routed', to: 'fragmented', cause: 'rallied' },
    { type: 'UnitRemoved', unit: 'au2', name: 'Grenz IR 1', status: 'dispersed', standsRemaining: 0, cause: 'routed off' },
    // A French ambusher's move the Austrians may not see: it counts for the French only.
    { type: 'BuildingsOccupied', unit: 'fr2', terrain: 'mill', stands: 2, visibleTo: ['fr'] },
    { type: 'TurnEnded', turn: 3 },
  ];
  const summary = (viewer: Viewer) => {
    const game = viewFor(NW, renamed, viewer);
    const side = new Map(renamed.battle.units.map((u) => [u.id, u.side] as const));
    return turnSummary(events, viewer, { module: NW, game, names: namesFor(NW, game, [renamed.battle]), sideOf: (id) => side.get(id) });
  };

  it('adds up each side\'s losses and names its units lost, routed and rallied and the ground it took', () => {
    const fr = summary('fr');
    expect(fr.turn).toBe(3);
    expect(summaryText(fr)).toEqual([
      'Turn 3',
      'French:',
      '  rallied: 2/45e Ligne',
      '  ground taken: 1/45e Ligne, 2/45e Ligne',
      'Austrians:',
      '  losses: 6 casualties',
      '  units lost: Grenz IR 1',
      '  routed: IR 4',
    ]);
  });

  it('what the viewer may not see is not in its summary, not even as a count', () => {
    const au = summary('au');
    expect(au.sides.find((x) => x.side === 'fr')!.ground).toEqual(['1/45e Ligne']);
    expect(summaryText(au).join('\n')).not.toMatch(/mill|2\/45e Ligne,/);
  });
});

describe('The summary of a turn of a saved SYW battle ((5) Shooting, 6 Melee, 8 Morale)', () => {
  it('finds each ended turn\'s events and counts stands killed per side, with names', () => {
    const r = loadSave(JSON.parse(readFileSync('tests/replay/goldens/syw-kolin-2.save.json', 'utf8')), RULESETS);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const { module, history, setup } = r.value;
    const last = lastEndedTurn(history);
    expect(last).toBeGreaterThan(2);
    const side = new Map([...setup.units, ...setup.generals].map((p) => [p.id, p.side] as const));
    let killed = 0;
    for (let t = 1; t <= last; t++) {
      const evs = turnEvents(history, t);
      expect(evs[0]).toMatchObject({ type: 'TurnStarted', turn: t });
      expect(evs.at(-1)).toMatchObject({ type: 'TurnEnded', turn: t });
      const game = viewFor(module, history.initial, 'referee');
      const s = turnSummary(evs, 'referee', { module, game, names: namesFor(module, game, [setup]), sideOf: (id) => side.get(id) });
      const stands = evs.filter((e) => e.type === 'StandsKilled').reduce((n, e) => n + Number((e as { count?: unknown }).count), 0);
      const counted = s.sides.flatMap((x) => x.casualties).reduce((n, c) => n + Number(c.split(' ')[0]), 0);
      expect(counted).toBe(stands);
      killed += stands;
      for (const line of summaryText(s)) expect(line).not.toMatch(/(?<![\w-])(pr|au)-[a-z]/);
    }
    expect(killed).toBeGreaterThan(0);
  });
});
