import React from 'react';
import { ageSecondsAt, type Handshake, type HandshakeState } from '../../../core/model/handshakes.js';
import { maxOf } from '../../../core/model/lists.js';
import { formatAge } from '../../../core/model/time.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { displayWidth, fit, fitPad } from '../../../core/text/fit.js';
import { memberColor, palette, useTheme } from '../../widgets/theme.js';
import { visibleItems } from '../../widgets/windowed-list.js';
import { TitledList } from '../../widgets/titled-list.js';
import { SEVERITIES, type DiagnosisMark } from '../diagnoses/marks.js';
import { CONTRADICTING, type HandshakeListModel } from './model.js';
import { orderNote } from '../narrow.js';

const STATES: Readonly<Record<HandshakeState, { mark: string; color: string }>> = {
  stalled: { mark: '⚠', color: palette.danger },
  pending: { mark: '◷', color: palette.warning },
  approved: { mark: '✓', color: palette.ok },
  rejected: { mark: '✗', color: palette.danger },
  abandoned: { mark: '⊘', color: palette.dim },
};

/** Answered yes and no: flagged in the state column too, where a narrow row still shows it. */
const CONTRADICTED = { mark: '⚠', color: palette.danger };

const KIND_WIDTH = 19;
const STATE_WIDTH = 12;

/** `3m30s` open for, as of `now`; `in 4s` for a closed one (how long the answer took). */
function handshakeTiming(handshake: Handshake, now: number): string {
  if (handshake.response === null) return formatAge(ageSecondsAt(handshake, now) * 1000);
  return handshake.answerSeconds === null ? '' : `in ${formatAge(handshake.answerSeconds * 1000)}`;
}

interface RowProps {
  readonly handshake: Handshake;
  /** How long it has been open, or how long its answer took: the row's only part that moves with the clock. */
  readonly timing: string;
  readonly diagnosed: DiagnosisMark | undefined;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly nameWidth: number;
  readonly width: number;
}

const HandshakeRow = React.memo(function HandshakeRow({ handshake, timing, diagnosed, selected, colors, nameWidth, width }: RowProps) {
  const { paint } = useTheme();
  const state = handshake.contradicting ? CONTRADICTED : STATES[handshake.state];
  const stalled = handshake.state === 'stalled';
  const parts: Part[] = [
    { text: `${state.mark} ${handshake.state}`.padEnd(STATE_WIDTH), color: paint(state.color) },
    { text: `${fitPad(handshake.kind, KIND_WIDTH - 1)} ` },
    { text: fitPad(handshake.from, nameWidth), color: paint(memberColor(colors.get(handshake.from))) },
    { text: ' → ', dimColor: true },
    { text: fitPad(handshake.to, nameWidth), color: paint(memberColor(colors.get(handshake.to))) },
  ];
  if (timing) {
    parts.push({
      text: `  ${timing}`,
      color: stalled ? paint(palette.danger) : undefined,
      dimColor: !stalled && handshake.response !== null,
    });
  }
  // Answered again after the first answer (the state column's): a contradiction must stand out.
  const later = handshake.answers.slice(1).map((answer) => answer.state);
  if (later.length > 0) {
    const text = `  → ${later.join(' → ')}${handshake.contradicting ? ` ${CONTRADICTING}` : ''}`;
    parts.push({ text, color: handshake.contradicting ? paint(palette.danger) : undefined, bold: handshake.contradicting });
  }
  if (diagnosed) parts.push({ text: `  ${diagnosed.text}`, bold: true, color: paint(SEVERITIES[diagnosed.severity].color) });
  if (handshake.fact) parts.push({ text: `  ${fit(handshake.fact, 200)}`, dimColor: true });
  if (handshake.orphan) parts.push({ text: '  (request not seen)', dimColor: true });
  // Nobody is left to answer or to wait: kept for the record, out of the way.
  const shown = handshake.state === 'abandoned' ? parts.map((part) => ({ ...part, dimColor: true })) : parts;
  return <FittedLine parts={shown} width={width} inverse={selected} bold={stalled} marks />;
});

function handshakeTitle(model: HandshakeListModel, interactive: boolean): string {
  if (model.handshakes.length === 0) return model.searching ? 'no handshake matches the search' : 'none yet';
  const answered = model.handshakes.length - model.openCount - model.abandoned;
  const parts = [`${model.openCount} open`];
  if (model.stalled > 0) parts.push(`${model.stalled} stalled (> ${formatAge(model.stallAge)})`);
  parts.push(`${answered} answered`);
  if (model.abandoned > 0) parts.push(`${model.abandoned} abandoned`);
  if (model.contradicting > 0) parts.push(`${model.contradicting} contradicting`);
  return parts.join(' · ') + orderNote(model.order, interactive ? 'S' : null);
}

interface HandshakeListProps {
  readonly model: HandshakeListModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  /** Keys work: the title says which one sorts. */
  readonly interactive?: boolean;
}

/** Who is waiting on whom, and since when: open handshakes first, stalled ones highlighted. */
export function HandshakeList({ model, colors, width, interactive = true }: HandshakeListProps) {
  const { handshakes, window } = model;
  const visible = visibleItems(handshakes, window);
  const widest = Math.max(6, Math.floor(width * 0.16));
  const nameWidth = maxOf(
    visible.flatMap((handshake) => [displayWidth(handshake.from, widest), displayWidth(handshake.to, widest)]),
    4,
  );
  const columns = { colors, nameWidth, width };
  return (
    <TitledList
      pane={model}
      label=" Handshakes "
      color={model.stalled > 0 ? palette.danger : palette.accent}
      summary={handshakeTitle(model, interactive)}
      items={handshakes}
      width={width}
      row={(handshake, _, selected) => (
        <HandshakeRow
          key={handshake.requestId}
          handshake={handshake}
          timing={handshakeTiming(handshake, model.now)}
          diagnosed={model.diagnosed.get(handshake.requestId)}
          selected={selected}
          {...columns}
        />
      )}
    />
  );
}
