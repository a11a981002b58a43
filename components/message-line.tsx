import { Text } from 'ink';
import React from 'react';
import type { InboxMessage } from '../src/domain/inbox.js';
import { verdictOf } from '../src/domain/protocol.js';
import { sanitizeLine } from '../src/domain/sanitize.js';
import { formatClock } from '../src/domain/time.js';
import { memberColor, palette, useTheme } from './theme.js';
import { fitPad } from './text.js';

export type Tone = 'plain' | 'quiet' | 'request' | 'yes' | 'no';

/** How a message reads at a glance: requests stand out, answers say yes or no. */
export function toneOf(message: InboxMessage): Tone {
  if (!message.data) return 'plain';
  if (message.kind === 'idle_notification') return 'quiet';
  if (message.kind.endsWith('_request')) return 'request';
  const verdict = verdictOf(message.data);
  if (verdict === true) return 'yes';
  if (verdict === false) return 'no';
  return 'plain';
}

const TONE_COLORS: Readonly<Record<Tone, string | undefined>> = {
  plain: undefined,
  quiet: undefined,
  request: palette.warning,
  yes: palette.ok,
  no: palette.danger,
};

export const UNREAD_MARK = '●';
export const READ_MARK = '○';

/** The read mark, the summary of a plain message, and the one-line rendering. */
export function MessageBody({ message, unread }: { readonly message: InboxMessage; readonly unread: boolean }) {
  const { paint } = useTheme();
  const tone = toneOf(message);
  const color = TONE_COLORS[tone];
  return (
    <>
      <Text bold={unread} color={unread ? paint(palette.accent) : undefined} dimColor={!unread}>
        {' '}
        {unread ? UNREAD_MARK : READ_MARK}{' '}
      </Text>
      {!message.data && message.summary ? <Text bold>{sanitizeLine(message.summary)} · </Text> : null}
      <Text color={color ? paint(color) : undefined} dimColor={tone === 'quiet'}>
        {sanitizeLine(message.text)}
      </Text>
    </>
  );
}

export const isUnread = (message: InboxMessage): boolean => !message.read && !message.delivered;

export interface MessageLineProps {
  readonly message: InboxMessage;
  /** Colour name of the sender. */
  readonly senderColor: string | null;
  readonly selected: boolean;
  /** Columns for the sender's name. */
  readonly senderWidth: number;
}

/** One message on one line: time, sender, read mark, rendering. Truncated by Ink to the row. */
export const MessageLine = React.memo(function MessageLine({ message, senderColor, selected, senderWidth }: MessageLineProps) {
  const { paint } = useTheme();
  return (
    <Text wrap="truncate-end" inverse={selected}>
      <Text dimColor>{formatClock(message.time)} </Text>
      <Text color={paint(memberColor(senderColor ?? message.color))}>{fitPad(message.from, senderWidth)}</Text>
      <MessageBody message={message} unread={isUnread(message)} />
    </Text>
  );
});
