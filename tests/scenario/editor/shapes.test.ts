import { describe, expect, it } from 'vitest';
import { chainEndAt, polygonProblem, polylineProblem, snapPoint, snapTargetsOf } from '../../../src/scenario/editor/shapes';

describe('Terrain outlines the editor accepts', () => {
  it('takes a square and a concave outline', () => {
    expect(polygonProblem([[0, 0], [100, 0], [100, 100], [0, 100]])).toBeNull();
    expect(polygonProblem([[0, 0], [100, 0], [100, 100], [50, 40], [0, 100]])).toBeNull();
  });
  it('refuses a bow-tie, saying which sides cross', () => {
    expect(polygonProblem([[0, 0], [100, 100], [100, 0], [0, 100]])).toMatch(/crosses itself \(side 1 meets side 3\)/);
  });
  it('refuses fewer than three points, a repeated point and points on one line', () => {
    expect(polygonProblem([[0, 0], [10, 0]])).toMatch(/at least 3 points/);
    expect(polygonProblem([[0, 0], [0, 0], [10, 10], [0, 10]])).toMatch(/same point/);
    expect(polygonProblem([[0, 0], [50, 0], [100, 0]])).toMatch(/no area/);
  });
  it('refuses a spike that folds back along its own side', () => {
    expect(polygonProblem([[0, 0], [100, 0], [200, 0], [100, 0.0], [100, 100]])).not.toBeNull();
  });
});

describe('Lines the editor accepts (roads, streams, crests)', () => {
  it('takes a bent road and refuses one that crosses itself or doubles back', () => {
    expect(polylineProblem([[0, 0], [100, 0], [100, 100]])).toBeNull();
    expect(polylineProblem([[0, 0], [100, 0], [100, 100], [50, -50]])).toMatch(/crosses itself/);
    expect(polylineProblem([[0, 0], [100, 0], [50, 0]])).toMatch(/doubles back/);
    expect(polylineProblem([[0, 0]])).toMatch(/at least 2/);
    expect(polylineProblem([[0, 0], [0.1, 0]])).toMatch(/no length/);
  });
});

describe('Snapping', () => {
  const terrain = [{ id: 'wood', polygon: [[0, 0], [100, 0], [100, 100], [0, 100]] as [number, number][] }, { id: 'road', line: [[200, 0], [200, 300]] as [number, number][] }];
  const targets = snapTargetsOf(terrain, 50);
  it('goes to a vertex first, within the tolerance', () => {
    expect(snapPoint([103, 2], targets, 5)).toEqual({ point: [100, 0], kind: 'vertex' });
  });
  it('then to the nearest point of an edge', () => {
    expect(snapPoint([103, 40], targets, 5)).toEqual({ point: [100, 40], kind: 'edge' });
  });
  it('then to the grid, else stays where it is', () => {
    expect(snapPoint([140, 180], targets, 5)).toEqual({ point: [150, 200], kind: 'grid' });
    expect(snapPoint([140, 180], snapTargetsOf(terrain), 5)).toEqual({ point: [140, 180], kind: 'none' });
  });
  it('leaves out the piece being edited', () => {
    expect(snapPoint([103, 2], snapTargetsOf(terrain, 0, 'wood'), 5).kind).toBe('none');
  });
  it('chains a new line onto the nearest end of another line', () => {
    expect(chainEndAt(terrain, [204, 297], 10)).toEqual({ id: 'road', end: 'end', point: [200, 300] });
    expect(chainEndAt(terrain, [204, 150], 10)).toBeNull();
  });
});
