/** The free table's selection panel: the selected unit's name and what it is. */
import type { GameStoreApi } from '../store/gameStore';
import { generalAsUnit } from '../store/gameStore';
import type { UiStoreApi } from '../store/uiStore';
import { mount } from './mount';
import { useStore } from './useStore';

export function SelectionPanel({ game, ui }: { readonly game: GameStoreApi; readonly ui: UiStoreApi }) {
  const b = useStore(game, (s) => s.battle);
  useStore(game, (s) => s.revision);
  const id = useStore(ui, (s) => s.selected);
  const piece = id && b ? (b.units.find((u) => u.id === id) ?? b.generals.map(generalAsUnit).find((g) => g.id === id)) : undefined;
  if (!piece || !b) {
    return (
      <section class="panel selection" aria-live="polite" data-testid="selection">
        <p class="hint">Click a unit to select it. Drag it to move; drag the yellow handle to turn it. Drag empty ground to pan; the wheel zooms.</p>
      </section>
    );
  }
  const side = b.sides.find((s) => s.id === piece.side);
  const rows: [string, string][] = [
    ['Side', side?.name ?? piece.side],
    ['Arm', piece.arm],
    ...(piece.arm !== 'general' ? ([['Type', piece.troopType], ['Quality', piece.quality], ['Formation', piece.formation]] as [string, string][]) : []),
    ['Stands', String(piece.stands.length)],
  ];
  return (
    <section class="panel selection" aria-live="polite" data-testid="selection">
      <h2 data-testid="selected-name">{piece.name}</h2>
      <dl>{rows.map(([k, v]) => [<dt key={`t${k}`}>{k}</dt>, <dd key={`d${k}`}>{v}</dd>])}</dl>
    </section>
  );
}

export function mountSelectionPanel(host: HTMLElement, game: GameStoreApi, ui: UiStoreApi): () => void {
  return mount(host, <SelectionPanel game={game} ui={ui} />);
}
