/**
 * DoG Nationality Tables ("My thanks to Dave Zimmer for compiling the following nationality
 * tables"): per nation and troop type, Fire, Impact, Confused, Morale and Control. A blank Fire or
 * Impact cell is `undefined`: the troop type has none (shared/rules/README.md). "+-1" in the
 * Control column is read as -1 (RULINGS.md). Tags (what the row is: an arm, heavy or light horse,
 * lancers, cuirassiers, Cossacks, rifles, skirmishers, foot or horse guns) come from the row's name
 * and the section it sits in; the text's own modifiers ask for them (DoG Fire Modifiers, Melee
 * Modifiers, Charge Reaction Test).
 */
export const NATION_RULE = 'DoG Nationality Tables';

export type Arm = 'infantry' | 'cavalry' | 'artillery';
export type Tag = 'heavy' | 'light' | 'lancer' | 'cuirassier' | 'cossack' | 'rifles' | 'skirmish' | 'horse' | 'landwehr' | 'militia';

export interface TroopRow {
  readonly name: string;
  readonly arm: Arm;
  readonly fire?: number;
  readonly impact?: number;
  readonly confused?: number;
  /** Tens of percent: 7 = 70% (DoG Morale "10 = pass on 100% and below; 5 = pass on 50% and below"). */
  readonly morale: number;
  readonly control: number;
  readonly tags: readonly Tag[];
}

/** The FORMATION CHANGES columns: infantry (and foot guns) Brit/Fr, Russ, Pr/Au; cavalry (and horse guns) Brit, Fr/Russ, Pr/Au (RULINGS.md). */
export type InfantryDrill = 'britFr' | 'russ' | 'prAu';
export type CavalryDrill = 'brit' | 'frRuss' | 'prAu';

export interface NationTable {
  readonly name: string;
  /** Which FORMATION CHANGES column the nation's infantry, cavalry and artillery use (DoG FORMATION CHANGES, Note). */
  readonly drill: { readonly infantry: InfantryDrill; readonly cavalry: CavalryDrill; readonly footArtillery: InfantryDrill; readonly horseArtillery: CavalryDrill };
  /** DoG Charge Reaction Test "+20% British", Fire "+2 British infantry in line", Morale "+10% British receiving charge". */
  readonly british?: boolean;
  /** Rows by arm, as the text sets them out (its FIRE, CAVALRY and ARTILLERY sections), keyed by a slug of the printed name. */
  readonly troops: Readonly<Record<Arm, Readonly<Record<string, TroopRow>>>>;
}

const r = (name: string, arm: Arm, fire: number | undefined, impact: number | undefined, confused: number | undefined, morale: number, control: number, ...tags: Tag[]): TroopRow => ({
  name, arm, ...(fire !== undefined ? { fire } : {}), ...(impact !== undefined ? { impact } : {}), ...(confused !== undefined ? { confused } : {}), morale, control, tags,
});
const _ = undefined;

/** Rows keyed by a slug of the printed name; the order is the text's. */
export const NATIONS: Readonly<Record<string, NationTable>> = {
  britain: {
    name: 'Britain', british: true, drill: { infantry: 'britFr', cavalry: 'brit', footArtillery: 'britFr', horseArtillery: 'brit' },
    troops: {
      infantry: {
        'foot-guard': r('Foot Guard', 'infantry', 4, 4, 5, 10, -1),
        fusilier: r('Fusilier', 'infantry', 3, 3, 4, 9, 1),
        grenadier: r('Grenadier', 'infantry', 3, 2, 3, 8, 1),
        line: r('Line', 'infantry', 2, 1, 2, 7, 2),
        light: r('Light', 'infantry', 3, 1, 2, 8, 2, 'skirmish'),
        highlander: r('Highlander', 'infantry', 2, 3, 4, 8, 3),
        rifles: r('Rifles', 'infantry', 1, 1, 2, 10, 2, 'rifles', 'skirmish'),
      },
      cavalry: {
        household: r('Household', 'cavalry', 2, 5, 6, 10, 1, 'heavy'),
        'dragoon-guard': r('Dragoon Guard', 'cavalry', 1, 4, 5, 9, 2, 'heavy'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 8, 4, 'heavy'),
        'light-dragoon': r('Light Dragoon', 'cavalry', 1, 2, 3, 7, 5, 'light'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 8, 5, 'light'),
      },
      artillery: {
        ra: r('RA', 'artillery', 2, _, 2, 7, 2),
        rha: r('RHA', 'artillery', 3, _, 2, 8, 3, 'horse'),
      },
    },
  },
  france: {
    name: 'France', drill: { infantry: 'britFr', cavalry: 'frRuss', footArtillery: 'britFr', horseArtillery: 'frRuss' },
    troops: {
      infantry: {
        'old-guard': r('Old Guard', 'infantry', 3, 4, 5, 10, -1),
        'middle-guard': r('Middle Guard', 'infantry', 3, 3, 4, 9, 1),
        'young-guard': r('Young Guard', 'infantry', 2, 2, 3, 8, 1),
        grenadier: r('Grenadier', 'infantry', 2, 2, 3, 7, 1),
        carabinier: r('Carabinier', 'infantry', 3, 2, 3, 8, 1, 'skirmish'),
        fusilier: r('Fusilier', 'infantry', 1, 2, 1, 6, 3),
        chasseur: r('Chasseur', 'infantry', 2, 2, 1, 7, 3, 'skirmish'),
        voltigeur: r('Voltigeur', 'infantry', 3, 2, 3, 8, 2, 'skirmish'),
        'foot-dragoon': r('Foot Dragoon', 'infantry', 1, 2, 1, 5, 2),
      },
      cavalry: {
        'guard-grenadier': r('Guard Grenadier', 'cavalry', 2, 5, 6, 10, -1, 'heavy'),
        'guard-dragoon': r('Guard Dragoon', 'cavalry', 2, 4, 5, 9, 1, 'heavy'),
        'guard-lancer': r('Guard Lancer', 'cavalry', 1, 6, 4, 9, 1, 'light', 'lancer'),
        'guard-light': r('Guard Light', 'cavalry', 1, 3, 4, 9, 2, 'light'),
        cuirassier: r('Cuirassier', 'cavalry', _, 4, 5, 8, 1, 'heavy', 'cuirassier'),
        'carabinier-pre-1810': r('Carabinier pre-1810', 'cavalry', 1, 3, 4, 8, 1, 'heavy'),
        'carabinier-1810-15': r('Carabinier 1810-15', 'cavalry', 1, 4, 5, 8, 1, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 7, 1, 'heavy'),
        lancer: r('Lancer', 'cavalry', 1, 4, 3, 7, 2, 'light', 'lancer'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 7, 3, 'light'),
        chasseur: r('Chasseur', 'cavalry', 1, 2, 3, 7, 3, 'light'),
      },
      artillery: {
        'guard-foot': r('Guard Foot', 'artillery', 3, _, 3, 9, -1),
        'guard-horse': r('Guard Horse', 'artillery', 3, _, 2, 10, 1, 'horse'),
        'line-foot': r('Line Foot', 'artillery', 2, _, 2, 8, 1),
        'line-horse': r('Line Horse', 'artillery', 2, _, 1, 9, 2, 'horse'),
      },
    },
  },
  austria: {
    name: 'Austria', drill: { infantry: 'prAu', cavalry: 'prAu', footArtillery: 'prAu', horseArtillery: 'prAu' },
    troops: {
      infantry: {
        grenadier: r('Grenadier', 'infantry', 2, 3, 4, 8, 1),
        fusilier: r('Fusilier', 'infantry', 1, 2, 1, 5, 2),
        light: r('Light', 'infantry', 1, 2, 1, 5, 3, 'skirmish'),
        jager: r('Jager', 'infantry', 2, 3, 2, 7, 2, 'rifles', 'skirmish'),
      },
      cavalry: {
        cuirassier: r('Cuirassier', 'cavalry', _, 4, 9, 9, 1, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 7, 7, 1, 'heavy'),
        uhlan: r('Uhlan', 'cavalry', _, 4, 7, 7, 2, 'light', 'lancer'),
        hussar: r('Hussar', 'cavalry', 1, 2, 8, 8, 3, 'light'),
      },
      artillery: {
        heavy: r('Heavy', 'artillery', 1, _, 1, 6, 1),
        light: r('Light', 'artillery', 1, _, _, 7, 2),
      },
    },
  },
  prussia: {
    name: 'Prussia', drill: { infantry: 'prAu', cavalry: 'prAu', footArtillery: 'prAu', horseArtillery: 'prAu' },
    troops: {
      infantry: {
        guard: r('Guard', 'infantry', 3, 3, 4, 9, -1),
        grenadier: r('Grenadier', 'infantry', 2, 2, 3, 8, 1),
        musketeer: r('Musketeer', 'infantry', 1, 1, 2, 6, 2),
        fusilier: r('Fusilier', 'infantry', 1, 1, 2, 7, 2, 'skirmish'),
        jager: r('Jager', 'infantry', 2, 1, 2, 8, 2, 'rifles', 'skirmish'),
        landwehr: r('Landwehr', 'infantry', 1, 1, 2, 5, 4, 'landwehr'),
      },
      cavalry: {
        cuirassier: r('Cuirassier', 'cavalry', _, 4, 5, 9, 1, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 8, 1, 'heavy'),
        uhlan: r('Uhlan', 'cavalry', _, 4, 3, 7, 2, 'light', 'lancer'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 7, 3, 'light'),
        jager: r('Jager', 'cavalry', 1, 2, 3, 8, 3, 'light'),
      },
      artillery: {
        heavy: r('Heavy', 'artillery', 2, _, 2, 7, 1),
        light: r('Light', 'artillery', 2, _, 1, 8, 2, 'horse'),
      },
    },
  },
  russia: {
    name: 'Russia', drill: { infantry: 'russ', cavalry: 'frRuss', footArtillery: 'russ', horseArtillery: 'frRuss' },
    troops: {
      infantry: {
        'guard-grenadier': r('Guard Grenadier', 'infantry', 2, 4, 5, 10, -1),
        'guard-jager': r('Guard Jager', 'infantry', 3, 3, 3, 9, 1, 'skirmish'),
        grenadier: r('Grenadier', 'infantry', 2, 3, 4, 8, 1),
        musketeer: r('Musketeer', 'infantry', 1, 2, 3, 7, 2),
        'jager-grenadier': r('Jager-Grenadier', 'infantry', 2, 3, 4, 8, 2),
        jager: r('Jager', 'infantry', 2, 2, 3, 7, 3, 'skirmish'),
      },
      cavalry: {
        'guard-cuirassier': r('Guard Cuirassier', 'cavalry', _, 5, 6, 10, -1, 'heavy', 'cuirassier'),
        'guard-dragoon': r('Guard Dragoon', 'cavalry', 1, 4, 5, 9, 1, 'heavy'),
        cuirassier: r('Cuirassier', 'cavalry', 1, 4, 5, 8, 1, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 7, 2, 'heavy'),
        'guard-uhlan': r('Guard Uhlan', 'cavalry', _, 5, 4, 9, 1, 'light', 'lancer'),
        uhlan: r('Uhlan', 'cavalry', _, 4, 3, 8, 2, 'light', 'lancer'),
        'guard-light': r('Guard Light', 'cavalry', 1, 3, 3, 9, 1, 'light'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 8, 3, 'light'),
        'guard-cossack': r('Guard Cossack', 'cavalry', _, 4, 2, 9, 3, 'light', 'cossack'),
        cossack: r('Coassck', 'cavalry', _, 3, 1, 8, 4, 'light', 'cossack'),
      },
      artillery: {
        position: r('Position', 'artillery', 2, _, 3, 7, 1),
        'guard-light': r('Guard Light', 'artillery', 3, _, 3, 9, 1),
        light: r('Light', 'artillery', 2, _, 2, 7, 1),
        horse: r('Horse', 'artillery', 2, _, 1, 8, 2, 'horse'),
      },
    },
  },
  rhine: {
    name: 'Confederation of the Rhine and Italy', drill: { infantry: 'britFr', cavalry: 'frRuss', footArtillery: 'britFr', horseArtillery: 'frRuss' },
    troops: {
      infantry: {
        'guard-grenadier': r('Guard Grenadier', 'infantry', 3, 3, 4, 9, 1),
        'guard-fusilier': r('Guard Fusilier', 'infantry', 2, 2, 3, 8, 1),
        grenadier: r('Grenadier', 'infantry', 2, 2, 3, 7, 2),
        fusilier: r('Fusilier', 'infantry', 1, 1, 2, 7, 2),
        musketeer: r('Musketeer', 'infantry', 1, 1, 2, 6, 3),
        jager: r('Jager', 'infantry', 2, 1, 2, 7, 3, 'skirmish'),
      },
      cavalry: {
        'guard-cuirassier': r('Guard Cuirassier', 'cavalry', 2, 5, 6, 9, 1, 'heavy', 'cuirassier'),
        'guard-heavy': r('Guard Heavy', 'cavalry', 2, 4, 5, 8, 1, 'heavy'),
        cuirassier: r('Cuirassier', 'cavalry', 1, 4, 5, 7, 2, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 6, 2, 'heavy'),
        'guard-lancer': r('Guard Lancer', 'cavalry', 1, 5, 3, 8, 2, 'light', 'lancer'),
        lancer: r('Lancer', 'cavalry', 1, 4, 2, 6, 3, 'light', 'lancer'),
        'guard-light': r('Guard Light', 'cavalry', 1, 3, 4, 8, 2, 'light'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 7, 3, 'light'),
      },
      artillery: {
        'guard-foot': r('Guard Foot', 'artillery', 2, _, 2, 8, 1),
        'guard-horse': r('Guard Horse', 'artillery', 2, _, 1, 9, 1, 'horse'),
        'line-foot': r('Line Foot', 'artillery', 1, _, 1, 6, 1),
        'line-horse': r('Line Horse', 'artillery', 1, _, 0, 7, 2, 'horse'),
      },
    },
  },
  poland: {
    name: 'Poland', drill: { infantry: 'britFr', cavalry: 'frRuss', footArtillery: 'britFr', horseArtillery: 'frRuss' },
    troops: {
      infantry: {
        grenadier: r('Grenadier', 'infantry', 3, 3, 4, 8, -1),
        fusilier: r('Fusilier', 'infantry', 1, 2, 3, 7, 1),
        voltigeur: r('Voltigeur', 'infantry', 3, 2, 3, 8, 2, 'skirmish'),
      },
      cavalry: {
        'guard-lancer': r('Guard Lancer', 'cavalry', 1, 6, 4, 9, 1, 'light', 'lancer'),
        lancer: r('Lancer', 'cavalry', 1, 4, 3, 7, 2, 'light', 'lancer'),
        cuirassier: r('Cuirassier', 'cavalry', _, 4, 5, 8, 1, 'heavy', 'cuirassier'),
        chasseur: r('Chasseur', 'cavalry', 1, 2, 3, 7, 3, 'light'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 8, 4, 'light'),
        krakus: r('Krakus', 'cavalry', 1, 3, 2, 8, 4, 'light', 'cossack'),
        tartar: r('Tartar', 'cavalry', 1, 3, 2, 9, 3, 'light', 'cossack'),
      },
      artillery: {
        foot: r('Foot', 'artillery', 2, _, 2, 7, 1),
        horse: r('Horse', 'artillery', 2, _, 1, 8, 2, 'horse'),
      },
    },
  },
  portugal: {
    name: 'Portugal', drill: { infantry: 'britFr', cavalry: 'brit', footArtillery: 'britFr', horseArtillery: 'brit' },
    troops: {
      infantry: {
        line: r('Line', 'infantry', 1, 1, 2, 6, 2),
        cacadore: r('Cacadore', 'infantry', 2, 1, 2, 7, 3, 'rifles', 'skirmish'),
        atiradore: r('Atiradore', 'infantry', 3, 1, 2, 8, 2, 'skirmish'),
      },
      cavalry: {
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 7, 3, 'heavy'),
      },
      artillery: {
        heavy: r('Heavy', 'artillery', 1, _, 2, 6, 2),
        light: r('Light', 'artillery', 2, _, 1, 7, 3, 'horse'),
      },
    },
  },
  scandinavia: {
    name: 'Scandinavia', drill: { infantry: 'russ', cavalry: 'frRuss', footArtillery: 'prAu', horseArtillery: 'prAu' },
    troops: {
      infantry: {
        grenadier: r('Grenadier', 'infantry', 2, 2, 3, 8, 1),
        musketeer: r('Musketeer', 'infantry', 1, 1, 2, 7, 2),
        voltigeur: r('Voltigeur', 'infantry', 3, 1, 2, 8, 2, 'skirmish'),
      },
      cavalry: {
        'life-guard': r('Life Guard', 'cavalry', 1, 4, 5, 9, 1, 'heavy'),
        dragoon: r('Dragoon', 'cavalry', 1, 3, 4, 8, 2, 'heavy'),
        hussar: r('Hussar', 'cavalry', 1, 2, 3, 8, 3, 'light'),
      },
      artillery: {
        heavy: r('Heavy', 'artillery', 2, _, 2, 7, 1),
        light: r('Light', 'artillery', 2, _, 1, 7, 2, 'horse'),
      },
    },
  },
  spain: {
    name: 'Spain / Naples', drill: { infantry: 'prAu', cavalry: 'prAu', footArtillery: 'prAu', horseArtillery: 'prAu' },
    troops: {
      infantry: {
        guard: r('Guard', 'infantry', 2, 1, 2, 7, 1),
        grenadier: r('Grenadier', 'infantry', 1, 1, 2, 6, 0),
        line: r('Line', 'infantry', 0, 0, 1, 5, 1),
        light: r('Light', 'infantry', 1, 0, 1, 6, 1, 'skirmish'),
        militia: r('Militia', 'infantry', 0, 0, 1, 4, 2, 'militia'),
        guerrilla: r('Guerrilla', 'infantry', 2, 0, 1, 5, 0, 'skirmish'),
      },
      cavalry: {
        guard: r('Guard', 'cavalry', _, 3, 4, 6, 1, 'heavy'),
        cuirassier: r('Cuirassier', 'cavalry', 0, 2, 3, 5, 0, 'heavy', 'cuirassier'),
        dragoon: r('Dragoon', 'cavalry', 0, 2, 2, 5, 0, 'heavy'),
        lancer: r('Lancer', 'cavalry', 0, 2, 1, 5, 0, 'light', 'lancer'),
        hussar: r('Hussar', 'cavalry', 0, 1, 1, 4, 1, 'light'),
      },
      artillery: {
        foot: r('Foot', 'artillery', 1, _, 1, 6, 1),
        horse: r('Horse', 'artillery', 1, _, 1, 7, 2, 'horse'),
      },
    },
  },
};
