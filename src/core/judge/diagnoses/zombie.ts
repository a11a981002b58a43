/** `zombie`: a member approved its shutdown, yet still writes or is still on the roster long after (docs/internals/diagnoses.md). */
import { diagnosis, memberEvidence, messagesEvidence, type Detector } from './diagnosis.js';
import { cameAt, isWaiting, SETTLING_MS } from './facts.js';
import { plural } from '../../text/words.js';

/** How long after its approval a member may stay on the roster: 2.1.330 takes it off within a second. */
const ZOMBIE_AFTER_MS = 60_000;

export const zombie: Detector = {
  kind: 'zombie',
  detect(facts) {
    return [...facts.members.values()].flatMap((member) => {
      const { approval } = member;
      if (!approval) return [];
      const approved = approval.time;
      const wrote = facts.sentBy(member.name).filter((message) => message.time > approved);
      // Unread a moment after it came: the lead reads what comes while a teammate is left.
      const unread = wrote.filter((message) => isWaiting(message) && facts.clock.passed(cameAt(message), SETTLING_MS));
      const lingers = member.listed && !facts.ended && facts.clock.passed(cameAt(approval), ZOMBIE_AFTER_MS);
      if (unread.length === 0 && !lingers) return [];
      const { name } = member;
      const said = [
        ...(wrote.length > 0 ? [`still wrote ${plural(wrote.length, 'message')} (${unread.length} unread)`] : []),
        ...(lingers ? ['is still on the roster'] : []),
      ];
      return [
        diagnosis('zombie', `member:${name}`, {
          severity: 'info',
          members: [name],
          since: approved,
          summary: `${name} approved its shutdown and ${said.join(', and ')}`,
          action:
            unread.length > 0
              ? `read what ${name} wrote after approving (once no teammate is left, the lead reads none of it), and end its process if it still runs`
              : `end ${name}'s process if it still runs (tmux: its pane), and check the lead is running: it takes a member off the roster when it reads the approval`,
          evidence: [memberEvidence(name, approved), ...messagesEvidence(wrote)],
        }),
      ];
    });
  },
};
