import { Box, Text } from 'ink';
import React from 'react';
import type { TimelineEntry } from '../src/domain/timeline.js';
import { formatClock } from '../src/domain/time.js';
import type { TimelineModel } from './dashboard-model.js';
import { isUnread, MessageBody } from './message-line.js';
import { memberColor, useTheme } from './theme.js';
import { fit, fitPad } from './text.js';

interface RowProps {
  readonly entry: TimelineEntry;
  readonly selected: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly nameWidth: number;
}

const TimelineRow = React.memo(function TimelineRow({ entry, selected, colors, nameWidth }: RowProps) {
  const { paint } = useTheme();
  const { message, recipients, copies } = entry;
  return (
    <Text wrap="truncate-end" inverse={selected}>
      <Text dimColor>{formatClock(message.time)}  </Text>
      <Text color={paint(memberColor(colors.get(message.from) ?? message.color))}>{fitPad(message.from, nameWidth)}</Text>
      <Text dimColor> → </Text>
      {recipients.map((recipient, i) => (
        <Text key={recipient}>
          {i > 0 ? <Text dimColor>, </Text> : null}
          <Text color={paint(memberColor(colors.get(recipient)))}>{fit(recipient, nameWidth)}</Text>
        </Text>
      ))}
      <Text> </Text>
      <MessageBody message={message} unread={copies.some(isUnread)} />
    </Text>
  );
});

export interface TimelineViewProps {
  readonly model: TimelineModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  readonly filters: readonly string[];
}

/** Every message of the team in time order, as `time  from → to  rendering`. */
export function TimelineView({ model, colors, width, filters }: TimelineViewProps) {
  const { entries, window } = model;
  const visible = entries.slice(window.start, window.end);
  const longest = Math.max(4, ...visible.map((entry) => entry.message.from.length));
  const nameWidth = Math.min(longest, Math.max(8, Math.floor(width * 0.18)));
  const shown = entries.length === model.total ? `${model.total} messages` : `${entries.length} of ${model.total} messages`;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate-end">
        <Text bold inverse>
          {' Timeline '}
        </Text>
        <Text dimColor>
          {' '}
          {shown}
          {filters.length > 0 ? ` · ${fit(filters.join(' · '), 80)}` : ''}
          {window.start > 0 ? ` · ↑ ${window.start} earlier` : ''}
          {' · t back to the dashboard'}
        </Text>
      </Text>
      {entries.length === 0 ? <Text dimColor>  {model.total === 0 ? 'no messages yet' : 'no message passes the filters'}</Text> : null}
      {visible.map((entry, i) => (
        <TimelineRow
          key={entry.message.key}
          entry={entry}
          selected={window.start + i === window.selected}
          colors={colors}
          nameWidth={nameWidth}
        />
      ))}
    </Box>
  );
}
