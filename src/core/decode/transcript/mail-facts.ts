/** The mail a user record's `<teammate-message>` elements hold, as facts: taken, or a teammate's spawn prompt. */
import type { TakenMail, TranscriptFact } from '../../model/transcript-facts.js';
import { firstLine, mailLine, NAME_MAX, protocolMessage, SPAWN_PROMPT_MAX, type TeammateMessage } from './text-lines.js';

/** `spawn`: the record is a teammate's first, whose first plain-text message is its spawn prompt. */
export function mailFacts(messages: readonly TeammateMessage[], at: number, spawn: boolean): TranscriptFact[] {
  const facts: TranscriptFact[] = [];
  const equal = new Map<string, number>();
  for (const message of messages) {
    // Equal messages in one record are as many messages.
    const same = `${message.from}\u0000${message.body}`;
    const nth = equal.get(same) ?? 0;
    equal.set(same, nth + 1);
    // A tmux teammate's first record also holds its task assignment, a protocol message.
    const line = spawn && protocolMessage(message.body) === undefined ? firstLine(message.body, SPAWN_PROMPT_MAX) : null;
    if (line !== null) {
      facts.push({ kind: 'spawn-prompt', line, at, mail: takenMail(message, at, true, nth) });
      spawn = false;
    } else {
      const from = firstLine(message.from, NAME_MAX) ?? '?';
      facts.push({ kind: 'mail-taken', from, line: mailLine(message), at, mail: takenMail(message, at, false, nth) });
    }
  }
  return facts;
}

/** A message as its inbox held it: the body without the line breaks the client adds; of a protocol message, its JSON line only. */
export function takenMail(message: TeammateMessage, at: number, spawn = false, nth = 0): TakenMail {
  let text = message.body;
  if (text.startsWith('\n')) text = text.slice(1);
  if (text.endsWith('\n')) text = text.slice(0, -1);
  if (protocolMessage(text) !== undefined) {
    const start = text.search(/\S/u);
    const end = text.indexOf('\n', start);
    text = text.slice(start, end < 0 ? undefined : end);
  }
  return {
    from: message.from,
    summary: message.summary ?? null,
    color: message.color ?? null,
    text,
    at,
    ...(spawn ? { spawn } : {}),
    ...(nth > 0 ? { nth } : {}),
  };
}
