/**
 * The units a designer can add, read from each ruleset's own tables: NW from the nation's
 * Preliminary Army Morale List (NW Preparing for Battle §1) with the stand sizes of the chosen
 * scale (NW §5 Stand Sizes) and the stands a unit has (NW §5 Basing); SYW from the unit table
 * (SYW §4, p.9) with its bases (40 mm frontage, depth by type) and unit sizes ((1) Introduction p.4).
 */
import { ARMY_LISTS, type Nation } from '../../rules/napoleonic-warfare/tables/armyLists';
import { BASING } from '../../rules/napoleonic-warfare/tables/troops';
import { SCALE_DISTANCES, type Scale } from '../../rules/napoleonic-warfare/tables/scale';
import { BASES, TROOP_TYPES, UNIT_TABLE, baseDepthMm } from '../../rules/seven-years-war/tables/units';
import type { UnitSpec } from '../schema';

export interface UnitTemplate {
  readonly key: string;
  /** What the designer reads in the list. */
  readonly label: string;
  readonly arm: UnitSpec['arm'];
  readonly troopType: string;
  readonly quality: string;
  readonly stands: number;
  readonly widthMm: number;
  readonly depthMm: number;
  readonly figures: number;
  readonly formation: string;
  readonly ranks?: number;
  readonly extra?: Record<string, unknown>;
  /** Where the numbers come from. */
  readonly rule: string;
}

const IN = 25.4;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** A side's nationality as NW's lists name it. */
export function nwNation(nationality: string): Nation {
  const n = nationality.toLowerCase();
  if (/brit|engl|scot|kgl/.test(n)) return 'britain';
  if (/dutch|belg|nether/.test(n)) return 'dutch-belgian';
  if (/austr/.test(n)) return 'austria';
  if (/russ/.test(n)) return 'russia';
  if (/pruss/.test(n)) return 'prussia';
  return 'france';
}

/** NW: one template per row of the nation's list, its grade for `year`. */
export function nwTemplates(nationality: string, scale: Scale = 'medium', year = 1809, listed?: Nation): UnitTemplate[] {
  const nation = listed ?? nwNation(nationality);
  const bases = SCALE_DISTANCES[scale].bases;
  // NW §5 Basing: French, Russian and British battalions 4-6 stands, Austrian and Prussian 6-8.
  const footStands = nation === 'austria' || nation === 'prussia' ? BASING.foot.standsAustrianPrussian.min : BASING.foot.standsFrenchRussianBritish.min;
  // A "Foot/Horse Artillery" row gives two units to choose from: a foot and a horse battery.
  const rows = ARMY_LISTS[nation].entries.flatMap((e) =>
    /foot\/horse/i.test(e.troop) ? [{ ...e, troop: e.troop.replace(/foot\/horse/i, 'Foot') }, { ...e, troop: e.troop.replace(/foot\/horse/i, 'Horse') }] : [e],
  );
  return rows.map((e): UnitTemplate => {
    const period = e.periods.find((p) => (p.from ?? 0) <= year && year <= (p.to ?? 9999)) ?? e.periods[0]!;
    const arm = e.arm as UnitSpec['arm'];
    const art = arm === 'artillery';
    const horse = /horse/i.test(e.troop);
    const b = art ? bases.artillery : arm === 'cavalry' ? bases.cavalry : bases.foot;
    return {
      key: `nw:${nation}:${slug(e.troop)}`,
      label: `${e.troop} (${period.grade})`,
      arm,
      troopType: art ? (horse ? 'horse-artillery' : 'foot-artillery') : slug(e.troop),
      quality: period.grade,
      // NW §5 Basing: a 6-gun battery is 2 stands of 3 gunners; cavalry 2-4 stands a regiment (3 here).
      stands: art ? BASING.artillery.batteries[0]!.stands : arm === 'cavalry' ? 3 : footStands,
      widthMm: Math.round(b.widthIn * IN * 10) / 10,
      depthMm: Math.round(b.depthIn * IN * 10) / 10,
      figures: art ? BASING.artillery.batteries[0]!.gunnersPerStand : arm === 'cavalry' ? BASING.cavalry.figuresPerStand : BASING.foot.figuresPerStand,
      formation: 'line',
      ...(art ? { extra: { gunSize: horse ? 'horse' : 'medium' } } : {}),
      rule: 'NW Preparing for Battle §1 Army Selection; §5 Stand Sizes, Basing',
    };
  });
}

/** SYW: one template per row of the unit table. */
export function sywTemplates(): UnitTemplate[] {
  return TROOP_TYPES.map((t): UnitTemplate => {
    const row = UNIT_TABLE[t];
    const arm = row.troopClass;
    const light = row.deployment === 'light';
    // (1) Introduction p.4: batteries of 1 base; battalions of 3-4 bases (4 here), lights 2-6 (2 here); cavalry a base a squadron (3 here).
    const stands = arm === 'artillery' ? 1 : arm === 'cavalry' ? 3 : light ? 2 : 4;
    return {
      key: `syw:${t}`,
      label: row.name,
      arm,
      troopType: t,
      quality: 'normal',
      stands,
      widthMm: BASES.frontageMm,
      depthMm: baseDepthMm(t),
      figures: arm === 'artillery' ? 1 : light || arm === 'cavalry' ? 2 : 4,
      formation: 'line',
      ...(arm === 'infantry' && !light ? { ranks: 1 } : {}),
      extra: { drill: 'normal', morale: 'normal' },
      rule: 'SYW §4 unit table (p.9); (1) Introduction (p.4)',
    };
  });
}

/** The templates for a ruleset (by id); a ruleset without tables here gets none. */
export function templatesFor(rulesetId: string, nationality: string): UnitTemplate[] {
  if (rulesetId === 'napoleonic-warfare') return nwTemplates(nationality);
  if (rulesetId === 'seven-years-war') return sywTemplates();
  return [];
}

/** A unit from a template at a pose. */
export function unitFromTemplate(t: UnitTemplate, init: { id: string; name: string; side: string; parent: string; at: UnitSpec['at'] }): UnitSpec {
  return {
    ...init,
    arm: t.arm,
    troopType: t.troopType,
    quality: t.quality,
    formation: t.formation,
    ...(t.ranks !== undefined ? { ranks: t.ranks } : {}),
    stands: Array.from({ length: t.stands }, () => ({ widthMm: t.widthMm, depthMm: t.depthMm, figures: t.figures })),
    ...(t.extra ? { extra: { ...t.extra } } : {}),
  };
}
