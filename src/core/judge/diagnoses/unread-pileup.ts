/** `unread-pileup`: mail waits for a member at work that has taken nothing since the oldest came (docs/internals/diagnoses.md). */
import { isRequest } from '../../model/handshakes.js';
import type { MemberStatus } from '../../model/member-status.js';
import { diagnosis, inboxEvidence, messagesEvidence, unique, type Detector } from './diagnosis.js';
import { cameAt, isPresent, type TeamFacts } from './facts.js';
import { listed, plural } from '../../text/words.js';

/** Statuses of a member that takes its mail: not blocked on its own request, not on its way out. */
const READING: ReadonlySet<MemberStatus> = new Set(['lead', 'working', 'quiet', 'idle', 'interrupted']);

const teammatesLeft = (facts: TeamFacts, lead: string): boolean =>
  [...facts.members.values()].some((member) => member.name !== lead && member.known && !member.gone);

export const unreadPileup: Detector = {
  kind: 'unread-pileup',
  detect(facts) {
    return [...facts.inboxes].flatMap(([name, inbox]) => {
      const member = facts.members.get(name);
      if (!member || !READING.has(member.status) || !isPresent(facts, name)) return [];
      if (member.isLead && !teammatesLeft(facts, name)) return [];
      const waiting = inbox.waiting.filter((message) => message.from !== name && message.kind !== 'task_assignment' && !isRequest(message));
      const oldest = waiting[0];
      if (!oldest) return [];
      const since = cameAt(oldest);
      // It took a message that came after, or took one since: mail reaches it.
      if (inbox.lastTaken >= since || !facts.clock.stalled(since)) return [];
      return [
        diagnosis('unread-pileup', `inbox:${name}`, {
          severity: 'warning',
          members: [name],
          since,
          summary: `${plural(waiting.length, 'message')} from ${listed(unique(waiting.map((message) => message.from)))} ${waiting.length === 1 ? 'waits' : 'wait'} in ${name}'s inbox, and ${name} has picked up none since ${waiting.length === 1 ? 'it' : 'the oldest'} came`,
          action: member.isLead
            ? `check the lead's session: it reads its inbox between turns, so it may be stuck in one (a prompt waiting for an answer)`
            : `send ${name} a short plain-text message (a new message wakes an idle teammate), and check its process is alive (tmux: its pane)`,
          evidence: [inboxEvidence(name, since), ...messagesEvidence(waiting)],
        }),
      ];
    });
  },
};
