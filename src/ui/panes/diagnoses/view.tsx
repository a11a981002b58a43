import React from 'react';
import { idleNote } from '../../../core/judge/index.js';
import { maxOf } from '../../../core/model/lists.js';
import { formatAge, isInstant } from '../../../core/model/time.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { fit, fitParts, stringWidth } from '../../../core/text/fit.js';
import { memberColor, useTheme, type Theme } from '../../widgets/theme.js';
import { visibleItems } from '../../widgets/windowed-list.js';
import { TitledList } from '../../widgets/titled-list.js';
import { SEVERITIES } from './marks.js';
import { isCleared, type DiagnosisListModel } from './model.js';
import type { Incident, Diagnosis } from '../../../core/model/diagnosis.js';
import { plural } from '../../../core/text/words.js';

/** Columns of a diagnosis's age: `59m59s` at most. */
const AGE_WIDTH = 6;

/** The members a diagnosis names, each in its colour, cut to `width` columns and padded to them. */
function memberParts(names: readonly string[], width: number, colors: ReadonlyMap<string, string | null>, paint: Theme['paint']): Part[] {
  const parts: Part[] = names.flatMap((name, i) => [
    ...(i > 0 ? [{ text: ', ', dimColor: true }] : []),
    { text: fit(name, 40), color: paint(memberColor(colors.get(name))) },
  ]);
  const texts = fitParts(
    parts.map((part) => part.text),
    width,
  );
  const used = stringWidth(texts.join(''));
  return [...parts.map((part, i) => ({ ...part, text: texts[i]! })), { text: ' '.repeat(Math.max(0, width - used)) }];
}

/** `bob, team-lead`: the members as the column shows them, for measuring. */
const membersText = (diagnosis: Diagnosis): string => diagnosis.members.map((name) => fit(name, 40)).join(', ');

interface RowProps {
  readonly diagnosis: Diagnosis | Incident;
  readonly age: string;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly kindWidth: number;
  readonly membersWidth: number;
  readonly width: number;
}

const DiagnosisRow = React.memo(function DiagnosisRow({ diagnosis, age, selected, colors, kindWidth, membersWidth, width }: RowProps) {
  const { paint } = useTheme();
  const severity = SEVERITIES[diagnosis.severity];
  // A cleared one is dim, marked as such, and says why it cleared; its age is since it cleared.
  const gone = isCleared(diagnosis);
  const warning = diagnosis.severity === 'warning' && !gone;
  const parts: Part[] = [
    gone ? { text: '✓ ', dimColor: true } : { text: `${severity.mark} `, bold: warning, color: paint(severity.color) },
    { text: `${diagnosis.kind.padEnd(kindWidth)} `, bold: warning, dimColor: gone },
    ...memberParts(diagnosis.members, membersWidth, colors, paint),
    { text: ` ${age.padStart(AGE_WIDTH)}  `, dimColor: !warning },
    ...(gone ? [{ text: `cleared (${diagnosis.cleared ?? ''}) · `, dimColor: true }] : []),
    // The call's input (`detail`) is drawn here, on the user's own screen, and nowhere teamtop writes.
    { text: fit(diagnosis.detail ? `${diagnosis.summary} · ${diagnosis.detail}` : diagnosis.summary, width), dimColor: gone },
  ];
  return <FittedLine parts={parts} width={width} inverse={selected} marks />;
});

/** Since when it has stood, or since it cleared: its row shows how long. */
export const ageSince = (row: Diagnosis | Incident): number => (isCleared(row) ? (row.clearedAt ?? Number.NaN) : row.since);

function ageOf(row: Diagnosis | Incident, now: number): string {
  const since = ageSince(row);
  return isInstant(since) ? formatAge(Math.max(0, now - since)) : '';
}

/** `2 warnings · 1 note · 3 cleared`. */
export function diagnosisTitle(model: DiagnosisListModel): string {
  const notes = model.diagnoses.length - model.cleared - model.warnings;
  // A team nobody runs any more: why its findings are notes, and how to diagnose it as of then, before the counts.
  return [
    model.idle ? idleNote(model.idle) : '',
    model.warnings > 0 ? plural(model.warnings, 'warning') : '',
    notes > 0 ? plural(notes, 'note') : '',
    model.cleared > 0 ? `${model.cleared} cleared` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

interface DiagnosisListProps {
  readonly model: DiagnosisListModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

/** What is wrong, worst first: the kind, who, for how long, and what, in a line each. */
export function DiagnosisList({ model, colors, width }: DiagnosisListProps) {
  const { diagnoses, window, now } = model;
  const visible = visibleItems(diagnoses, window);
  const kindWidth = maxOf(
    visible.map((diagnosis) => stringWidth(diagnosis.kind)),
    4,
  );
  const membersWidth = Math.min(
    Math.max(8, Math.floor(width * 0.25)),
    maxOf(
      visible.map((diagnosis) => stringWidth(membersText(diagnosis))),
      4,
    ),
  );
  const columns = { colors, kindWidth, membersWidth, width };
  const worst = SEVERITIES[model.warnings > 0 ? 'warning' : 'info'];
  return (
    <TitledList
      pane={model}
      label=" Diagnoses "
      color={worst.color}
      summary={diagnosisTitle(model)}
      items={diagnoses}
      width={width}
      row={(diagnosis, _, selected) => (
        <DiagnosisRow key={diagnosis.id} diagnosis={diagnosis} age={ageOf(diagnosis, now)} selected={selected} {...columns} />
      )}
    />
  );
}
