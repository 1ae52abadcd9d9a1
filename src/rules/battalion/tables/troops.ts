/**
 * The troop types the text names, and what each is for the tables (BT = the battalion rules,
 * "Movement Phase" table headings, "Attacks per Stand", "Range", "Save", "Armour Save Table").
 */
export const TROOP_TYPES = [
  'light-infantry',
  'line-infantry',
  'grenadiers',
  'light-cavalry',
  'medium-cavalry',
  'heavy-cavalry',
  'light-artillery',
  'horse-artillery',
  'heavy-artillery',
  'howitzers',
  'rockets',
] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

export type ArmOf = 'infantry' | 'cavalry' | 'artillery';
export const ARM: Record<TroopType, ArmOf> = {
  'light-infantry': 'infantry',
  'line-infantry': 'infantry',
  grenadiers: 'infantry',
  'light-cavalry': 'cavalry',
  'medium-cavalry': 'cavalry',
  'heavy-cavalry': 'cavalry',
  'light-artillery': 'artillery',
  'horse-artillery': 'artillery',
  'heavy-artillery': 'artillery',
  howitzers: 'artillery',
  rockets: 'artillery',
};

/**
 * The column of the movement table each type moves by (BT Movement Phase table headings:
 * Light Inf, Inf/Gren, Light C., Med C. Horse A, Heavy C., Light A., Heavy A.). Howitzers and
 * rockets are "Heavy artillery" by their own headings (BT Special Rules).
 */
export type MoveColumn = 'lightInf' | 'infGren' | 'lightCav' | 'medCavHorseArt' | 'heavyCav' | 'lightArt' | 'heavyArt';
export const MOVE_COLUMN: Record<TroopType, MoveColumn> = {
  'light-infantry': 'lightInf',
  'line-infantry': 'infGren',
  grenadiers: 'infGren',
  'light-cavalry': 'lightCav',
  'medium-cavalry': 'medCavHorseArt',
  'heavy-cavalry': 'heavyCav',
  'light-artillery': 'lightArt',
  'horse-artillery': 'medCavHorseArt',
  'heavy-artillery': 'heavyArt',
  howitzers: 'heavyArt',
  rockets: 'heavyArt',
};

export const QUALITIES = ['conscript', 'trained', 'veteran'] as const;
export type Quality = (typeof QUALITIES)[number];
