import { quietAt, stallsAt, type Thresholds } from '../../core/model/settings.js';
import { isOpen, type Handshake } from '../../core/model/handshakes.js';
import { handshakeTally } from '../../core/select/handshakes.js';
import { untilAgeChanges } from '../../core/model/time.js';
import type { Judgement } from '../../core/judge/index.js';
import type { MemberView } from '../../core/select/members.js';
import type { TeamSummary } from '../../core/select/teams.js';
import type { Detail } from '../panes/pane.js';
import type { FrameWork } from '../views/view.js';
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
export function nextChange(clocked: Clocked, ages: readonly number[] = []): number {
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
  // Only open and abandoned ones show a moving age: the answered ones, a long run's thousands, are not walked.
  for (const handshake of handshakeTally(handshakes).clocked) {
    const open = isOpen(handshake);
    // An abandoned one shows its age too, and never stalls.
    if ((!open && handshake.state !== 'abandoned') || handshake.agedFrom === null) continue;
    age(handshake.agedFrom, 2);
    const stallsIn = stallsAt(handshake.agedFrom, thresholds) - now;
    if (open && stallsIn > 0) next = Math.min(next, stallsIn);
  }
  for (const activity of work.activity.values()) {
    // An idle member's age is its status's; what it does otherwise says for how long, and a call turns overdue.
    if (activity.state !== 'idle' && activity.since !== null) age(activity.since, 1);
    if (activity.overdueAt !== null && activity.overdueAt > now) next = Math.min(next, activity.overdueAt - now);
  }
  for (const since of ages) age(since, 1);
  for (const diagnosis of diagnoses.diagnoses) age(diagnosis.since, 2);
  if (diagnoses.nextChangeAt > now) next = Math.min(next, diagnoses.nextChangeAt - now);
  if (detail?.item.since !== undefined) age(detail.item.since, 2);
  return next;
}
