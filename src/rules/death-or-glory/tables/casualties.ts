/**
 * DoG CHARTS AND TABLES: the CASUALTY CHART (for infantry fire and melée combat), by score -10..10
 * and number of figures firing or melee head count 1..12; and Casualties from Artillery Fire, by
 * score and number of guns in the battery 1..8. Cells are men (a figure is 30 men: DoG Basing and
 * Scale). Scores beyond the chart read its last row; more figures or guns than its columns are
 * read as the sum of full columns and the rest (RULINGS.md).
 */
export const CASUALTY_RULE = 'DoG CASUALTY CHART (infantry fire and melée)';
export const ARTILLERY_CASUALTY_RULE = 'DoG Casualties from Artillery Fire';

/** Score -10 first, then -9 … 10; each row 12 columns (1..12 figures). */
export const CASUALTY_CHART: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5],
  [0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5],
  [0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5],
  [0, 0, 0, 5, 5, 5, 5, 5, 5, 5, 5, 10],
  [0, 0, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10],
  [0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 15, 15],
  [0, 5, 5, 5, 5, 10, 10, 10, 15, 15, 15, 15],
  [0, 5, 5, 5, 10, 10, 10, 15, 15, 15, 20, 20],
  [0, 5, 5, 10, 10, 10, 15, 15, 20, 20, 20, 25],
  [5, 5, 5, 10, 10, 15, 15, 20, 20, 25, 25, 25],
  [5, 5, 10, 10, 15, 15, 20, 25, 25, 30, 30, 35],
  [5, 5, 10, 15, 15, 20, 25, 25, 30, 35, 35, 40],
  [5, 10, 15, 20, 25, 30, 30, 35, 40, 45, 50, 55],
  [5, 10, 15, 20, 30, 35, 40, 45, 50, 55, 65, 70],
  [5, 15, 20, 30, 40, 45, 50, 55, 60, 70, 80, 85],
  [10, 15, 25, 35, 45, 50, 60, 70, 75, 85, 95, 100],
  [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120],
  [10, 25, 35, 45, 55, 70, 80, 90, 100, 115, 125, 135],
  [15, 30, 45, 55, 70, 85, 100, 115, 130, 140, 156, 170],
  [15, 35, 50, 70, 85, 100, 120, 135, 155, 170, 190, 205],
];

/** Score -10 first, then -9 … 10; each row 8 columns (1..8 guns). */
export const ARTILLERY_CHART: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0, 0, 5, 5, 5],
  [0, 0, 0, 0, 5, 5, 5, 5],
  [0, 0, 0, 5, 5, 5, 5, 5],
  [0, 5, 5, 5, 5, 10, 10, 10],
  [0, 5, 5, 10, 10, 10, 15, 15],
  [5, 5, 10, 10, 15, 15, 20, 20],
  [5, 5, 10, 15, 15, 20, 25, 25],
  [5, 10, 10, 15, 20, 25, 30, 30],
  [5, 10, 15, 20, 25, 30, 35, 40],
  [5, 10, 15, 20, 25, 30, 35, 45],
  [5, 15, 20, 25, 35, 40, 40, 55],
  [10, 15, 25, 30, 40, 50, 55, 65],
  [10, 20, 30, 45, 55, 65, 75, 85],
  [15, 25, 40, 55, 65, 80, 95, 105],
  [15, 35, 50, 65, 85, 100, 115, 135],
  [20, 40, 60, 80, 100, 120, 140, 160],
  [25, 45, 70, 95, 115, 140, 165, 185],
  [25, 55, 80, 105, 135, 160, 185, 215],
  [35, 65, 100, 135, 165, 200, 235, 265],
  [40, 80, 120, 160, 200, 240, 280, 320],
];

export const MIN_SCORE = -10;
export const MAX_SCORE = 10;

export interface ChartReading {
  /** The score read (clamped to the chart). */
  readonly score: number;
  /** The columns read: full columns then the rest. */
  readonly columns: readonly number[];
  readonly men: number;
}

/** Read a chart: the score clamped to -10..10; `count` split into full columns and the rest. */
export function readChart(chart: readonly (readonly number[])[], score: number, count: number): ChartReading {
  const s = Math.max(MIN_SCORE, Math.min(MAX_SCORE, Math.round(score)));
  const row = chart[s - MIN_SCORE]!;
  const width = row.length;
  const columns: number[] = [];
  let left = Math.max(0, Math.floor(count));
  while (left > 0) { const c = Math.min(width, left); columns.push(c); left -= c; }
  const men = columns.reduce((a, c) => a + row[c - 1]!, 0);
  return { score: s, columns, men };
}
