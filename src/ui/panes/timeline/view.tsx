import { Box } from 'ink';
import React from 'react';
import { maxOf } from '../../../core/model/lists.js';
import type { TimelineEntry } from '../../../core/model/timeline.js';
import { formatClock } from '../../../core/model/time.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { isUnread, messageBodyParts } from '../../widgets/message-line.js';
import { displayWidth, fit, fitPad, fitParts, stringWidth } from '../../../core/text/fit.js';
import { memberColor, useTheme } from '../../widgets/theme.js';
import { visibleItems, WindowedList } from '../../widgets/windowed-list.js';
import type { TimelineModel } from './model.js';
import { plural } from '../../../core/text/words.js';
import { Faint } from '../../widgets/faint.js';

interface RowProps {
  readonly entry: TimelineEntry;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  /** Columns of the sender: the widest shown, at most `nameCap`. */
  readonly nameWidth: number;
  /** Where any one name is cut, a recipient's too (one that only receives is not cut to the senders' width). */
  readonly nameCap: number;
  /** Columns of the recipients: every row's rendering starts in the same column. */
  readonly recipientsWidth: number;
  readonly width: number;
}

/** ', ' between the recipients of a broadcast. */
const BETWEEN = ', ';

/** Columns the recipients of an entry take, each name cut as a row cuts it, at most `atMost`. */
function recipientsColumns(entry: TimelineEntry, nameCap: number, atMost: number): number {
  const names = entry.recipients.reduce((sum, recipient) => sum + displayWidth(recipient, nameCap), 0);
  return Math.min(atMost, names + BETWEEN.length * (entry.recipients.length - 1));
}

const TimelineRow = React.memo(function TimelineRow({ entry, selected, colors, nameWidth, nameCap, recipientsWidth, width }: RowProps) {
  const { paint } = useTheme();
  const { message, recipients, copies } = entry;
  const names: Part[] = recipients.flatMap((recipient, i) => [
    ...(i > 0 ? [{ text: BETWEEN, dimColor: true }] : []),
    { text: fit(recipient, nameCap), color: paint(memberColor(colors.get(recipient))) },
  ]);
  // A broadcast to more than the column holds is cut there, with an ellipsis.
  const cut = fitParts(
    names.map((part) => part.text),
    recipientsWidth,
  );
  const parts: Part[] = [
    { text: `${formatClock(message.time)}  `, dimColor: true },
    { text: fitPad(message.from, nameWidth), color: paint(memberColor(colors.get(message.from) ?? message.color)) },
    { text: ' → ', dimColor: true },
    ...names.map((part, i) => ({ ...part, text: cut[i]! })),
    { text: ' '.repeat(Math.max(0, recipientsWidth - stringWidth(cut.join(''))) + 1) },
    ...messageBodyParts(message, copies.some(isUnread), paint, width),
  ];
  return <FittedLine parts={parts} width={width} inverse={selected} marks />;
});

interface TimelineViewProps {
  readonly model: TimelineModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  readonly filters: readonly string[];
  /** Keys work: the title says which one goes back. */
  readonly interactive: boolean;
}

/** Every message of the team in time order, as `time  from → to  rendering`. */
export function TimelineView({ model, colors, width, filters, interactive }: TimelineViewProps) {
  const { entries, window } = model;
  const visible = visibleItems(entries, window);
  const widest = Math.max(8, Math.floor(width * 0.18));
  const nameWidth = maxOf(
    visible.map((entry) => displayWidth(entry.message.from, widest)),
    4,
  );
  const recipientsWidth = maxOf(
    visible.map((entry) => recipientsColumns(entry, widest, Math.max(widest, Math.floor(width * 0.25)))),
    4,
  );
  const shown = entries.length === model.total ? plural(model.total, 'message') : `${entries.length} of ${plural(model.total, 'message')}`;
  return (
    <Box flexDirection="column" width={width}>
      <FittedLine
        parts={[
          { text: ' Timeline ', bold: true, inverse: true },
          {
            text: ` ${shown}${filters.length > 0 ? ` · ${fit(filters.join(' · '), 80)}` : ''}${window.start > 0 ? ` · ↑ ${window.start} earlier` : ''}${interactive ? ' · t back to the dashboard' : ''}`,
            dimColor: true,
          },
        ]}
        width={width}
      />
      {entries.length === 0 ? <Faint> {model.total === 0 ? 'no messages yet' : 'no message passes the filters'}</Faint> : null}
      <WindowedList
        items={entries}
        window={window}
        row={(entry, _, selected) => (
          <TimelineRow
            key={entry.message.key}
            entry={entry}
            selected={selected}
            colors={colors}
            nameWidth={nameWidth}
            nameCap={widest}
            recipientsWidth={recipientsWidth}
            width={width}
          />
        )}
      />
    </Box>
  );
}
