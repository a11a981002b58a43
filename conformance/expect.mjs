// Helpers of the scenarios' `teamtop` expectations (issue 35): what
// teamtop's `--follow --json` events (run.mjs: `receivedAt` on the monotonic
// clock) must show, for the expectations judged live.

/**
 * Whether `member` was shown dead (an `activity` or `member` event saying
 * `dead`) within `ms` of `killedAt` (monoMs), and never working after that.
 */
export function diedWithin(events, member, killedAt, ms) {
  const after = events.filter((event) => event.member === member && event.receivedAt >= killedAt);
  const stateOf = (event) => event.status ?? event.member?.status ?? event.activity?.state;
  const dead = after.find((event) => stateOf(event) === 'dead');
  if (!dead || dead.receivedAt - killedAt > ms) return false;
  return !after.some((event) => event.receivedAt > dead.receivedAt && ['tool', 'thinking', 'writing'].includes(event.activity?.state));
}
