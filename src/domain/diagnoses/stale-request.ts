/**
 * `stale-request`: a member that joined again under the same name answers, or
 * is about to receive, a request sent to its earlier self. A respawned
 * teammate reads what is left in its inbox as its own: an old shutdown request
 * ends the new agent, an old plan answer steers it.
 *
 * A request sent while the member was gone is not stale: 2.1.330 brings an
 * in-process teammate back when it is messaged, and that message is for it.
 *
 * One it will take warns while it is on the team, and clears when it leaves.
 * One it answered warns while it is on the team (it may act on it), then
 * stays as what happened (an old shutdown request approved ends the new agent
 * at once: this says why), until the name joins yet again.
 */
import type { Handshake } from '../handshakes.js';
import { minOf } from '../lists.js';
import { currentStay } from '../roster.js';
import { diagnosis, memberEvidence, messageEvidence, oldestFirst, requestName, type Detector } from './diagnosis.js';
import { isPresent, type MemberFacts, type TeamFacts } from './facts.js';

/**
 * When its earlier self was last there: it approved a shutdown or was seen
 * leaving before it joined again (the join itself when neither is known).
 * Undefined when nothing says it had an earlier self.
 */
function earlierSelfUntil(facts: TeamFacts, member: MemberFacts, joinedAt: number): number | undefined {
  const { stays } = member;
  const before = (time: number) => time < joinedAt;
  const wrote = before(facts.sentBy(member.name)[0]?.time ?? Number.NaN);
  if (stays.length < 2 && !wrote) return undefined;
  const approvals = facts.handshakes
    .filter((handshake) => handshake.kind === 'shutdown' && handshake.to === member.name)
    .flatMap((handshake) => handshake.answers)
    .filter((answer) => answer.state === 'approved' && answer.at !== null && before(answer.at))
    .map((answer) => answer.at!);
  const left = stays.length >= 2 ? stays[stays.length - 2]!.leftAt : Number.NaN;
  const ends = [left, ...approvals].filter(Number.isFinite);
  return ends.length > 0 ? minOf(ends) : joinedAt;
}

/** How the rejoined member meets a request to its earlier self: answered it, will receive it, or neither. */
function meeting(handshake: Handshake, joinedAt: number, name: string): 'answered' | 'receives' | undefined {
  if (handshake.answers.some((answer) => answer.from === name && answer.at !== null && answer.at >= joinedAt)) return 'answered';
  if (handshake.response) return undefined;
  const { request } = handshake;
  // Still in its inbox, or seen leaving it since the new stay began: the new agent takes it.
  return request && (!request.delivered || request.deliveredAt >= joinedAt) ? 'receives' : undefined;
}

export const staleRequest: Detector = {
  kind: 'stale-request',
  detect(facts) {
    return [...facts.members.values()].flatMap((member) => {
      const joinedAt = currentStay(member.stays)?.joinedAt ?? Number.NaN;
      if (!Number.isFinite(joinedAt)) return [];
      // Requests from before it joined, if any, and only then: was there an earlier self, and until when?
      const older = facts.handshakes.filter(
        (handshake) => handshake.to === member.name && handshake.request && handshake.request.time < joinedAt,
      );
      const until = older.length > 0 ? earlierSelfUntil(facts, member, joinedAt) : undefined;
      if (until === undefined) return [];
      const present = isPresent(facts, member.name);
      return older.flatMap((handshake) => {
        const request = handshake.request!;
        if (!(request.time < until)) return [];
        const how = meeting(handshake, joinedAt, member.name);
        if (!how || (how === 'receives' && !present)) return [];
        const { name } = member;
        const what = `${handshake.from}'s ${requestName(handshake.kind)} ${handshake.requestId}`;
        return [
          diagnosis('stale-request', `handshake:${handshake.requestId}`, {
            severity: present ? 'warning' : 'info',
            members: [name, handshake.from],
            since: joinedAt,
            summary:
              how === 'answered'
                ? `${name} joined again and answered ${what}, sent to the ${name} that was there before`
                : `${name} joined again and will take ${what} as its own, though it was sent to the ${name} that was there before`,
            action:
              how === 'answered'
                ? `check what the new ${name} did on it, and ask the new ${name} again; spawn a teammate under a fresh name to avoid this`
                : `tell ${name} in plain text to ignore request ${handshake.requestId}, or answer it for it; spawn a teammate under a fresh name to avoid this`,
            evidence: oldestFirst([
              messageEvidence(request),
              memberEvidence(name, joinedAt),
              ...handshake.answers.filter((answer) => answer.from === name).map((answer) => messageEvidence(answer.message)),
            ]),
          }),
        ];
      });
    });
  },
};
