/**
 * The report draws a run on one time axis: the team's files' clock, the one
 * Claude Code stamps messages and `joinedAt` with. What teamtop saw happen
 * (a member leaving the roster, a message taken) is on its own clock. On the
 * machine that ran the team the two agree to within the few milliseconds a
 * write takes to be seen; a run re-enacted from a recording (the conformance
 * suite, a benchmark) replays files stamped days before. The gap is measured
 * on the messages teamtop saw arrive, and taken off what it saw.
 */
import type { InboxMessage } from '../model/inbox.js';

/** How far teamtop's clock ran ahead of the files' (ms): the median of (seen − stamped) over the messages seen arriving; 0 when none was. */
export function seenAhead(messages: Iterable<InboxMessage>): number {
  const gaps: number[] = [];
  for (const message of messages) {
    const gap = message.seenAt - message.time;
    if (Number.isFinite(gap)) gaps.push(gap);
  }
  if (gaps.length === 0) return 0;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/** A time teamtop saw, on the files' clock (NaN stays NaN). */
export const onFilesClock = (seen: number, ahead: number): number => seen - ahead;
