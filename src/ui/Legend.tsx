/**
 * The table's key, in a corner of the table: what each marker chip on the table means now
 * (the ruleset's own words), the colours of the selected piece's ranges, the selection rings,
 * handles and tool lines, and the terrain of this battle. Opened and closed with its "Key"
 * button; it remembers the choice for the page. Hidden while the screen is handed over.
 */
import { useMemo, useState } from 'preact/hooks';
import type { GameStoreApi } from '../store/gameStore';
import type { TableController } from '../store/table';
import type { UiStoreApi } from '../store/uiStore';
import { cssColour, MARKER_KEY, type KeyEntry } from '../render/legend';
import woodUrl from '../../assets/terrain/wood.svg?url';
import hillUrl from '../../assets/terrain/hill.svg?url';
import townUrl from '../../assets/terrain/town.svg?url';
import waterUrl from '../../assets/terrain/water.svg?url';
import marshUrl from '../../assets/terrain/marsh.svg?url';
import fieldUrl from '../../assets/terrain/field.svg?url';
import roughUrl from '../../assets/terrain/rough.svg?url';
import { legendModel, type TerrainLine } from './legendModel';
import { mount } from './mount';
import type { PlayStoreApi } from './playStore';
import { useStore } from './useStore';
import './legend.css';

interface Props {
  readonly game: GameStoreApi;
  readonly table: TableController;
  readonly ui: UiStoreApi;
  readonly play: PlayStoreApi;
}

const TERRAIN_ART: Partial<Record<TerrainLine['kind'], string>> = { wood: woodUrl, hill: hillUrl, village: townUrl, water: waterUrl, marsh: marshUrl, field: fieldUrl, rough: roughUrl };

/** A small drawing of how an entry looks on the table. */
function Swatch({ e }: { e: Pick<KeyEntry, 'colour' | 'shape'> }) {
  const c = cssColour(e.colour);
  return (
    <svg class="lg-swatch" width="30" height="16" viewBox="0 0 30 16" aria-hidden="true">
      {e.shape === 'area' && <rect x="2" y="2" width="26" height="12" rx="2" fill={c} fill-opacity="0.25" stroke={c} stroke-width="1.5" />}
      {e.shape === 'line' && <line x1="2" y1="8" x2="28" y2="8" stroke={c} stroke-width="2.5" stroke-linecap="round" />}
      {e.shape === 'dashed' && <line x1="2" y1="8" x2="28" y2="8" stroke={c} stroke-width="2.5" stroke-dasharray="5 3" />}
      {e.shape === 'ring' && <rect x="4" y="3" width="22" height="10" fill="none" stroke={c} stroke-width="2" />}
      {e.shape === 'dot' && <circle cx="15" cy="8" r="5" fill={c} stroke="#222" stroke-width="1.2" />}
      {e.shape === 'square' && <rect x="10" y="3" width="10" height="10" fill={c} stroke="#222" stroke-width="1.2" />}
    </svg>
  );
}

function TerrainSwatch({ kind }: { kind: TerrainLine['kind'] }) {
  if (kind === 'crest') {
    return (
      <svg class="lg-swatch" width="30" height="16" viewBox="0 0 30 16" aria-hidden="true">
        <rect width="30" height="16" fill="#a5a36a" />
        <path d="M1 8 H29 M6 2 V6 M6 10 V14 M14 2 V6 M14 10 V14 M22 2 V6 M22 10 V14" stroke="#5a5630" stroke-width="2" />
      </svg>
    );
  }
  if (kind === 'road') {
    return (
      <svg class="lg-swatch" width="30" height="16" viewBox="0 0 30 16" aria-hidden="true">
        <line x1="2" y1="8" x2="28" y2="8" stroke="#a08a5e" stroke-width="8" stroke-linecap="round" />
        <line x1="2" y1="8" x2="28" y2="8" stroke="#cbb68a" stroke-width="5" stroke-linecap="round" />
      </svg>
    );
  }
  return <span class="lg-swatch lg-tex" style={{ backgroundImage: `url(${TERRAIN_ART[kind] ?? ''})` }} aria-hidden="true" />;
}

export function Legend({ game, table, ui, play }: Props) {
  const [open, setOpen] = useState(false);
  const battle = useStore(game, (s) => s.battle);
  const revision = useStore(game, (s) => s.revision);
  const selected = useStore(ui, (s) => s.selected);
  const handover = useStore(play, (s) => s.handover);
  const model = useMemo(
    () =>
      battle
        ? legendModel({
            pieceIds: [...battle.units.map((u) => u.id), ...battle.generals.map((g) => g.id)],
            markersOf: (id) => table.markers(id),
            selectedOverlays: selected ? table.overlays(selected) : [],
            terrain: battle.terrain,
          })
        : null,
    // The table store's revision changes with every change to the game it shows.
    [battle, revision, selected, table],
  );
  if (!model || handover !== null) return null;
  return (
    <div class="legend-host">
      {open && (
        <section class="legend" id="table-legend" aria-label="Key to the table" data-testid="legend">
          <h2>Key to the table</h2>
          <h3>Markers on pieces</h3>
          {model.markers.length === 0 ? (
            <p class="lg-note">No markers on the table now.</p>
          ) : (
            <ul data-testid="legend-markers">
              {model.markers.map((m) => (
                <li key={`${m.kind}|${m.text}|${m.title}`}>
                  <span class="lg-chip" style={{ background: cssColour(m.colour) }}>
                    {m.text}
                  </span>
                  <span>
                    <span class="lg-kind">{`${MARKER_KEY[m.kind].label}: `}</span>
                    {m.count > 1 ? `${m.title} (${m.count} pieces)` : m.title}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p class="lg-note">Point at a marker on the table to read it there.</p>
          <h3>Ranges of the selected piece</h3>
          <ul>
            {model.overlays.map((o) => (
              <li key={o.kind} class={o.shown ? 'shown' : undefined}>
                <Swatch e={o} />
                <span>
                  <strong>{o.label}</strong>: {o.meaning}
                </span>
              </li>
            ))}
          </ul>
          <h3>Selection and tools</h3>
          <ul>
            {model.table.map((t) => (
              <li key={t.label}>
                <Swatch e={t} />
                <span>
                  <strong>{t.label}</strong>: {t.meaning}
                </span>
              </li>
            ))}
          </ul>
          {model.terrain.length > 0 && (
            <>
              <h3>Terrain</h3>
              <ul>
                {model.terrain.map((t) => (
                  <li key={t.kind}>
                    <TerrainSwatch kind={t.kind} />
                    <span>
                      <strong>{t.label}</strong>
                      {t.names.length > 0 && `: ${t.names.join(', ')}`}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      <button type="button" class="legend-toggle" aria-expanded={open} aria-controls="table-legend" data-testid="legend-toggle" title="What the marks on the table mean" onClick={() => setOpen(!open)}>
        {open ? 'Hide key' : 'Key'}
      </button>
    </div>
  );
}

export function mountLegend(host: HTMLElement, props: Props): () => void {
  return mount(host, <Legend {...props} />);
}
