// An opened message: its envelope's facts (taken, recovered, a skewed clock's two times), then its text and fields, sanitised.
import { agedFrom, isSkewed, type InboxMessage } from '../../core/model/inbox.js';
import { append } from '../../core/model/lists.js';
import { formatAge, formatClock, formatWait } from '../../core/model/time.js';
import type { Part } from './fitted-line.js';
import type { Detail, Look } from '../panes/pane.js';
import { fit, wrapBlock } from '../../core/text/fit.js';
import { memberColor } from './theme.js';

export function wrap(text: string, width: number): readonly string[] {
  return wrapBlock(text, Math.max(10, width));
}

export const namePart = (look: Look, who: string): Part => ({
  text: fit(who, 40),
  color: look.paint(memberColor(look.colors.get(who))),
  bold: true,
});

/** A protocol object's fields as `key: value` lines; nested objects use dotted keys. */
export function fieldLines(data: Readonly<Record<string, unknown>>, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (prefix === '' && key === 'type') continue;
    const name = `${prefix}${key}`;
    if (typeof value === 'string' && value.includes('\n')) {
      lines.push(`${name}:`);
      append(
        lines,
        value.split(/\r?\n/u).map((line) => `  ${line}`),
      );
    } else if (typeof value === 'string') {
      lines.push(`${name}: ${value}`);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
      append(lines, fieldLines(value as Record<string, unknown>, `${name}.`));
    } else {
      lines.push(`${name}: ${JSON.stringify(value)}`);
    }
  }
  return lines;
}

/** Kept for the width they were wrapped to: an opened message is drawn on every frame, and a long plan costs as much each time. */
const wrappedMessages = new WeakMap<InboxMessage, { readonly width: number; readonly lines: readonly string[] }>();

export function messageLines(message: InboxMessage, width: number): readonly string[] {
  const known = wrappedMessages.get(message);
  if (known?.width === width) return known.lines;
  const body = message.data
    ? [...wrap(message.text, width), '', ...fieldLines(message.data).flatMap((line) => wrap(line, width))]
    : wrap(message.body, width);
  // The envelope's own facts that no line shows: the lead's signature on a message to a tmux teammate.
  const signed = message.leadSig ? [...body, '', ...wrap(`signed by the lead (lead_sig): ${message.leadSig}`, width)] : body;
  const notes = notesOf(message);
  const lines = notes.length > 0 ? [...notes.flatMap((note) => wrap(note, width)), '', ...signed] : signed;
  wrappedMessages.set(message, { width, lines });
  return lines;
}

/** What the facts line has no room for: where a recovered message came from, and both times of one whose clock is off. */
function notesOf(message: InboxMessage): string[] {
  const notes: string[] = [];
  if (message.recovered)
    notes.push(
      `recovered from ${message.to}'s session transcript: its model took it at ${formatClock(message.takenAt)}, and the inbox file never showed it to teamtop (it came and went while teamtop could not look)`,
    );
  if (isSkewed(message))
    notes.push(
      `its timestamp ${message.timestamp} and its arrival, seen by teamtop at ${new Date(message.seenAt).toISOString()}, are ${formatAge(Math.abs(message.time - message.seenAt))} apart: its writer's clock is off, so it is aged from its arrival`,
    );
  return notes;
}

/** `taken 14:45:50, 2.0s after it left the file`: when its recipient's transcript shows its model took it. */
function takenText(message: InboxMessage): string {
  if (message.recovered) return `recovered · taken ${formatClock(message.takenAt)}`;
  if (Number.isFinite(message.takenAt)) {
    const after = Number.isFinite(message.deliveredAt) && message.takenAt > message.deliveredAt;
    return `taken ${formatClock(message.takenAt)}${after ? `, ${formatWait(message.takenAt - message.deliveredAt)} after it left the file` : ''}`;
  }
  if (message.untaken) return 'not taken yet';
  return message.read ? 'read' : 'unread';
}

/** `delivered 14:45:48, 0.4s after it came`: when it left its inbox file, and how long it sat there. */
function deliveryText(message: InboxMessage): string {
  if (!Number.isFinite(message.deliveredAt)) return 'delivered (gone from the inbox file)';
  const came = Number.isFinite(message.seenAt) ? message.seenAt : message.time;
  const wait = Number.isFinite(came) ? `, ${formatWait(Math.max(0, message.deliveredAt - came))} after it came` : '';
  return `delivered ${formatClock(message.deliveredAt)}${wait} (gone from the inbox file)`;
}

/** A message opened, as sent to `recipients` (a broadcast from the timeline is one message to many). */
export function messageDetail(message: InboxMessage, recipients: readonly string[]): Detail {
  return {
    since: agedFrom(message),
    lines: (width) => messageLines(message, width),
    facts: (look) => {
      const aged = agedFrom(message);
      const age = Number.isFinite(aged) ? ` (${formatAge(Math.max(0, look.now - aged))} ago)` : '';
      const when = isSkewed(message)
        ? `arrived ${formatClock(message.seenAt)}${age}, stamped ${fit(message.timestamp, 40)}`
        : message.timestamp
          ? `${fit(message.timestamp, 40)}${age}`
          : 'no timestamp';
      const first: Part[] = [
        { ...namePart(look, message.from), color: look.paint(memberColor(look.colors.get(message.from) ?? message.color)) },
        { text: ' → ', dimColor: true },
      ];
      recipients.forEach((recipient, i) => {
        if (i > 0) first.push({ text: ', ' });
        first.push(namePart(look, recipient));
      });
      first.push({ text: ` · ${message.kind === 'text' ? 'message' : fit(message.kind, 40)}`, dimColor: true });
      if (message.summary) first.push({ text: ` · ${fit(message.summary, 120)}` });
      const second: Part[] = [
        {
          text: `${when} · ${takenText(message)}${message.delivered && !message.recovered ? ` · ${deliveryText(message)}` : ''}`,
          dimColor: true,
        },
      ];
      return [first, second];
    },
  };
}
