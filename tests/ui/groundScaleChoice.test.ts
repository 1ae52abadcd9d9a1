/**
 * The editor's ground scale (issue 20, Table: "size and ground scale"): a choice among the values
 * the chosen rulesets' scenarios use, each with its unit, and the scenario's own value kept.
 */
import { describe, expect, it } from 'vitest';
import { groundScaleChoices, groundScaleLabel } from '../../src/ui/editor/groundScale';

const sc = (rulesets: string[], metresPerMm?: number) => ({ rulesets, text: JSON.stringify({ table: { widthMm: 1000, depthMm: 600, ...(metresPerMm !== undefined ? { metresPerMm } : {}) } }) });
const rulesets = [{ id: 'nw', name: 'Napoleonic Warfare' }, { id: 'syw', name: 'Seven Years War 2.4' }];

describe('The ground scale is a choice with its unit', () => {
  it('says what a millimetre of table stands for', () => {
    expect(groundScaleLabel(2.5)).toBe('1 mm = 2.5 m of ground (1:2,500)');
    expect(groundScaleLabel(1)).toBe('1 mm = 1 m of ground (1:1,000)');
  });
  it('offers the values of the chosen rulesets\' scenarios, each once with where it is known from, and keeps the scenario\'s own', () => {
    const all = [sc(['nw'], 2.5), sc(['nw'], 2.5), sc(['syw'], 1), sc(['syw']), sc(['other'], 7)];
    expect(groundScaleChoices(all, rulesets, ['nw', 'syw'], 2.5)).toEqual([
      { metresPerMm: 1, label: '1 mm = 1 m of ground (1:1,000)', from: 'Seven Years War 2.4 scenarios' },
      { metresPerMm: 2.5, label: '1 mm = 2.5 m of ground (1:2,500)', from: 'Napoleonic Warfare scenarios' },
    ]);
    // Only the chosen rulesets' values; an unusual value of this scenario is kept as a choice.
    expect(groundScaleChoices(all, rulesets, ['nw'], 3).map((c) => [c.metresPerMm, c.from])).toEqual([[2.5, 'Napoleonic Warfare scenarios'], [3, 'this scenario']]);
    expect(groundScaleChoices([{ rulesets: ['nw'], text: '{ broken' }], rulesets, ['nw'], 1).map((c) => c.from)).toEqual(['this scenario']);
  });
});
