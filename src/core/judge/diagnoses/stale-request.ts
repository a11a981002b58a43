/** `stale-request`: a member that joined again under its name answered a request sent to its earlier self (docs/internals/diagnoses.md). */
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

/** The answered handshakes by recipient, oldest request first, once per list: only those asked before a current stay are looked at. */
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

/** When its earlier self was last there (its approved shutdown or leaving, else the new join); undefined if it had none. */
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

/** earlierSelfUntil once per member and facts: every request to it asks for it. */
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
