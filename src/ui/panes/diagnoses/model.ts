import { memoize } from '../../../core/select/memo.js';
import type { PaneFrame } from '../../views/dashboard-pane.js';
import { keysOf, listWindow, type ItemKey, type PaneId, type PaneList } from '../pane.js';
import type { Frame } from '../../views/view.js';
import { selectedIndex } from '../../keys/view-state.js';
import { diagnosisDetail } from './detail.js';
import type { Incident, Diagnosis } from '../../../core/model/diagnosis.js';
import type { Idle } from '../../../core/model/idle.js';
import { narrower } from '../narrow.js';

export const DIAGNOSES: PaneId = { kind: 'diagnoses' };

/** What the pane draws: diagnosed again on every frame (their ages move), so drawn again too; its rows are memoised. */
export interface DiagnosisListModel extends PaneFrame {
  /** What is wrong, worst first, then (with `c`) the incidents that cleared, most recent first. */
  readonly diagnoses: readonly (Diagnosis | Incident)[];
  readonly warnings: number;
  /** Of the rows, those that cleared (listed last). */
  readonly cleared: number;
  readonly now: number;
  /** The team has not changed for a day or more: its findings are diagnosed as of now. */
  readonly idle: Idle | undefined;
}

/** Its rows at most: three at 80x24 (20 lines of body), more on a taller terminal; the rest scroll. */
export const mostDiagnosisRows = (bodyRows: number): number => Math.max(1, Math.floor(bodyRows / 6));

/** A cleared incident is listed once per time it was raised: its id and when. */
export const isCleared = (row: Diagnosis | Incident): row is Incident => 'clearedAt' in row && row.clearedAt !== null;
const rowId = (row: Diagnosis | Incident): string => (isCleared(row) ? `${row.id}@${row.raisedAt}` : row.id);
const diagnosisKeys = memoize((rows: readonly (Diagnosis | Incident)[]) => keysOf(rows, 'diagnosis', rowId));
/** Counted once per list: a frame with thousands stalled does not walk them. */
const countsIn = memoize((rows: readonly (Diagnosis | Incident)[]) => {
  const cleared = rows.filter(isCleared).length;
  return { cleared, warnings: rows.filter((row) => row.severity === 'warning' && !isCleared(row)).length };
});

/** A diagnosis's words as its row draws them, for the search. */
const searched = narrower((row: Diagnosis | Incident) => [row.kind, ...row.members, row.summary, row.detail ?? '']);

/** What the pane lists: what is wrong, then (with `c`) what was, as the search has them. */
export function shownDiagnoses(frame: Frame): readonly (Diagnosis | Incident)[] {
  const current = frame.diagnoses.diagnoses;
  return searched(frame.cleared.length > 0 ? [...current, ...frame.cleared] : current, frame.view.filters.search);
}

/** The diagnoses of the team on screen, given `rows` for its items: what the pane draws, and what the keys move through. */
export function diagnosisList(
  frame: Frame,
  rows: number,
  focused: boolean,
): { readonly model: DiagnosisListModel; readonly list: PaneList } {
  const diagnoses = shownDiagnoses(frame);
  const items = diagnosisKeys(diagnoses);
  const model: DiagnosisListModel = {
    diagnoses,
    ...countsIn(diagnoses),
    window: listWindow(diagnoses.length, rows, selectedIndex(frame.view, DIAGNOSES, items, 'start')),
    focused,
    lines: rows + 1,
    now: frame.now,
    idle: frame.diagnoses.idle,
  };
  const open = (key: ItemKey) => {
    const diagnosis = diagnoses.find((candidate) => rowId(candidate) === key.id);
    return diagnosis ? diagnosisDetail(diagnosis, frame) : null;
  };
  return { model, list: { id: DIAGNOSES, items, anchor: 'start', page: rows, open } };
}
