/**
 * What the marks on the table mean, as data: the colour of every overlay, marker chip, ring and
 * line the scene draws, with the words a legend shows beside it. The scene draws from these
 * colours and the legend panel reads them, so the two cannot disagree.
 */
import type { Marker, Overlay } from '../engine/ruleset';
import { PALETTE } from './palette';

export interface KeyEntry {
  readonly colour: number;
  /** How it is drawn, for the legend's swatch. */
  readonly shape: 'area' | 'line' | 'dashed' | 'ring' | 'dot' | 'square' | 'chip';
  readonly label: string;
  readonly meaning: string;
}

/** The selected piece's ranges, from the ruleset's table adapter. */
export const OVERLAY_KEY: Readonly<Record<Overlay['kind'], KeyEntry>> = {
  fire: { colour: 0xff7043, shape: 'area', label: 'Firing arc', meaning: 'where the selected piece may shoot, to its range' },
  charge: { colour: 0xffd34d, shape: 'area', label: 'Charge reach', meaning: 'how far the selected piece may charge' },
  command: { colour: 0x64b5f6, shape: 'area', label: 'Command radius', meaning: 'the pieces a general commands' },
  engagement: { colour: 0xba68c8, shape: 'area', label: 'Engagement zone', meaning: 'where enemies restrict the selected piece' },
  move: { colour: 0x81c784, shape: 'area', label: 'Movement', meaning: 'where the selected piece may move this step' },
  zone: { colour: 0xb0bec5, shape: 'area', label: 'Zone', meaning: 'a deployment or objective area' },
};

/** The chips on pieces, by kind; each chip's own text and meaning come from the ruleset. */
export const MARKER_KEY: Readonly<Record<Marker['kind'], KeyEntry>> = {
  state: { colour: 0xff8a65, shape: 'chip', label: 'State', meaning: 'disorder, rout, square and other states' },
  order: { colour: 0xfff59d, shape: 'chip', label: 'Order', meaning: 'the order a piece is under ("?" while face down)' },
  casualties: { colour: 0xef9a9a, shape: 'chip', label: 'Casualties', meaning: 'losses the piece has taken' },
  ammunition: { colour: 0xb0bec5, shape: 'chip', label: 'Ammunition', meaning: 'low or spent ammunition' },
  general: { colour: 0x90caf9, shape: 'chip', label: 'General', meaning: 'a general and his rank' },
  other: { colour: 0xe0e0e0, shape: 'chip', label: 'Other', meaning: 'anything else the ruleset marks' },
};

/** The rings, handles and lines of selection and the tools. */
export const TABLE_KEY = {
  selection: { colour: PALETTE.selection, shape: 'ring', label: 'Selected', meaning: 'the piece you act with' },
  rotate: { colour: PALETTE.handle, shape: 'dot', label: 'Turn handle', meaning: 'drag to turn about the centre' },
  wheel: { colour: PALETTE.handle, shape: 'square', label: 'Wheel handles', meaning: 'drag to wheel about the other front corner' },
  path: { colour: 0xffffff, shape: 'line', label: 'Move', meaning: 'the drag in progress, from where the piece stood' },
  illegal: { colour: 0xff5252, shape: 'line', label: 'Not allowed', meaning: 'a drag the rules refuse (the read-out says why)' },
  tape: { colour: 0xffe082, shape: 'line', label: 'Tape (M)', meaning: 'distance between two points or stands' },
  sight: { colour: 0x69f0ae, shape: 'line', label: 'In sight (V)', meaning: 'line of sight is clear' },
  blocked: { colour: 0xff5252, shape: 'dashed', label: 'Blocked (V)', meaning: 'where and by what a line of sight is blocked' },
} as const satisfies Readonly<Record<string, KeyEntry>>;

/** '#rrggbb' for the DOM. */
export const cssColour = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
