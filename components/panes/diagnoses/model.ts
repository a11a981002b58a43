/**
 * The diagnoses pane: what is wrong with the team, worst first; ⏎ opens one
 * with its evidence. A healthy team has no such pane.
 */
import type { Diagnosis } from '../../../src/domain/diagnoses/diagnosis.js';
import type { Idle } from '../../../src/domain/diagnoses/idle.js';
import { memoize } from '../../../src/store/selectors/memo.js';
import type { PaneFrame } from '../../dashboard-pane.js';
import { keysOf, listWindow, type ItemKey, type PaneId, type PaneList } from '../../pane.js';
import type { Frame } from '../../view.js';
import { selectedIndex } from '../../view-state.js';
import { diagnosisDetail } from './detail.js';

export const DIAGNOSES: PaneId = { kind: 'diagnoses' };

/** What the pane draws: judged again on every frame (their ages move), so drawn again too; its rows are memoised. */
export interface DiagnosisListModel extends PaneFrame {
  readonly diagnoses: readonly Diagnosis[];
  readonly warnings: number;
  readonly now: number;
  /** The team has not changed for a day or more: its findings are judged as of now. */
  readonly idle: Idle | undefined;
}

/** Its rows at most: three at 80x24 (20 lines of body), more on a taller terminal; the rest scroll. */
export const mostDiagnosisRows = (bodyRows: number): number => Math.max(1, Math.floor(bodyRows / 6));

const diagnosisKeys = memoize((diagnoses: readonly Diagnosis[]) => keysOf(diagnoses, 'diagnosis', (diagnosis) => diagnosis.id));

/** The diagnoses of the team on screen, given `rows` for its items: what the pane draws, and what the keys move through. */
export function diagnosisList(
  frame: Frame,
  rows: number,
  focused: boolean,
): { readonly model: DiagnosisListModel; readonly list: PaneList } {
  const { diagnoses } = frame.diagnoses;
  const items = diagnosisKeys(diagnoses);
  const model: DiagnosisListModel = {
    diagnoses,
    warnings: diagnoses.filter((diagnosis) => diagnosis.severity === 'warning').length,
    window: listWindow(diagnoses.length, rows, selectedIndex(frame.view, DIAGNOSES, items, 'start')),
    focused,
    lines: rows + 1,
    now: frame.now,
    idle: frame.diagnoses.idle,
  };
  const open = (key: ItemKey) => {
    const diagnosis = diagnoses.find((candidate) => candidate.id === key.id);
    return diagnosis ? diagnosisDetail(diagnosis, frame) : null;
  };
  return { model, list: { id: DIAGNOSES, items, anchor: 'start', page: rows, open } };
}
