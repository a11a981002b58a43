/** `started-while-blocked`: a task in progress or completed while a task blocking it is still open. */
import { diagnosis, taskEvidence, taskIds, unique, type Detector } from './diagnosis.js';

export const startedWhileBlocked: Detector = {
  kind: 'started-while-blocked',
  detect(facts) {
    const byId = new Map(facts.tasks.map((task) => [task.id, task]));
    return facts.tasks.flatMap((task) => {
      if (task.internal || task.openBlockers.length === 0 || (task.state !== 'in_progress' && task.state !== 'completed')) return [];
      const blockers = task.openBlockers;
      const owners = [task.owner, ...blockers.map((id) => byId.get(id)?.owner ?? null)].filter((owner): owner is string => owner !== null);
      const done = task.state === 'completed';
      return [
        diagnosis('started-while-blocked', `order:${task.id}`, {
          severity: 'info',
          members: unique(owners),
          since: Number.NaN,
          summary: `task #${task.id} (${task.subject}) is ${done ? 'completed' : 'in progress'} while ${taskIds(blockers)}, which it is blocked by, ${blockers.length === 1 ? 'is' : 'are'} not completed`,
          action: done
            ? `check task #${task.id}'s work once ${taskIds(blockers)} ${blockers.length === 1 ? 'is' : 'are'} done, or drop the dependency if it never needed ${blockers.length === 1 ? 'it' : 'them'}`
            : `finish ${taskIds(blockers)} first, or drop the dependency if task #${task.id} does not need ${blockers.length === 1 ? 'it' : 'them'}`,
          evidence: [taskEvidence(task), ...blockers.map((id) => taskEvidence({ id }))],
        }),
      ];
    });
  },
};
