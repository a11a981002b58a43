/**
 * The report's time axis is the files' clock (Claude Code's stamps); what teamtop saw is on its own clock. They agree live, but a
 * re-enacted recording replays files stamped days before, so the gap is measured on messages seen arriving and taken off.
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
