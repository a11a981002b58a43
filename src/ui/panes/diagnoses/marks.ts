import { memoize } from '../../../core/select/memo.js';
import { palette } from '../../widgets/theme.js';
import { type Diagnosis, type Severity } from '../../../core/model/diagnosis.js';
import { plural } from '../../../core/text/words.js';

export const SEVERITIES: Readonly<Record<Severity, { readonly mark: string; readonly color: string; readonly word: string }>> = {
  warning: { mark: '⚠', color: palette.warning, word: 'warning' },
  info: { mark: 'ℹ', color: palette.info, word: 'note' },
};

/** A count of diagnoses in a few words, under the mark of the worst. */
export interface DiagnosisMark {
  readonly text: string;
  readonly severity: Severity;
}

const worst = (diagnoses: readonly Diagnosis[]): Severity =>
  diagnoses.some((diagnosis) => diagnosis.severity === 'warning') ? 'warning' : 'info';

/** `⚠ 2 diagnoses` for the header; null when there are none. */
export function countMark(diagnoses: readonly Diagnosis[]): DiagnosisMark | null {
  if (diagnoses.length === 0) return null;
  const severity = worst(diagnoses);
  return { text: `${SEVERITIES[severity].mark} ${plural(diagnoses.length, 'diagnosis', 'diagnoses')}`, severity };
}

/** `⚠ ignored-shutdown`: one diagnosis, by its kind. */
const kindMark = (diagnosis: Diagnosis): DiagnosisMark => ({
  text: `${SEVERITIES[diagnosis.severity].mark} ${diagnosis.kind}`,
  severity: diagnosis.severity,
});

/** Each member's mark, worked out once per list of diagnoses for all the member panes (thousands stalled name the same five). */
const marksByMember = memoize((diagnoses: readonly Diagnosis[]): ReadonlyMap<string, DiagnosisMark | null> => {
  const naming = new Map<string, Diagnosis[]>();
  for (const diagnosis of diagnoses) {
    // Each member once (a Set per diagnosis cost more than the rest, for thousands of them).
    for (const [i, member] of diagnosis.members.entries()) {
      if (diagnosis.members.indexOf(member) !== i) continue;
      const list = naming.get(member);
      if (list) list.push(diagnosis);
      else naming.set(member, [diagnosis]);
    }
  }
  return new Map([...naming].map(([member, list]) => [member, list.length === 1 ? kindMark(list[0]!) : countMark(list)]));
});

/** What a member's pane says of the diagnoses that name it: `⚠ ignored-shutdown`, or `⚠ 2 diagnoses`; null when none does. */
export const memberMark = (member: string, diagnoses: readonly Diagnosis[]): DiagnosisMark | null =>
  marksByMember(diagnoses).get(member) ?? null;

/** Kinds a handshake's row says already: its state (stalled), its answers (contradicting). */
const TOLD_BY_THE_ROW: ReadonlySet<string> = new Set(['stalled', 'contradicting-answers']);

/** Request id → the diagnosis that explains its handshake, where the row does not say it already. */
export const handshakeMarks = memoize((diagnoses: readonly Diagnosis[]): ReadonlyMap<string, DiagnosisMark> => {
  const marks = new Map<string, DiagnosisMark>();
  for (const diagnosis of diagnoses) {
    if (diagnosis.subject.startsWith('handshake:') && !TOLD_BY_THE_ROW.has(diagnosis.kind))
      marks.set(diagnosis.subject.slice('handshake:'.length), kindMark(diagnosis));
  }
  return marks;
});
