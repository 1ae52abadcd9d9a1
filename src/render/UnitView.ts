import { Container, Graphics } from 'pixi.js';
import type { Arm, Stand } from '../engine/model';
import { forward, rightOf } from '../geometry/footprint';
import type { TablePoint } from '../geometry/types';
import { sideColours } from './palette';

/**
 * One unit (or a general's stand) on the table. The container sits at the unit's centre so
 * that a drag preview is a translation and rotation of the container, not a redraw.
 */
export class UnitView {
  readonly root: Container;
  private readonly body = new Graphics();

  constructor(readonly id: string) {
    this.root = new Container({ label: `unit:${id}` });
    this.root.addChild(this.body);
  }

  draw(centre: TablePoint, stands: readonly Stand[], arm: Arm, colour: string): void {
    const { fill, mark, edge } = sideColours(colour);
    const g = this.body.clear();
    this.root.position.set(centre.x, centre.y);
    this.root.rotation = 0;
    for (const s of stands) {
      const f = forward(s.facing), r = rightOf(s.facing);
      const cx = s.centre.x - centre.x, cy = s.centre.y - centre.y;
      const at = (a: number, b: number): [number, number] => [cx + f.x * a + r.x * b, cy + f.y * a + r.y * b];
      const hw = s.widthMm / 2, hd = s.depthMm / 2;
      const corners = [at(hd, -hw), at(hd, hw), at(-hd, hw), at(-hd, -hw)];
      g.poly(corners.flat()).fill({ color: fill }).stroke({ width: 1.2, color: edge });
      // The front edge, heavier, so facing reads at a glance.
      g.moveTo(...corners[0]!).lineTo(...corners[1]!).stroke({ width: 2.5, color: edge });
      const iw = hw * 0.62, id = hd * 0.5;
      if (arm === 'infantry') {
        // Infantry: a saltire in a box, as on a map symbol.
        g.moveTo(...at(id, -iw)).lineTo(...at(-id, iw)).moveTo(...at(id, iw)).lineTo(...at(-id, -iw)).stroke({ width: 1.6, color: mark });
      } else if (arm === 'cavalry') {
        // Cavalry: one diagonal.
        g.moveTo(...at(-id, -iw)).lineTo(...at(id, iw)).stroke({ width: 2, color: mark });
      } else if (arm === 'artillery') {
        // Artillery: a gun's dot with its barrel towards the front.
        const [gx, gy] = at(-id * 0.2, 0);
        g.circle(gx, gy, Math.min(hw, hd) * 0.32).fill({ color: mark });
        g.moveTo(gx, gy).lineTo(...at(id * 1.1, 0)).stroke({ width: 2.2, color: mark });
      } else {
        // General: a flag on a staff.
        g.moveTo(...at(-id, -iw * 0.6)).lineTo(...at(id, -iw * 0.6)).stroke({ width: 1.5, color: mark });
        g.poly([...at(id, -iw * 0.6), ...at(id, iw * 0.7), ...at(id * 0.1, iw * 0.7), ...at(id * 0.1, -iw * 0.6)]).fill({ color: mark });
      }
    }
  }

  /** Show a drag in progress: shift and turn about the unit's centre. */
  preview(centre: TablePoint, dx: number, dy: number, dRad: number): void {
    this.root.position.set(centre.x + dx, centre.y + dy);
    this.root.rotation = dRad;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
