/** `to-departed`: mail nobody will read because its member has gone, sent after it went or left untaken (docs/internals/diagnoses.md). */
import { isRequest, takesPartInHandshake } from '../../model/handshakes.js';
import type { InboxMessage } from '../../model/inbox.js';
import { minOf } from '../../model/lists.js';
import { currentStay } from '../../model/roster.js';
import { diagnosis, memberEvidence, messagesEvidence, oldestFirst, unique, type Detector } from './diagnosis.js';
import { cameAt, SETTLING_MS, type MemberFacts } from './facts.js';
import { listed, plural } from '../../text/words.js';

/** When teamtop saw the member go: its approval came, or it was seen leaving the roster (its `goneAt` when neither was seen). */
function seenGoing(member: MemberFacts): number {
  const seen = [member.approval ? cameAt(member.approval) : Number.NaN, currentStay(member.stays)?.leftAt ?? Number.NaN].filter(
    Number.isFinite,
  );
  return seen.length > 0 ? minOf(seen) : member.goneAt;
}

/** `2 messages after it shut down`, `2 messages before it left the roster that it never took`, or both. */
function whatWasLost(before: number, after: number, how: string): string {
  const never = `before it ${how} that it never took`;
  if (after === 0) return `${plural(before, 'message')} ${never}`;
  if (before === 0) return `${plural(after, 'message')} after it ${how}`;
  return `${plural(before + after, 'message')}, ${before} ${never} and ${after} after`;
}

export const toDeparted: Detector = {
  kind: 'to-departed',
  detect(facts) {
    return [...facts.members.values()].flatMap((member) => {
      const { name, goneAt } = member;
      if (!member.gone || !Number.isFinite(goneAt)) return [];
      const inbox = facts.inboxes.get(name);
      const forIt = (message: InboxMessage) => message.from !== name && !(takesPartInHandshake(message) && !isRequest(message));
      const late = (inbox?.messages ?? []).filter(
        (message) => message.time > goneAt && forIt(message) && facts.clock.passed(cameAt(message), SETTLING_MS),
      );
      const waiting = (inbox?.waiting ?? []).filter(
        (message) => !(message.time > goneAt) && forIt(message) && message.kind !== 'shutdown_request',
      );
      const untaken = waiting.length > 0 && facts.clock.passed(seenGoing(member), SETTLING_MS) ? waiting : [];
      const lost = [...untaken, ...late];
      if (lost.length === 0) return [];
      const senders = unique(lost.map((message) => message.from));
      const how = member.approval && member.approval.time <= goneAt ? 'shut down' : 'left the roster';
      return [
        diagnosis('to-departed', `mail:${name}`, {
          severity: 'warning',
          members: [name, ...senders],
          since: untaken.length > 0 ? goneAt : late[0]!.time,
          summary: `${listed(senders)} sent ${name} ${whatWasLost(untaken.length, late.length, how)}: nobody will read ${lost.length === 1 ? 'it' : 'them'}`,
          action: `send what they ask to a member still on the team, or spawn ${name} again to take them`,
          evidence: oldestFirst([memberEvidence(name, goneAt), ...messagesEvidence(lost)]),
        }),
      ];
    });
  },
};
