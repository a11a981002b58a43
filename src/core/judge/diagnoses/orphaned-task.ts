/** `orphaned-task`: an open task owned by a member who is gone, or gone with the team (docs/internals/diagnoses.md). */
import { minOf } from '../../model/lists.js';
import { currentStay } from '../../model/roster.js';
import { diagnosis, memberEvidence, taskEvidence, taskIds, type Detector } from './diagnosis.js';
import { cameAt, SETTLING_MS, type MemberFacts, type TeamFacts } from './facts.js';

const OPEN = new Set(['pending', 'in_progress', 'planning']);

/** When teamtop saw the member go: its approval came, or it was seen leaving the roster (NaN: it went before teamtop looked). */
function seenGoing(member: MemberFacts): number {
  const seen = [member.approval ? cameAt(member.approval) : Number.NaN, currentStay(member.stays)?.leftAt ?? Number.NaN];
  const known = seen.filter(Number.isFinite);
  return known.length > 0 ? minOf(known) : Number.NaN;
}

/** Why the owner cannot do the task; undefined when it can (or may yet be unassigned by the client). */
function absence(facts: TeamFacts, owner: string): string | undefined {
  const member = facts.members.get(owner);
  if (member && !member.gone && member.deadSince !== null) return 'died (its process is gone)';
  if (facts.ended) return 'went with the team';
  if (!member) return facts.hasRoster ? 'is on no roster' : undefined;
  if (!member.known && facts.hasRoster) return 'is on no roster';
  if (!member.gone) return undefined;
  const going = seenGoing(member);
  if (Number.isFinite(going) && !facts.clock.passed(going, SETTLING_MS)) return undefined;
  return member.approval ? 'has shut down' : 'has left the roster';
}

export const orphanedTask: Detector = {
  kind: 'orphaned-task',
  detect(facts) {
    return facts.tasks.flatMap((task) => {
      if (task.internal || !task.owner || !OPEN.has(task.status) || task.state === 'deleted') return [];
      const why = absence(facts, task.owner);
      if (!why) return [];
      const stuck = facts.tasks.filter((other) => other.openBlockers.includes(task.id));
      const goneAt = facts.members.get(task.owner)?.goneAt ?? Number.NaN;
      const state = task.status === 'in_progress' ? 'in progress' : task.status;
      return [
        diagnosis('orphaned-task', `task:${task.id}`, {
          severity: 'warning',
          members: [task.owner],
          since: facts.ended ? Number.NaN : goneAt,
          summary: `task #${task.id} (${task.subject}) is ${state} under ${task.owner}, who ${why}${stuck.length > 0 ? `; ${taskIds(stuck.map((other) => other.id))} wait${stuck.length === 1 ? 's' : ''} on it` : ''}`,
          action: facts.ended
            ? `the team has ended: carry task #${task.id} over to a new team, or remove tasks/${facts.team}/ if nobody needs it`
            : `give task #${task.id} to a member still on the team (TaskUpdate owner), or set it back to pending`,
          evidence: [taskEvidence(task), memberEvidence(task.owner, goneAt), ...stuck.map(taskEvidence)],
        }),
      ];
    });
  },
};
