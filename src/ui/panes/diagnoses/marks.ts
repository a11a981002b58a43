import { memoize } from '../../../core/select/memo.js';
import { palette } from '../../widgets/theme.js';
import type { Diagnosis, Severity } from '../../../core/model/diagnosis.js';
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

const counted = (count: number, severity: Severity): DiagnosisMark => ({
  text: `${SEVERITIES[severity].mark} ${plural(count, 'diagnosis', 'diagnoses')}`,
  severity,
});

/** `⚠ 2 diagnoses` for the header; null when there are none. */
export function countMark(diagnoses: readonly Diagnosis[]): DiagnosisMark | null {
  return diagnoses.length === 0 ? null : counted(diagnoses.length, worst(diagnoses));
}

/** `⚠ ignored-shutdown`: one diagnosis, by its kind. */
const kindMark = (diagnosis: Diagnosis): DiagnosisMark => ({
  text: `${SEVERITIES[diagnosis.severity].mark} ${diagnosis.kind}`,
  severity: diagnosis.severity,
});

/** A member's diagnoses, as far as its mark needs them: how many, the first, whether one is a warning. */
interface Naming {
  count: number;
  readonly first: Diagnosis;
  warning: boolean;
}

/** Each member's mark, worked out once per list of diagnoses for all the member panes (thousands stalled name the same five). */
const marksByMember = memoize((diagnoses: readonly Diagnosis[]): ReadonlyMap<string, DiagnosisMark | null> => {
  const naming = new Map<string, Naming>();
  for (const diagnosis of diagnoses) {
    const { members } = diagnosis;
    for (let i = 0; i < members.length; i++) {
      const member = members[i]!;
      // Each member once, counted without a Set or a list: thousands of diagnoses come by on each stall.
      if (members.indexOf(member) !== i) continue;
      const named = naming.get(member);
      if (!named) naming.set(member, { count: 1, first: diagnosis, warning: diagnosis.severity === 'warning' });
      else {
        named.count++;
        named.warning ||= diagnosis.severity === 'warning';
      }
    }
  }
  const marks = new Map<string, DiagnosisMark | null>();
  for (const [member, { count, first, warning }] of naming)
    marks.set(member, count === 1 ? kindMark(first) : counted(count, warning ? 'warning' : 'info'));
  return marks;
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
