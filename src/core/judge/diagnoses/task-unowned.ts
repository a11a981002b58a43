/**
 * `task-unowned` (information): a task is pending with no owner because the
 * member that had it left: Claude Code (2.1.332) puts a teammate's task in
 * progress back to pending, and takes its owner away, as the teammate shuts
 * down. Nobody picks a pending task up unless told, so it waits. Who had it
 * is known from its file seen losing its owner, else from the member's own
 * `TaskUpdate` call (its transcript) that claimed it. Clears when it has an
 * owner again, or is done or deleted.
 */
import { diagnosis, memberEvidence, taskEvidence, type Detector } from './diagnosis.js';
import type { TeamFacts } from './facts.js';

/** Who had the task, and when it was last known to (NaN: not known when): its file's history, else a claim in a transcript. */
function formerOwner(facts: TeamFacts, id: string, seen: { owner: string; at: number } | null): { owner: string; at: number } | undefined {
  if (seen) return seen;
  let found: { owner: string; at: number } | undefined;
  for (const [name, { taskSets }] of facts.work) {
    const set = taskSets.get(id);
    // A member's own claim of it: it made itself the owner, or started it.
    if (!set || !(set.owner === name || set.status === 'in_progress')) continue;
    if (!found || set.at > found.at) found = { owner: name, at: set.at };
  }
  return found;
}

export const taskUnowned: Detector = {
  kind: 'task-unowned',
  detect(facts) {
    return facts.tasks.flatMap((task) => {
      if (task.internal || task.owner || task.status !== 'pending' || task.state === 'deleted') return [];
      const former = formerOwner(facts, task.id, task.ownerBefore);
      if (!former) return [];
      const member = facts.members.get(former.owner);
      // Its owner is still on the team: someone took it off on purpose.
      const left = member === undefined || member.gone || member.deadSince !== null || facts.ended;
      if (!left) return [];
      const how = member?.deadSince !== null && member !== undefined ? 'died' : member?.approval ? 'shut down' : 'left';
      return [
        diagnosis('task-unowned', `unowned:${task.id}`, {
          severity: 'info',
          members: [former.owner],
          since: former.at,
          summary: `task #${task.id} (${task.subject}) went back to pending without an owner when ${former.owner} ${how}`,
          action: `give task #${task.id} to a member (TaskUpdate owner): nobody starts a pending task unless told`,
          evidence: [taskEvidence(task), memberEvidence(former.owner, former.at)],
        }),
      ];
    });
  },
};
