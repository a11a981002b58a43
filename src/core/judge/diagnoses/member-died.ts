/**
 * `member-died`: a member's process is gone without shutting down (killed,
 * crashed, the machine rebooted): nothing the client writes says so, so the
 * files go on saying it works, and its mail, its tasks and whoever waits on it
 * wait forever (model/liveness.ts says how teamtop looks). The lead's death
 * ends the team, and takes its in-process teammates with it: said once, for
 * the lead. Stands for as long as the member is on the roster.
 */
import { apiErrorWords } from '../../model/activity.js';
import { isRequest } from '../../model/handshakes.js';
import { plural } from '../../text/words.js';
import { diagnosis, inboxEvidence, memberEvidence, taskEvidence, taskIds, type Detector } from './diagnosis.js';
import type { MemberFacts, TeamFacts } from './facts.js';

const OPEN = new Set(['pending', 'in_progress', 'planning']);

/** What it was doing when it died, as its transcript last said: ` in the middle of a Bash call`. */
function doing(facts: TeamFacts, name: string): string {
  const activity = facts.work.get(name)?.activity;
  if (!activity) return '';
  if (activity.tool !== null) return `, in the middle of a ${activity.tool} call`;
  if (activity.failure)
    return `, after its model calls failed (API error ${apiErrorWords(activity.failure.status, activity.failure.error)})`;
  return '';
}

/** Its mail nobody will read: what waits in its inbox from others (not task assignments, not requests). */
function unread(facts: TeamFacts, name: string) {
  return (facts.inboxes.get(name)?.waiting ?? []).filter(
    (message) => message.from !== name && message.kind !== 'task_assignment' && !isRequest(message),
  );
}

function died(facts: TeamFacts, member: MemberFacts, withIt: readonly string[]) {
  const { name } = member;
  const since = member.deadSince ?? Number.NaN;
  const tasks = facts.tasks.filter((task) => task.owner === name && OPEN.has(task.status) && !task.internal && task.state !== 'deleted');
  const mail = unread(facts, name);
  const process = `process${member.pid === null ? '' : ` (pid ${member.pid})`}`;
  const who = member.isLead
    ? `the lead ${name}'s ${process} is gone without ending the team`
    : `${name}'s ${process} is gone without shutting down`;
  const parts = [
    tasks.length > 0 ? `${taskIds(tasks.map((task) => task.id))} ${tasks.length === 1 ? 'is' : 'are'} left open under it` : '',
    mail.length > 0 ? `${plural(mail.length, 'message')} wait${mail.length === 1 ? 's' : ''} unread in its inbox` : '',
    withIt.length > 0 ? `its in-process ${withIt.length === 1 ? 'teammate' : 'teammates'} ${withIt.join(', ')} went with it` : '',
  ].filter(Boolean);
  const action = member.isLead
    ? `the team has ended: resume the lead's session (claude --resume) to take it up again; stop its tmux teammates' panes if they run on, and remove teams/${facts.team}/ and tasks/${facts.team}/ once nobody needs them`
    : `${name} will not answer: give ${tasks.length > 0 ? `${taskIds(tasks.map((task) => task.id))}` : 'its work'} to another member (TaskUpdate owner) or spawn it again; mail to it is never read`;
  return diagnosis('member-died', `member:${name}`, {
    severity: 'warning',
    members: [name, ...withIt],
    since,
    summary: `${who}${doing(facts, name)}${parts.length > 0 ? `; ${parts.join('; ')}` : ''}`,
    action,
    evidence: [memberEvidence(name, since), ...tasks.map(taskEvidence), ...(mail.length > 0 ? [inboxEvidence(name, mail[0]!.time)] : [])],
  });
}

export const memberDied: Detector = {
  kind: 'member-died',
  detect(facts) {
    const members = [...facts.members.values()];
    const lead = members.find((member) => member.isLead);
    const leadDead = lead !== undefined && lead.deadSince !== null;
    return members.flatMap((member) => {
      if (member.deadSince === null || member.gone) return [];
      // An in-process teammate dies with its lead: the lead's diagnosis says so.
      if (!member.isLead && leadDead && member.backendType !== 'tmux') return [];
      const withIt = member.isLead
        ? members
            .filter((other) => !other.isLead && !other.gone && other.deadSince !== null && other.backendType !== 'tmux')
            .map((other) => other.name)
        : [];
      return [died(facts, member, withIt)];
    });
  },
};
