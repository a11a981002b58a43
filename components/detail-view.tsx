import { Box, Text } from 'ink';
import React from 'react';
import { formatAge } from '../src/domain/time.js';
import type { DetailModel } from './dashboard-model.js';
import { memberColor, palette, useTheme } from './theme.js';
import { fit } from './text.js';

export interface DetailViewProps {
  readonly detail: DetailModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
  readonly now: number;
}

function Name({ name, colors }: { name: string; colors: ReadonlyMap<string, string | null> }) {
  const { paint } = useTheme();
  return (
    <Text color={paint(memberColor(colors.get(name)))} bold>
      {fit(name, 40)}
    </Text>
  );
}

function Facts({ detail, colors, now }: Omit<DetailViewProps, 'width'>) {
  const { paint } = useTheme();
  const { item } = detail;
  if (item.kind === 'handshake') {
    const { handshake } = item;
    return (
      <>
        <Text wrap="truncate-end">
          <Text bold>{fit(handshake.kind, 40)} </Text>
          <Name name={handshake.from} colors={colors} />
          <Text dimColor> asked </Text>
          <Name name={handshake.to} colors={colors} />
        </Text>
        <Text wrap="truncate-end">
          <Text bold color={paint(handshake.state === 'approved' ? palette.ok : handshake.state === 'pending' ? palette.warning : palette.danger)}>
            {handshake.state}
          </Text>
          <Text dimColor>
            {handshake.response ? '' : ` for ${formatAge(handshake.ageSeconds * 1000)}`}
            {handshake.orphan ? ' · the request was never seen' : ''}
          </Text>
        </Text>
      </>
    );
  }
  if (item.kind === 'task') {
    const { task } = item;
    return (
      <>
        <Text wrap="truncate-end" bold>
          {`#${task.id} `}
          {fit(task.subject || '(no subject)', 200)}
        </Text>
        <Text wrap="truncate-end">
          <Text dimColor>owner </Text>
          <Text color={task.owner ? paint(memberColor(colors.get(task.owner))) : undefined}>{task.owner ? fit(task.owner, 40) : '—'}</Text>
          <Text dimColor> · {task.state.replace('_', ' ')}</Text>
          {task.internal ? <Text dimColor> · teammate tracker</Text> : null}
        </Text>
      </>
    );
  }
  const { message, recipients } = item;
  const when = message.timestamp
    ? `${fit(message.timestamp, 40)}${Number.isFinite(message.time) ? ` (${formatAge(Math.max(0, now - message.time))} ago)` : ''}`
    : 'no timestamp';
  return (
    <>
      <Text wrap="truncate-end">
        <Text color={paint(memberColor(colors.get(message.from) ?? message.color))} bold>
          {fit(message.from, 40)}
        </Text>
        <Text dimColor> → </Text>
        {recipients.map((recipient, i) => (
          <Text key={recipient}>
            {i > 0 ? ', ' : ''}
            <Name name={recipient} colors={colors} />
          </Text>
        ))}
        <Text dimColor> · {message.kind === 'text' ? 'message' : fit(message.kind, 40)}</Text>
        {message.summary ? <Text> · {fit(message.summary, 120)}</Text> : null}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {when} · {message.read ? 'read' : 'unread'}
        {message.delivered ? ' · delivered (gone from the inbox file)' : ''}
      </Text>
    </>
  );
}

/** An opened message or task, full width, scrollable. */
export function DetailView({ detail, colors, width, now }: DetailViewProps) {
  const { paint } = useTheme();
  const { lines, page, scroll } = detail;
  const shown = lines.slice(scroll, scroll + page);
  const position = lines.length > page ? ` ${scroll + 1}-${Math.min(lines.length, scroll + page)} of ${lines.length} lines ` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={paint(palette.accent)} width={width} paddingX={1}>
      <Facts detail={detail} colors={colors} now={now} />
      {shown.map((line, i) => (
        <Text key={scroll + i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        esc close{position ? ` · ↑↓ PgUp PgDn scroll ·${position}` : ''}
      </Text>
    </Box>
  );
}
