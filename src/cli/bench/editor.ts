/**
 * Scenario editor bench: on the large built-in battle (Aspern-Essling, about 400 units and
 * 2,000 stands), the live validation the editor runs after each change (`checkDraft`: the
 * loader's validation with the ruleset's set-up checks), one edit with its undo entry (a unit
 * moved), and the table's picture of the draft (`draftBattle`). Medians per operation, in ms.
 */
import { readFileSync } from 'node:fs';
import { DraftSchema } from '../../scenario/editor/ops';
import { edit, startHistory } from '../../scenario/editor/history';
import { checkDraft, draftBattle } from '../../scenario/editor/problems';
import type { BenchSection, Figure } from './harness';
import { fmt, timeOp } from './harness';

export const editorBench: BenchSection = {
  name: 'editor',
  describe: 'live validation, an edit with undo, and the table picture of the 400-unit Aspern-Essling draft',
  run(log) {
    const draft = DraftSchema.parse(JSON.parse(readFileSync('scenarios/napoleonic-warfare-aspern-essling.json', 'utf8')));
    const h = startHistory(draft);
    const id = draft.units[0]!.id;
    const figures: Figure[] = [];
    const check = timeOp(() => checkDraft(draft).length, { batches: 5, perBatch: 1, warmup: 1 });
    const move = timeOp((i) => (edit(h, { op: 'movePiece', id, dxMm: i % 7, dyMm: 1 }).ok ? 1 : 0), { batches: 21, perBatch: 50, warmup: 50 });
    const picture = timeOp(() => draftBattle(draft).units.length, { batches: 9, perBatch: 3, warmup: 3 });
    figures.push({ key: 'checkMs', label: `live validation, ${draft.units.length} units (per check)`, unit: 'ms', median: check.medianUs / 1000, target: '≤ 1000 ms', ok: check.medianUs / 1000 <= 1000 });
    figures.push({ key: 'checkCpuMs', label: '  the same in CPU time (shows waiting for a core when loaded)', unit: 'ms', median: check.cpuMedianUs / 1000 });
    figures.push({ key: 'editMs', label: 'move a unit, with its undo entry (per edit)', unit: 'ms', median: move.medianUs / 1000 });
    figures.push({ key: 'pictureMs', label: 'the table picture of the whole draft (per build)', unit: 'ms', median: picture.medianUs / 1000 });
    for (const f of figures) log(fmt(f));
    return { figures, extra: { units: draft.units.length, stands: draft.units.reduce((n, u) => n + u.stands.length, 0) } };
  },
};
