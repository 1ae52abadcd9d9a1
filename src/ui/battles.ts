/**
 * The saved-battles list, apart from the DOM: resume, rename, delete, export one or all,
 * import a save file or a file of many. Files are checked whole before anything is kept: a
 * bundle with one broken battle is refused with that battle's JSON path, and nothing of it is
 * kept. The battle on the table is never deleted from here (it would be written back at its
 * next command); another asks first.
 */
import type { AnyRuleset } from '../engine/ruleset';
import { parseJsonText, type InputProblem } from '../scenario/errors';
import { loadSave, nest, type LoadedSave } from '../scenario/save';
import type { Keeper } from '../store/keeper';
import { metaOf } from '../store/keeper';
import type { BattleLibrary, BattleMeta } from '../store/library';
import type { SessionApi } from '../store/session';
import { aiSetupOf, type AiSetup } from './playStore';
import type { PlayMode } from './handover';

export const BUNDLE_FORMAT = 'vedette-battles';

/** Many battles in one file (Export all): each save whole, with the name and mode it was kept under. */
export interface BattlesBundle {
  readonly format: typeof BUNDLE_FORMAT;
  readonly version: 1;
  readonly battles: readonly { readonly name: string; readonly mode: string; readonly ai?: { readonly side: string; readonly level: string }; readonly save: unknown }[];
}

export type ImportOutcome = { readonly ok: true; readonly ids: readonly string[] } | { readonly ok: false; readonly problems: readonly InputProblem[] };

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}

/** A file name made of a battle's name: letters, digits and dashes only. */
export function fileStem(name: string): string {
  return name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-').toLowerCase().slice(0, 60) || 'battle';
}

/**
 * How a kept battle resumes: solo, or against the AI it was played against (the opponent kept with
 * it; for a battle kept before the opponent was, `fallback`, the one kept beside the mode), else
 * hot-seat, the mode that shows no side's secrets without asking.
 */
export function resumeAs(m: Pick<BattleMeta, 'mode' | 'ai'>, fallback: AiSetup | null = null): { mode: PlayMode; ai: AiSetup | null } {
  if (m.mode === 'solo') return { mode: 'solo', ai: null };
  const ai = m.mode === 'ai' ? (aiSetupOf(m.ai) ?? fallback) : null;
  return ai ? { mode: 'ai', ai } : { mode: 'hotseat', ai: null };
}

/**
 * The one battle a file given to "Replay a file…" holds, as save text: a save file, or a file of
 * battles with exactly one in it (its name kept). Anything else is refused with a sentence.
 */
export function replayableSave(text: string, fileName: string): { readonly ok: true; readonly text: string; readonly name?: string } | { readonly ok: false; readonly problems: readonly InputProblem[] } {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const v = parsed.value as { format?: unknown; battles?: unknown } | null;
  if (v?.format === 'vedette-save') return { ok: true, text };
  if (v?.format === BUNDLE_FORMAT && Array.isArray(v.battles)) {
    if (v.battles.length !== 1)
      return { ok: false, problems: [{ path: '$.battles', message: `"${fileName}" holds ${v.battles.length} battles: import it with Import…, then replay one of them from the list.` }] };
    const b = (v.battles[0] ?? {}) as { name?: unknown; save?: unknown };
    return { ok: true, text: JSON.stringify(b.save ?? null), ...(typeof b.name === 'string' && b.name.trim() ? { name: b.name.trim().slice(0, 200) } : {}) };
  }
  if (v?.format === 'vedette-scenario') return { ok: false, problems: [{ path: '$.format', message: `"${fileName}" is a scenario, not a saved battle — start it with New battle.` }] };
  return { ok: false, problems: [{ path: '$.format', message: `"${fileName}" is neither a saved battle ("vedette-save") nor a file of battles ("${BUNDLE_FORMAT}").` }] };
}

export interface BattlesDeps {
  readonly library: BattleLibrary;
  readonly keeper: Keeper;
  readonly session: SessionApi;
  /** Every ruleset (fetched first: an imported file may be of any). */
  rulesets(): Promise<readonly AnyRuleset[]>;
  newId(): string;
  now(): number;
}

export function createBattles(deps: BattlesDeps) {
  const { library, keeper } = deps;

  /** Check one save (parsed JSON) whole: replayed, hash checked. */
  const check = (data: unknown, rulesets: readonly AnyRuleset[]) => loadSave(data, rulesets);

  const keepLoaded = async (l: LoadedSave, data: unknown, name: string | undefined, mode: string, ai: AiSetup | null = null): Promise<string> => {
    const id = deps.newId();
    const now = deps.now();
    const save = JSON.stringify(data);
    // The entry is described from the replayed game, as the keeper would describe it.
    const meta = metaOf({ id, module: l.module, scenario: l.save.scenario, setup: l.setup, options: l.save.options, seed: l.save.seed, history: l.history }, mode, now, ai);
    await library.put({ meta: { ...meta, name: name?.trim().slice(0, 200) || meta.name, bytes: save.length }, save });
    return id;
  };

  return {
    /** A file given to Import: one save, or a bundle of many. Kept whole or not at all. */
    async importText(text: string, fileName: string): Promise<ImportOutcome> {
      const parsed = parseJsonText(text);
      if (!parsed.ok) return parsed;
      const v = parsed.value as { format?: unknown; battles?: unknown; version?: unknown } | null;
      const rulesets = await deps.rulesets();
      if (v?.format === 'vedette-save') {
        const l = check(v, rulesets);
        if (!l.ok) return l;
        const id = await keepLoaded(l.value, v, undefined, 'hotseat');
        keeper.touched();
        return { ok: true, ids: [id] };
      }
      if (v?.format === BUNDLE_FORMAT) {
        if (v.version !== 1) return { ok: false, problems: [{ path: '$.version', message: `this file of battles is version ${String(v.version)}; this version of Vedette reads version 1.` }] };
        if (!Array.isArray(v.battles)) return { ok: false, problems: [{ path: '$.battles', message: 'a file of battles holds a list "battles".' }] };
        const ready: { l: LoadedSave; save: unknown; name: string | undefined; mode: PlayMode; ai: AiSetup | null }[] = [];
        for (const [i, b] of (v.battles as unknown[]).entries()) {
          const e = (b ?? {}) as { name?: unknown; mode?: unknown; ai?: unknown; save?: unknown };
          const l = check(e.save, rulesets);
          if (!l.ok) return { ok: false, problems: nest(`$.battles[${i}].save`, l.problems) };
          // Against the AI only with an opponent that is one of this battle's sides.
          const as = resumeAs({ mode: typeof e.mode === 'string' ? e.mode : 'hotseat', ai: e.ai as BattleMeta['ai'] });
          const ai = as.ai && l.value.setup.sides.some((s) => s.id === as.ai!.side) ? as.ai : null;
          ready.push({ l: l.value, save: e.save, name: typeof e.name === 'string' ? e.name : undefined, mode: as.mode === 'ai' && !ai ? 'hotseat' : as.mode, ai });
        }
        const ids: string[] = [];
        for (const r of ready) ids.push(await keepLoaded(r.l, r.save, r.name, r.mode, r.ai));
        keeper.touched();
        return { ok: true, ids };
      }
      if (v?.format === 'vedette-scenario')
        return { ok: false, problems: [{ path: '$.format', message: `"${fileName}" is a scenario, not a saved battle — start it with New battle.` }] };
      return { ok: false, problems: [{ path: '$.format', message: `"${fileName}" is neither a saved battle ("vedette-save") nor a file of battles ("${BUNDLE_FORMAT}").` }] };
    },

    /** One battle as a save file: its name for the file and its text. */
    async exportOne(id: string): Promise<{ fileName: string; text: string } | undefined> {
      await keeper.flush();
      const k = await library.get(id);
      return k ? { fileName: `${fileStem(k.meta.name)}.vedette.json`, text: k.save } : undefined;
    },

    /** Every kept battle in one file. */
    async exportAll(): Promise<{ fileName: string; text: string; count: number }> {
      await keeper.flush();
      const metas = await library.list();
      const battles: BattlesBundle['battles'][number][] = [];
      for (const m of metas) {
        const k = await library.get(m.id);
        if (k) battles.push({ name: m.name, mode: m.mode, ...(m.ai ? { ai: m.ai } : {}), save: JSON.parse(k.save) as unknown });
      }
      const bundle: BattlesBundle = { format: BUNDLE_FORMAT, version: 1, battles };
      return { fileName: 'vedette-battles.json', text: JSON.stringify(bundle), count: battles.length };
    },

    async rename(id: string, name: string): Promise<void> {
      const n = name.trim().slice(0, 200);
      if (n === '') return;
      await library.rename(id, n);
      keeper.touched();
    },

    /** Delete a battle that is not on the table (false: it is, and stays). */
    async remove(id: string): Promise<boolean> {
      if (deps.session.getState().battle?.id === id) return false;
      await library.remove(id);
      keeper.touched();
      return true;
    },
  };
}
export type Battles = ReturnType<typeof createBattles>;
