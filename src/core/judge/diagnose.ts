/** The facts the detectors read, gathered once per version of the team where the clock does not matter, and their diagnoses. */
import { budgetOf, sameThresholds, type Thresholds } from '../model/settings.js';
import { cameAt, Clock, isWaiting, type InboxFacts, type MemberFacts, type TeamFacts } from './diagnoses/facts.js';
import { asIdle } from './diagnoses/idle.js';
import { diagnose, type Judgement } from './diagnoses/registry.js';
import { byTime, type InboxMessage } from '../model/inbox.js';
import { minOf } from '../model/lists.js';
import { approvalOf, newestShutdown } from '../model/member-status.js';
import { currentStay } from '../model/roster.js';
import { later, toEpoch } from '../model/time.js';
import { isPrintSession, type TeamState, type InboxHistory } from '../facts/index.js';
import { selectAnswered, selectGone, selectUnanswered } from '../select/handshakes.js';
import { selectMembers } from '../select/members.js';
import { selectWaiting } from '../select/mail.js';
import { memoize, memoizeGrowing } from '../select/memo.js';
import { selectPairingIndex, selectPairings } from '../select/pairings.js';
import { selectTaskGraph } from '../select/tasks.js';
import { selectSpending, selectWorkFacts, type Spending } from '../select/work.js';
import type { Diagnosis, Evidence } from '../model/diagnosis.js';
import { IDLE_AFTER_MS, idleOf } from '../model/idle.js';
import { deadSinceOf, selectLiveness, selectTeamEnded } from '../select/liveness.js';

export type { Diagnosis, Evidence, Judgement };

/** What each name sent into one inbox, oldest first: worked out only when a detector asks. */
const sentIn = memoize((inbox: InboxHistory): ReadonlyMap<string, readonly InboxMessage[]> => {
  const sent = new Map<string, InboxMessage[]>();
  for (const message of inbox.messages) {
    const list = sent.get(message.from);
    if (list) list.push(message);
    else sent.set(message.from, [message]);
  }
  return sent;
});

/** The names that wrote into one inbox. A delivered or read message was written by the same name. */
const sendersIn = memoizeGrowing(
  (messages, start, base: ReadonlySet<string> | undefined): ReadonlySet<string> => {
    let senders = base;
    for (let i = start; i < messages.length; i++) {
      if (senders?.has(messages[i]!.from)) continue;
      senders = new Set(senders).add(messages[i]!.from);
    }
    return senders ?? new Set();
  },
  (base) => base,
);

/** An inbox's messages not taken yet, oldest first: among those the file holds, and those that wait for the model. */
const waitingIn = selectWaiting;

/** Taken is as the transcript shows, else read or gone. */
const takenBy = (latest: number, message: InboxMessage): number =>
  isWaiting(message)
    ? latest
    : later(later(latest, cameAt(message)), Number.isFinite(message.takenAt) ? message.takenAt : message.deliveredAt);

const lastTakenIn = memoizeGrowing(
  (messages, start, base: number | undefined): number => {
    let latest = base ?? Number.NaN;
    for (let i = start; i < messages.length; i++) latest = takenBy(latest, messages[i]!);
    return latest;
  },
  // Taken now: its times count. Waiting again (it came back unread): worked out again.
  (base, before, after) => (isWaiting(after) && !isWaiting(before) ? undefined : takenBy(base, after)),
);

const selectInboxFacts = memoize(
  (inboxes: TeamState['inboxes']): ReadonlyMap<string, InboxFacts> =>
    new Map(
      [...inboxes].map(([owner, inbox]) => [
        owner,
        { messages: inbox.messages, exists: inbox.exists, waiting: waitingIn(inbox), lastTaken: lastTakenIn(inbox) },
      ]),
    ),
);

const selectSenders = memoize((inboxes: TeamState['inboxes']): ReadonlySet<string> => {
  const senders = new Set<string>();
  for (const inbox of inboxes.values()) for (const name of sendersIn(inbox)) senders.add(name);
  return senders;
});

/** When each name first wrote into one inbox: the oldest time of what it sent there. Delivered or read, it was sent then. */
const firstSentIn = memoizeGrowing(
  (messages, start, base: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, number> => {
    let first = base ?? new Map<string, number>();
    for (let i = start; i < messages.length; i++) {
      const { from, time } = messages[i]!;
      if (!Number.isFinite(time) || first.get(from)! <= time) continue;
      first = new Map(first).set(from, time);
    }
    return first;
  },
  (base) => base,
);

/** When a name first wrote, anywhere (NaN: never with a time): once per version of the inboxes and name. */
const firstSentAt = memoize((inboxes: TeamState['inboxes']) => {
  const known = new Map<string, number>();
  return (name: string): number => {
    let first = known.get(name);
    if (first === undefined) {
      const times = [...inboxes.values()].map((inbox) => firstSentIn(inbox).get(name) ?? Number.NaN).filter(Number.isFinite);
      known.set(name, (first = times.length > 0 ? minOf(times) : Number.NaN));
    }
    return first;
  };
});

/** What a name sent, wherever it went, oldest first: merged when asked, once per version of the inboxes. */
const sentBy = memoize((inboxes: TeamState['inboxes']) => {
  const merged = new Map<string, readonly InboxMessage[]>();
  return (name: string): readonly InboxMessage[] => {
    let list = merged.get(name);
    if (!list) {
      list = [...inboxes.values()].flatMap((inbox) => sentIn(inbox).get(name) ?? []).sort(byTime);
      merged.set(name, list);
    }
    return list;
  };
});

const selectMemberFacts = memoize((team: TeamState): ReadonlyMap<string, MemberFacts> => {
  const pairings = selectPairingIndex(selectPairings(team.inboxes));
  const senders = selectSenders(team.inboxes);
  const liveness = selectLiveness(team);
  const facts = new Map<string, MemberFacts>();
  for (const member of selectMembers(team)) {
    const record = team.members.get(member.name);
    const stays = record?.stays ?? [];
    const joinedAt = currentStay(stays)?.joinedAt ?? Number.NaN;
    const newest = newestShutdown(pairings.about(member.name), member.name, joinedAt);
    const approval = (!member.isLead && newest && approvalOf(newest)) || null;
    const gone = member.departed || member.status === 'shut down';
    const ends = [approval?.time ?? Number.NaN, currentStay(stays)?.leftAt ?? Number.NaN, toEpoch(record?.info.shutdownAt)].filter(
      Number.isFinite,
    );
    facts.set(member.name, {
      name: member.name,
      isLead: member.isLead,
      status: member.status,
      agentType: member.agentType,
      // A name that wrote is an agent: one that left the roster before teamtop read it still has its inbox.
      known:
        record !== undefined ||
        member.status === 'joining' ||
        member.status === 'refused' ||
        member.agent !== null ||
        senders.has(member.name),
      listed: record?.inConfig === true,
      gone,
      goneAt: gone && ends.length > 0 ? minOf(ends) : Number.NaN,
      approval,
      stays,
      deadSince: deadSinceOf(liveness.get(member.name)),
      pid: liveness.get(member.name)?.pid ?? null,
      backendType: member.backendType,
      model: member.model,
    });
  }
  return facts;
});

/** Every member of an ended team, one set per version of its members: the open handshakes are worked out against it once. */
const everyone = memoize((members: ReadonlyMap<string, unknown>): ReadonlySet<string> => new Set(members.keys()));

const NO_SPENDING: Spending = { team: null, members: new Map() };

export function teamFacts(team: TeamState, now: number, thresholds: Thresholds): TeamFacts {
  const members = selectMemberFacts(team);
  const ended = selectTeamEnded(team);
  // Once the team has ended nobody is left to answer: an open request is abandoned, not stalled.
  const gone = ended ? everyone(members) : selectGone(team);
  return {
    team: team.name,
    clock: new Clock(now, thresholds),
    ended,
    hasRoster: team.config !== null,
    members,
    inboxes: selectInboxFacts(team.inboxes),
    sentBy: sentBy(team.inboxes),
    firstSentAt: firstSentAt(team.inboxes),
    answered: selectAnswered(selectPairings(team.inboxes)),
    unanswered: selectUnanswered(team, now, thresholds, gone),
    tasks: selectTaskGraph(team.tasks),
    work: selectWorkFacts(team, now),
    // Worked out only against a budget: without one, nothing reads it.
    spending: budgetOf(thresholds) === null ? NO_SPENDING : selectSpending(team),
    budget: budgetOf(thresholds),
  };
}

/** Nothing wrong, and nothing will be while no file changes. */
export const HEALTHY: Judgement = { diagnoses: [], nextChangeAt: Number.POSITIVE_INFINITY };

const evidenceEqual = (a: Evidence, b: Evidence): boolean => a.kind === b.kind && a.ref === b.ref && Object.is(a.at, b.at);

/** The same problem, said the same way, on the same evidence: as the dashboard draws it (its `detail` too). */
export const sameDiagnosis = (a: Diagnosis, b: Diagnosis): boolean => sameSaid(a, b) && (a.detail ?? null) === (b.detail ?? null);

/** The same problem, said the same way, on the same evidence, as what teamtop prints says it (no `detail`). */
export function sameSaid(a: Diagnosis, b: Diagnosis): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.severity === b.severity &&
      Object.is(a.since, b.since) &&
      a.summary === b.summary &&
      a.action === b.action &&
      a.members.length === b.members.length &&
      a.members.every((name, i) => name === b.members[i]) &&
      a.evidence.length === b.evidence.length &&
      a.evidence.every((item, i) => evidenceEqual(item, b.evidence[i]!)))
  );
}

const judged = new WeakMap<TeamState, { thresholds: Thresholds; from: Judgement; idle: number; judgement: Judgement }>();

const detections = new WeakMap<TeamState, { thresholds: Thresholds; at: number; judgement: Judgement }>();

/** The detectors' diagnoses of a version of the team: once per change, again when the clock reaches `nextChangeAt` or goes back. */
export function detected(team: TeamState, now: number, thresholds: Thresholds): Judgement {
  const known = detections.get(team);
  if (known && sameThresholds(known.thresholds, thresholds) && known.at <= now && now < known.judgement.nextChangeAt)
    return known.judgement;
  const judgement = diagnose(teamFacts(team, now, thresholds), known?.judgement.diagnoses);
  detections.set(team, { thresholds, at: now, judgement });
  return judgement;
}

/** A team unchanged for a day is diagnosed as one nobody runs (idle.ts); one not there yet will be, unless it changes. */
function asOfIdle(judgement: Judgement, lastActivity: number, now: number): Judgement {
  const idle = idleOf(lastActivity, now);
  if (idle) return { ...judgement, diagnoses: judgement.diagnoses.map((diagnosis) => asIdle(diagnosis, idle)), idle };
  if (judgement.diagnoses.length === 0 || !Number.isFinite(lastActivity)) return judgement;
  return { ...judgement, nextChangeAt: Math.min(judgement.nextChangeAt, lastActivity + IDLE_AFTER_MS) };
}

/** What is wrong with the team as of `now`, worst first (nothing for a `claude -p` session); the same array while nothing said changes. */
export function selectDiagnoses(team: TeamState, now: number, thresholds: Thresholds): Judgement {
  if (!team.isTeam || isPrintSession(team)) return HEALTHY;
  const from = detected(team, now, thresholds);
  const idle = idleOf(team.lastActivity, now)?.since ?? Number.NaN;
  const known = judged.get(team);
  // The same diagnoses, idle or not as before: nothing to compare (a long run has thousands).
  if (known && known.from === from && Object.is(known.idle, idle) && sameThresholds(known.thresholds, thresholds)) return known.judgement;
  const judgement = asOfIdle(from, team.lastActivity, now);
  if (
    known &&
    sameThresholds(known.thresholds, thresholds) &&
    known.judgement.idle?.since === judgement.idle?.since &&
    known.judgement.nextChangeAt === judgement.nextChangeAt &&
    known.judgement.diagnoses.length === judgement.diagnoses.length &&
    known.judgement.diagnoses.every((diagnosis, i) => sameDiagnosis(diagnosis, judgement.diagnoses[i]!))
  ) {
    judged.set(team, { ...known, from, idle });
    return known.judgement;
  }
  judged.set(team, { thresholds, from, idle, judgement });
  return judgement;
}
