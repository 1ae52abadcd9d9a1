/** The kept table view: the zoom and the table point at the centre come back in a page of any size. */
import { describe, expect, it } from 'vitest';
import { cameraOf, frameOf, readKeptView, VIEW_KEY } from '../../src/ui/tableView';

const store = (v: string | null) => ({ getItem: (k: string) => (k === VIEW_KEY ? v : null) });

describe('the kept table view', () => {
  it('keeps the table point at the centre of the view and the zoom', () => {
    const c = { scale: 2, x: -100, y: 50 };
    const f = frameOf(c, 800, 600);
    expect(f).toEqual({ scale: 2, centreXMm: 250, centreYMm: 125 });
    expect(cameraOf(f, 800, 600)).toEqual(c);
    // A page 200 px wider: the same point at the new centre.
    expect(cameraOf(f, 1000, 600)).toEqual({ scale: 2, x: 0, y: 50 });
  });

  it('reads only a good kept view', () => {
    const good = { battle: 'aldern|napoleonic-warfare|1', frame: { scale: 1, centreXMm: 10, centreYMm: 20 }, selected: 'u1' };
    expect(readKeptView(store(JSON.stringify(good)))).toEqual(good);
    expect(readKeptView(store(JSON.stringify({ ...good, selected: 3 })))?.selected).toBeNull();
    expect(readKeptView(store(JSON.stringify({ ...good, frame: { scale: 1e9, centreXMm: 0, centreYMm: 0 } })))).toBeNull();
    expect(readKeptView(store(JSON.stringify({ ...good, frame: { scale: 1, centreXMm: null, centreYMm: 0 } })))).toBeNull();
    expect(readKeptView(store('{not json'))).toBeNull();
    expect(readKeptView(store(null))).toBeNull();
    expect(readKeptView(null)).toBeNull();
  });
});
