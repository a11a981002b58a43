import React from 'react';
import { isUnread, type InboxMessage } from '../../core/model/inbox.js';
import { verdictOf } from '../../core/decode/protocol.js';
import { formatClock } from '../../core/model/time.js';
import { FittedLine, type Part } from './fitted-line.js';
import { memberColor, palette, useTheme, type Theme } from './theme.js';
import { fit, fitPad } from '../../core/text/fit.js';

type Tone = 'plain' | 'quiet' | 'request' | 'yes' | 'no';

/** How a message reads at a glance: requests stand out, answers say yes or no. */
function toneOf(message: InboxMessage): Tone {
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

/** The read mark, the summary and the rendering, in at most `width` columns (a long text is not read past them). */
export function messageBodyParts(message: InboxMessage, unread: boolean, paint: Theme['paint'], width: number): Part[] {
  const tone = toneOf(message);
  const color = TONE_COLORS[tone];
  const parts: Part[] = [
    { text: ` ${unread ? UNREAD_MARK : READ_MARK} `, bold: unread, color: unread ? paint(palette.accent) : undefined, dimColor: !unread },
  ];
  if (!message.data && message.summary) parts.push({ text: `${fit(message.summary, width)} · `, bold: true });
  parts.push({ text: fit(message.text, width), color: color ? paint(color) : undefined, dimColor: tone === 'quiet' });
  return parts;
}

export { isUnread };

interface MessageLineProps {
  readonly message: InboxMessage;
  /** Colour name of the sender. */
  readonly senderColor: string | null;
  readonly selected: boolean;
  readonly senderWidth: number;
  readonly width: number;
}

/** One message on one line: time, sender, read mark, rendering, fitted to the row. */
export const MessageLine = React.memo(function MessageLine({ message, senderColor, selected, senderWidth, width }: MessageLineProps) {
  const { paint } = useTheme();
  const parts: Part[] = [
    { text: `${formatClock(message.time)} `, dimColor: true },
    { text: fitPad(message.from, senderWidth), color: paint(memberColor(senderColor ?? message.color)) },
    ...messageBodyParts(message, isUnread(message), paint, width),
  ];
  return <FittedLine parts={parts} width={width} inverse={selected} marks />;
});
