import { quietAt, type Thresholds } from '../../core/model/settings.js';
import type { Handshake } from '../../core/model/handshakes.js';
import { nextStallAt } from '../../core/select/handshakes.js';
import { untilAgeChanges } from '../../core/model/time.js';
import type { Judgement } from '../../core/judge/index.js';
import type { MemberView } from '../../core/select/members.js';
import type { TeamSummary } from '../../core/select/teams.js';
import type { Detail } from '../panes/pane.js';
import type { BuiltView, FrameWork } from '../views/view.js';
import { LONG_WAIT_MS } from '../panes/members/model.js';

interface Clocked {
  readonly now: number;
  readonly teams: readonly TeamSummary[];
  readonly members: readonly MemberView[];
  readonly handshakes: readonly Handshake[];
  readonly diagnoses: Judgement;
  readonly work: FrameWork;
  readonly thresholds: Thresholds;
  readonly detail: { readonly item: Detail } | null;
}

/**
 * The soonest instant a time on screen changes (an age, a call turning overdue, a handshake stalling, a member
 * going quiet, a diagnosis due): an idle dashboard redraws only then. Each time and its unit: docs/internals/views.md.
 */
export function nextChange(clocked: Clocked, shown: Pick<BuiltView, 'ages' | 'longAges'> = {}): number {
  const { now, teams, members, handshakes, diagnoses, work, thresholds, detail } = clocked;
  let next = Number.POSITIVE_INFINITY;
  const age = (since: number, units: 1 | 2) => {
    if (Number.isFinite(since)) next = Math.min(next, untilAgeChanges(now - since, units));
  };
  for (const team of teams) age(team.lastActivity, 1);
  for (const member of members) {
    if (member.status !== 'lead') age(member.statusSince, 1);
    const quietIn = quietAt(member.lastSignOfLife, thresholds) - now;
    if (member.status === 'working' && quietIn > 0) next = Math.min(next, quietIn);
    // Its unread count says how long the oldest waited, from LONG_WAIT_MS on.
    if (member.unread > 0 && Number.isFinite(member.waitingSince)) {
      const waited = now - member.waitingSince;
      next = Math.min(next, waited < LONG_WAIT_MS ? LONG_WAIT_MS - waited : untilAgeChanges(waited, 1));
    }
  }
  // Any open one stalling changes the counts and the diagnoses; only those on screen show their age (the view says which).
  const stall = nextStallAt(handshakes, thresholds, now);
  if (stall > now) next = Math.min(next, stall - now);
  for (const activity of work.activity.values()) {
    // An idle member's age is its status's; what it does otherwise says for how long, and a call turns overdue.
    if (activity.state !== 'idle' && activity.since !== null) age(activity.since, 1);
    if (activity.overdueAt !== null && activity.overdueAt > now) next = Math.min(next, activity.overdueAt - now);
  }
  for (const since of shown.ages ?? []) age(since, 1);
  for (const since of shown.longAges ?? []) age(since, 2);
  if (diagnoses.nextChangeAt > now) next = Math.min(next, diagnoses.nextChangeAt - now);
  if (detail?.item.since !== undefined) age(detail.item.since, 2);
  return next;
}
