/**
 * The terrain's textures and icons, small SVG files kept in assets/ (assets/README.md), loaded
 * once per page with pixi's `Assets`. Vite gives each file a URL in the build. Should a file
 * fail to load, the terrain is drawn in its flat colours instead (TerrainView falls back).
 */
import { Assets, FillPattern, Matrix, type Texture } from 'pixi.js';
import woodUrl from '../../assets/terrain/wood.svg?url';
import waterUrl from '../../assets/terrain/water.svg?url';
import hillUrl from '../../assets/terrain/hill.svg?url';
import townUrl from '../../assets/terrain/town.svg?url';
import marshUrl from '../../assets/terrain/marsh.svg?url';
import fieldUrl from '../../assets/terrain/field.svg?url';
import roughUrl from '../../assets/terrain/rough.svg?url';
import churchUrl from '../../assets/icons/church.svg?url';

export interface TerrainArt {
  readonly wood: FillPattern;
  readonly water: FillPattern;
  readonly hill: FillPattern;
  readonly town: FillPattern;
  readonly marsh: FillPattern;
  readonly field: FillPattern;
  readonly rough: FillPattern;
  readonly church: Texture;
}

/** Table millimetres per texture pixel: a 96 px wood tile covers about 130 mm of table. */
const MM_PER_TEXEL = 1.35;

let loading: Promise<TerrainArt | null> | null = null;

/** The art, or null when it could not be loaded (the terrain is then drawn in flat colours). */
export function loadTerrainArt(): Promise<TerrainArt | null> {
  loading ??= (async () => {
    try {
      const urls = { wood: woodUrl, water: waterUrl, hill: hillUrl, town: townUrl, marsh: marshUrl, field: fieldUrl, rough: roughUrl };
      const keys = Object.keys(urls) as (keyof typeof urls)[];
      // SVGs are rasterised at twice their size so that they stay crisp when zoomed in.
      const textures = await Promise.all(keys.map((k) => Assets.load<Texture>({ src: urls[k], data: { resolution: 2 } })));
      const church = await Assets.load<Texture>({ src: churchUrl, data: { resolution: 4 } });
      const patterns = Object.fromEntries(
        keys.map((k, i) => {
          const t = textures[i]!;
          const p = new FillPattern({ texture: t, repetition: 'repeat' });
          // Global texture space; the transform maps the pattern onto the table (pixi inverts it
          // for the UVs): one texel every MM_PER_TEXEL table millimetres.
          p.setTransform(new Matrix().scale(MM_PER_TEXEL, MM_PER_TEXEL));
          return [k, p];
        }),
      ) as Record<keyof typeof urls, FillPattern>;
      return { ...patterns, church };
    } catch {
      return null;
    }
  })();
  return loading;
}
