/**
 * Reading a scenario unit as NW troops: grade, troop type, weapon, gun size, nation.
 * Scenario vocabulary (troopType, quality strings) is mapped here; RULINGS.md lists the aliases.
 */
import type { Stand, Unit } from '../../engine/model';
import { inches } from '../../geometry/types';
import { SCALE_DISTANCES, type Scale } from './tables/scale';
import type { GunSize } from './tables/fire';
import type { Grade } from './tables/troops';
import { GRADES, STRENGTH_PER_STAND } from './tables/troops';
import type { CavalryWeight, NwProfile } from './types';

const GRADE_ALIASES: Readonly<Record<string, Grade>> = {
  'old-guard': 'veteran-guard',
  'veteran-guards': 'veteran-guard',
  guards: 'guard',
  elites: 'elite',
  grenadier: 'elite',
  veterans: 'veteran',
  '1st-rate': 'line-1st',
  'first-rate': 'line-1st',
  line: 'line-1st',
  trained: 'line-1st',
  regular: 'line-1st',
  '2nd-rate': 'line-2nd',
  'second-rate': 'line-2nd',
  green: 'line-2nd',
  raw: 'conscript',
  conscripts: 'conscript',
  landwehr: 'militia',
  levy: 'militia',
};

export function gradeOf(quality: string): Grade | undefined {
  const q = quality.trim().toLowerCase().replace(/[\s_]+/g, '-');
  if ((GRADES as readonly string[]).includes(q)) return q as Grade;
  return GRADE_ALIASES[q];
}

function nationOf(n: string): NwProfile['nation'] {
  const s = n.toLowerCase();
  if (s.startsWith('fren') || s === 'fr' || s === 'france') return 'french';
  if (s.startsWith('russ')) return 'russian';
  if (s.startsWith('brit') || s.includes('kgl') || s.startsWith('engl')) return 'british';
  if (s.startsWith('aust')) return 'austrian';
  if (s.startsWith('prus')) return 'prussian';
  return 'other';
}

const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** The NW profile of a unit, or a sentence saying why it cannot be read. */
export function profileOf(u: Unit, sideNationality: string): NwProfile | string {
  const grade = gradeOf(u.quality);
  if (!grade) return `quality "${u.quality}" is not an NW grade (${GRADES.join(', ')} or an alias).`;
  const tt = u.troopType.toLowerCase();
  const nation = nationOf(u.nationality || sideNationality);
  const british = nation === 'british' || tt.includes('kgl') || str(u.extra['nation'])?.toLowerCase() === 'kgl';
  if (u.arm === 'infantry') {
    const rifle = tt.includes('rifle') || tt.includes('jager') || tt.includes('jaeger') || str(u.extra['weapon']) === 'rifle';
    return {
      grade, troop: 'foot', foot: true, mounted: false, artillery: false, lancers: false,
      lightInfantry: tt.includes('light') || tt.includes('leger') || tt.includes('jager') || tt.includes('jaeger') || tt.includes('rifle') || tt.includes('grenz'),
      weapon: rifle ? 'rifle' : 'musket', oldGuardArtillery: false, british, nation,
      strengthPerStand: STRENGTH_PER_STAND.foot,
    };
  }
  if (u.arm === 'cavalry') {
    const weight: CavalryWeight = tt.includes('light') || tt.includes('hussar') || tt.includes('chasseur') || tt.includes('uhlan') || tt.includes('cossack') ? 'light'
      : tt.includes('heavy') || tt.includes('cuirass') || tt.includes('carabin') || tt.includes('household') ? 'heavy' : 'medium';
    return {
      grade, troop: weight === 'light' ? 'light-cavalry' : 'cavalry', foot: false, mounted: true, artillery: false, cavalryWeight: weight,
      lancers: tt.includes('lanc') || tt.includes('uhlan') || u.extra['lancers'] === true,
      lightInfantry: false, weapon: 'carbine', oldGuardArtillery: false, british, nation,
      strengthPerStand: STRENGTH_PER_STAND.cavalry,
    };
  }
  if (u.arm === 'artillery') {
    const horse = tt.includes('horse');
    const gs = str(u.extra['gunSize']);
    const gunSize: GunSize = gs === 'heavy' || gs === 'medium' || gs === 'light' || gs === 'horse' ? gs : horse ? 'horse' : 'light';
    const gunners = u.stands[0]?.figures ?? 3;
    // NW Basing: "one gun model on a stand with from 2 to 4 crew, representing the number of gun tubes".
    const guns = typeof u.extra['guns'] === 'number' && u.extra['guns'] > 0 ? u.extra['guns'] : u.stands.reduce((n, s) => n + gunnersOf(s.figures), 0);
    return {
      grade, troop: horse ? 'horse-artillery' : 'line-artillery', foot: false, mounted: false, artillery: true,
      lancers: false, lightInfantry: false, weapon: 'guns', gunSize,
      oldGuardArtillery: grade === 'veteran-guard' || u.extra['oldGuard'] === true, british, nation,
      strengthPerStand: gunners * STRENGTH_PER_STAND.artilleryPerGunner,
      batteryGuns: guns,
    };
  }
  return `arm "${u.arm}" is not an NW troop type.`;
}

/** Gunners on an artillery stand (NW §5 Basing: 2-4 crew figures). */
export const gunnersOf = (figures: number | undefined): number => Math.min(4, Math.max(2, figures ?? 3));

/**
 * NW §4 Strength note: "Dismounted cavalry forms up as equivalent Infantry with 3 strength points
 * per stand"; Weaponry: the carbine is "usable when dismounted". Moves, fights and is shot at as foot.
 */
export function dismountedProfile(p: NwProfile): NwProfile {
  const { cavalryWeight: _w, ...rest } = p;
  return { ...rest, troop: 'foot', foot: true, mounted: false, lancers: false, lightInfantry: false, weapon: 'carbine', strengthPerStand: STRENGTH_PER_STAND.cavalry };
}

/**
 * NW Basing 4: "Horse Artillery may be placed on the same width stands as foot/cavalry, but count as
 * 3 stands of TWO gunners each for firing purposes if a 6-gun battery, otherwise as 2 stands of 3
 * gunners each." A horse battery is on foot/cavalry-width stands when its widest stand is narrower
 * than 1¼ times the scale's foot/cavalry base width (halfway to the text's 1½-times artillery stand; RULINGS).
 * Returns how the battery counts for firing, or undefined when it fires as based.
 */
export function narrowHorseBattery(p: NwProfile, u: Unit, scale: Scale): { countAsStands: number; gunners: number } | undefined {
  if (p.troop !== 'horse-artillery' || u.stands.length === 0) return undefined;
  const b = SCALE_DISTANCES[scale].bases;
  const narrowBelowMm = inches(Math.max(b.foot.widthIn, b.cavalry.widthIn) * NARROW_FACTOR);
  if (Math.max(...u.stands.map((s) => s.widthMm)) >= narrowBelowMm) return undefined;
  return p.batteryGuns === 6 ? { countAsStands: 3, gunners: 2 } : { countAsStands: 2, gunners: 3 };
}

/** Below 1¼ times the foot/cavalry base width a stand is "the same width" as foot/cavalry (RULINGS). */
export const NARROW_FACTOR = 1.25;

/**
 * NW Basing 4 for one volley: how many stands `firingStands` of the battery count as, and the
 * gunners on each. A narrow horse battery's stands each count for countAsStands / startStands of
 * the battery's stands (rounded up, NW §7); any other artillery counts its stands and the crew on
 * the firing stand.
 */
export function artilleryFiring(p: NwProfile, u: Unit, scale: Scale, startStands: number, firingStands: number, stand?: Stand): { stands: number; gunners: number } {
  const hb = narrowHorseBattery(p, u, scale);
  if (!hb) return { stands: firingStands, gunners: stand?.figures ?? 3 };
  return { stands: Math.ceil((firingStands * hb.countAsStands) / Math.max(1, startStands) - 1e-9), gunners: hb.gunners };
}
