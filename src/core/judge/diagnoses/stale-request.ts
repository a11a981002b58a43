/**
 * `stale-request`: a member that joined again under the same name answered a
 * request sent to its earlier self. A respawned teammate that reads what is
 * left in its inbox takes it as its own: an old shutdown request ends the new
 * agent, an old plan answer steers it.
 *
 * 2.1.330 does not let it happen: it clears a name's inbox when it spawns a
 * teammate under it, and a teammate it brings back never sees what was left
 * there (recorded: cc-2.1.330-realcc-stale-request-in-process). A request left
 * to an earlier self is therefore nobody's to answer, as one to a member who
 * has gone: neither stalled nor ignored (sentToEarlierSelf). Only an answer
 * from the new agent shows it took one (older versions let it).
 *
 * A request sent while the member was gone is not stale: 2.1.330 brings an
 * in-process teammate back when it is messaged, and that message is for it.
 *
 * One it answered warns while it is on the team (it may act on it), then
 * stays as what happened (an old shutdown request approved ends the new agent
 * at once: this says why), until the name joins yet again.
 */
import type { Handshake } from '../../model/handshakes.js';
import { minOf } from '../../model/lists.js';
import { currentStay } from '../../model/roster.js';
import { diagnosis, memberEvidence, messageEvidence, oldestFirst, requestName, type Detector } from './diagnosis.js';
import { isPresent, type MemberFacts, type TeamFacts } from './facts.js';

/** When a request was made (Infinity: its time is not known, or there is none). */
const askedAt = (handshake: Handshake): number => {
  const time = handshake.request?.time ?? Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/**
 * The answered handshakes by who was asked, oldest request first: worked out
 * once per list, so that only the requests made before a member's current stay
 * (few, if any, of a long run's thousands) are looked at.
 */
const answeredTo = new WeakMap<readonly Handshake[], ReadonlyMap<string, readonly Handshake[]>>();

function byRecipient(answered: readonly Handshake[]): ReadonlyMap<string, readonly Handshake[]> {
  let groups = answeredTo.get(answered);
  if (groups) return groups;
  const made = new Map<string, Handshake[]>();
  for (const handshake of answered) {
    const group = made.get(handshake.to);
    if (group) group.push(handshake);
    else made.set(handshake.to, [handshake]);
  }
  for (const group of made.values()) group.sort((a, b) => askedAt(a) - askedAt(b));
  answeredTo.set(answered, (groups = made));
  return groups;
}

/** How many of a group (oldest request first) were asked before `time`. */
function askedBefore(group: readonly Handshake[], time: number): number {
  let low = 0;
  let high = group.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (askedAt(group[middle]!) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * When its earlier self was last there: it approved a shutdown or was seen
 * leaving before it joined again (the join itself when neither is known).
 * Undefined when nothing says it had an earlier self.
 */
function earlierSelfUntil(facts: TeamFacts, member: MemberFacts, joinedAt: number): number | undefined {
  const { stays } = member;
  const before = (time: number) => time < joinedAt;
  const wrote = before(facts.firstSentAt(member.name));
  if (stays.length < 2 && !wrote) return undefined;
  const approvals = (byRecipient(facts.answered).get(member.name) ?? [])
    .filter((handshake) => handshake.kind === 'shutdown')
    .flatMap((handshake) => handshake.answers)
    .filter((answer) => answer.state === 'approved' && answer.at !== null && before(answer.at))
    .map((answer) => answer.at!);
  const left = stays.length >= 2 ? stays[stays.length - 2]!.leftAt : Number.NaN;
  const ends = [left, ...approvals].filter(Number.isFinite);
  return ends.length > 0 ? minOf(ends) : joinedAt;
}

/** earlierSelfUntil once per member and judgement: every request to it asks for it. */
const untilOf = new WeakMap<TeamFacts, Map<string, number | undefined>>();

function earlierSelfUntilOnce(facts: TeamFacts, member: MemberFacts, joinedAt: number): number | undefined {
  let known = untilOf.get(facts);
  if (!known) untilOf.set(facts, (known = new Map<string, number | undefined>()));
  if (!known.has(member.name)) known.set(member.name, earlierSelfUntil(facts, member, joinedAt));
  return known.get(member.name);
}

/** When its recipient's current stay began, if the request was sent to an earlier one (undefined otherwise). */
function earlierSelfJoinedAgain(facts: TeamFacts, handshake: Handshake): number | undefined {
  const { request } = handshake;
  const member = facts.members.get(handshake.to);
  const joinedAt = currentStay(member?.stays ?? [])?.joinedAt ?? Number.NaN;
  if (!member || !request || !(request.time < joinedAt)) return undefined;
  const until = earlierSelfUntilOnce(facts, member, joinedAt);
  return until !== undefined && request.time < until ? joinedAt : undefined;
}

/** The request was sent to an earlier self of its recipient, one that has since left: not to the member there now. */
export const sentToEarlierSelf = (facts: TeamFacts, handshake: Handshake): boolean =>
  earlierSelfJoinedAgain(facts, handshake) !== undefined;

/** A stale request of `name`'s, if it is one: one sent to its earlier self that it answered since it joined again. */
function stale(facts: TeamFacts, name: string, handshake: Handshake) {
  // Its answers since it joined again: the new agent took the request.
  const answers = handshake.answers.filter((answer) => answer.from === name);
  if (answers.length === 0) return [];
  const joinedAt = earlierSelfJoinedAgain(facts, handshake);
  if (joinedAt === undefined || !answers.some((answer) => answer.at !== null && answer.at >= joinedAt)) return [];
  const present = isPresent(facts, name);
  const what = `${handshake.from}'s ${requestName(handshake.kind)} ${handshake.requestId}`;
  return [
    diagnosis('stale-request', `handshake:${handshake.requestId}`, {
      severity: present ? 'warning' : 'info',
      members: [name, handshake.from],
      since: joinedAt,
      summary: `${name} joined again and answered ${what}, sent to the ${name} that was there before`,
      action: `check what the new ${name} did on it, and ask the new ${name} again; spawn a teammate under a fresh name to avoid this`,
      evidence: oldestFirst([
        messageEvidence(handshake.request!),
        memberEvidence(name, joinedAt),
        ...answers.map((answer) => messageEvidence(answer.message)),
      ]),
    }),
  ];
}

export const staleRequest: Detector = {
  kind: 'stale-request',
  detect(facts) {
    // Only an answered request can have been taken; only one asked before its recipient's current stay began can be stale.
    return [...byRecipient(facts.answered)].flatMap(([name, group]) => {
      const joinedAt = currentStay(facts.members.get(name)?.stays ?? [])?.joinedAt ?? Number.NaN;
      return Number.isNaN(joinedAt)
        ? []
        : group.slice(0, askedBefore(group, joinedAt)).flatMap((handshake) => stale(facts, name, handshake));
    });
  },
};
