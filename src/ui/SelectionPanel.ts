import type { GameStoreApi } from '../store/gameStore';
import { generalAsUnit } from '../store/gameStore';
import type { UiStoreApi } from '../store/uiStore';
import { el } from './dom';

/** Shows what is selected: the unit's name and what it is. */
export function mountSelectionPanel(host: HTMLElement, game: GameStoreApi, ui: UiStoreApi): () => void {
  const panel = el('section', { class: 'panel selection', 'aria-live': 'polite', 'data-testid': 'selection' });
  host.append(panel);
  let last: unknown = undefined;
  const render = () => {
    const b = game.getState().battle;
    const id = ui.getState().selected;
    const piece = id && b ? (b.units.find((u) => u.id === id) ?? b.generals.map(generalAsUnit).find((g) => g.id === id)) : undefined;
    const key = piece ? `${piece.id}|${game.getState().revision}` : null;
    if (key === last) return;
    last = key;
    if (!piece || !b) {
      panel.replaceChildren(el('p', { class: 'hint' }, 'Click a unit to select it. Drag it to move; drag the yellow handle to turn it. Drag empty ground to pan; the wheel zooms.'));
      return;
    }
    const side = b.sides.find((s) => s.id === piece.side);
    const rows: [string, string][] = [
      ['Side', side?.name ?? piece.side],
      ['Arm', piece.arm],
      ...(piece.arm !== 'general' ? ([['Type', piece.troopType], ['Quality', piece.quality], ['Formation', piece.formation]] as [string, string][]) : []),
      ['Stands', String(piece.stands.length)],
    ];
    panel.replaceChildren(
      el('h2', { 'data-testid': 'selected-name' }, piece.name),
      el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])),
    );
  };
  const offs = [game.subscribe(render), ui.subscribe(render)];
  render();
  return () => offs.forEach((f) => f());
}
