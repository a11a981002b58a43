/**
 * What is wrong with a team, as of an instant: the facts the detectors read,
 * gathered from the state, and their diagnoses, worst first. What does not
 * depend on the clock is worked out once per version of the team.
 */
import { Clock, type MemberFacts, type TeamFacts } from '../domain/diagnoses/facts.js';
import { diagnose, type Judgement } from '../domain/diagnoses/registry.js';
import type { Diagnosis, Evidence } from '../domain/diagnoses/diagnosis.js';
import { judgeHandshake } from '../domain/handshakes.js';
import type { InboxMessage } from '../domain/inbox.js';
import { minOf } from '../domain/lists.js';
import { approvalOf, newestShutdown } from '../domain/member-status.js';
import { currentStay } from '../domain/roster.js';
import { toEpoch } from '../domain/time.js';
import { isPrintSession, memoize, selectGone, selectMembers, selectPairings, selectTaskGraph, selectTeamMessages } from './selectors.js';
import type { TeamState } from './state.js';

export type { Diagnosis, Evidence, Judgement };

/** What each name sent, wherever it went, oldest first. */
const selectSent = memoize((inboxes: TeamState['inboxes']): ReadonlyMap<string, readonly InboxMessage[]> => {
  const sent = new Map<string, InboxMessage[]>();
  for (const message of selectTeamMessages(inboxes)) {
    const list = sent.get(message.from);
    if (list) list.push(message);
    else sent.set(message.from, [message]);
  }
  return sent;
});

const selectMemberFacts = memoize((team: TeamState): ReadonlyMap<string, MemberFacts> => {
  const pairings = selectPairings(team.inboxes);
  const sent = selectSent(team.inboxes);
  const facts = new Map<string, MemberFacts>();
  for (const member of selectMembers(team)) {
    const record = team.members.get(member.name);
    const stays = record?.stays ?? [];
    const joinedAt = currentStay(stays)?.joinedAt ?? Number.NaN;
    const newest = newestShutdown(pairings, member.name, joinedAt);
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
        sent.has(member.name),
      listed: record?.inConfig === true,
      gone,
      goneAt: gone && ends.length > 0 ? minOf(ends) : Number.NaN,
      approval,
      stays,
    });
  }
  return facts;
});

/** The team's facts as of `now`. */
export function teamFacts(team: TeamState, now: number, stallAfterMs: number): TeamFacts {
  const members = selectMemberFacts(team);
  const ended = !team.present;
  // Once the team has ended nobody is left to answer: an open request is abandoned, not stalled.
  const gone = ended ? new Set(members.keys()) : selectGone(team);
  return {
    team: team.name,
    clock: new Clock(now),
    stallAfterMs,
    ended,
    hasRoster: team.config !== null,
    members,
    inboxes: team.inboxes,
    sent: selectSent(team.inboxes),
    handshakes: selectPairings(team.inboxes).map((pairing) => judgeHandshake(pairing, now, stallAfterMs, gone)),
    tasks: selectTaskGraph(team.tasks),
  };
}

const NOTHING: Judgement = { diagnoses: [], nextChangeAt: Number.POSITIVE_INFINITY };

const evidenceEqual = (a: Evidence, b: Evidence): boolean => a.kind === b.kind && a.ref === b.ref && Object.is(a.at, b.at);

/** The same problem, said the same way, on the same evidence. */
export function sameDiagnosis(a: Diagnosis, b: Diagnosis): boolean {
  return (
    a.id === b.id &&
    a.severity === b.severity &&
    Object.is(a.since, b.since) &&
    a.summary === b.summary &&
    a.action === b.action &&
    a.members.length === b.members.length &&
    a.members.every((name, i) => name === b.members[i]) &&
    a.evidence.length === b.evidence.length &&
    a.evidence.every((item, i) => evidenceEqual(item, b.evidence[i]!))
  );
}

const judged = new WeakMap<TeamState, { stallAfterMs: number; judgement: Judgement }>();

/**
 * What is wrong with the team as of `now`, worst first, and when that would
 * change if the files did not. A `claude -p` session is not a team: nothing is
 * said of it. The same diagnoses come back, as the same array, for as long
 * as the team and what is said of it do not change.
 */
export function selectDiagnoses(team: TeamState, now: number, stallAfterMs: number): Judgement {
  if (!team.isTeam || isPrintSession(team)) return NOTHING;
  const judgement = diagnose(teamFacts(team, now, stallAfterMs));
  const known = judged.get(team);
  if (
    known &&
    known.stallAfterMs === stallAfterMs &&
    known.judgement.nextChangeAt === judgement.nextChangeAt &&
    known.judgement.diagnoses.length === judgement.diagnoses.length &&
    known.judgement.diagnoses.every((diagnosis, i) => sameDiagnosis(diagnosis, judgement.diagnoses[i]!))
  ) {
    return known.judgement;
  }
  judged.set(team, { stallAfterMs, judgement });
  return judgement;
}
