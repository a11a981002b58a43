/**
 * `to-departed`: messages sent to a member after it shut down or left the
 * roster: nobody will read them. 2.1.330 refuses a message to a tmux teammate
 * that left, and brings an in-process one back with it (a new stay: that
 * clears this); what is sent after it leaves again stays unread.
 *
 * An answer to a request is left out: the one who asked has stopped waiting,
 * and nothing is lost (2.1.34's lead acknowledged each approved shutdown so).
 * A message counts once it has waited SETTLING_MS: the in-process teammate it
 * brings back rejoins within that.
 */
import { isRequest, takesPartInHandshake } from '../handshakes.js';
import { diagnosis, listed, memberEvidence, messagesEvidence, plural, unique, type Detector } from './diagnosis.js';
import { cameAt, SETTLING_MS } from './facts.js';

export const toDeparted: Detector = {
  kind: 'to-departed',
  detect(facts) {
    return [...facts.members.values()].flatMap((member) => {
      const { name, goneAt } = member;
      if (!member.gone || !Number.isFinite(goneAt)) return [];
      const late = (facts.inboxes.get(name)?.messages ?? []).filter(
        (message) =>
          message.time > goneAt &&
          message.from !== name &&
          !(takesPartInHandshake(message) && !isRequest(message)) &&
          facts.clock.passed(cameAt(message), SETTLING_MS),
      );
      if (late.length === 0) return [];
      const senders = unique(late.map((message) => message.from));
      const how = member.approval && member.approval.time <= goneAt ? 'shut down' : 'left the roster';
      return [
        diagnosis('to-departed', `mail:${name}`, {
          severity: 'warning',
          members: [name, ...senders],
          since: late[0]!.time,
          summary: `${listed(senders)} sent ${name} ${plural(late.length, 'message')} after it ${how}: nobody will read ${late.length === 1 ? 'it' : 'them'}`,
          action: `send what they ask to a member still on the team, or spawn ${name} again to take them`,
          evidence: [memberEvidence(name, goneAt), ...messagesEvidence(late)],
        }),
      ];
    });
  },
};
