import type { Thresholds } from '../model/settings.js';
import { judgeQuiet, lastSignOfLife, memberStatus, type MemberStatus } from '../model/member-status.js';
import type { Pairing } from '../model/handshakes.js';
import { toEpoch } from '../model/time.js';
import { type InboxHistory, isPrintSession, type AgentRecord, type TeamState } from '../facts/index.js';
import { selectLead } from './lead.js';
import { selectLastSent, selectUnread, selectWaitingSince, selectWaits, type MailWaits } from './mail.js';
import { memoize } from './memo.js';
import { selectPairingIndex, selectPairings } from './pairings.js';
import { deadSinceOf, selectLiveness } from './liveness.js';
import { selectWork } from './member-work.js';

const WORKING_STATES: ReadonlySet<string> = new Set(['tool', 'thinking', 'writing']);

export interface MemberView {
  readonly name: string;
  readonly agentType: string;
  readonly model: string | null;
  /** The configured colour name, else the colour its messages carry. */
  readonly color: string | null;
  readonly backendType: string | null;
  readonly isLead: boolean;
  /** No longer in `config.json` (Claude Code removes a member that shut down). */
  readonly departed: boolean;
  readonly unread: number;
  readonly status: MemberStatus;
  /** When the member entered its status, epoch ms (NaN when unknown). */
  readonly statusSince: number;
  /** Its newest sign of life, epoch ms (NaN when unknown): what `quiet` counts from. */
  readonly lastSignOfLife: number;
  readonly agent: AgentRecord | null;
  /** How long its delivered mail sat in its inbox; null before any was seen delivered. */
  readonly waits: MailWaits | null;
  /** Since when its oldest unread message waits (epoch ms; NaN when none does, or the team ended or the member left). */
  readonly waitingSince: number;
}

function firstAddressed(inbox: InboxHistory | undefined): number {
  const first = inbox?.messages.find((message) => Number.isFinite(message.time));
  return first ? first.time : Number.NaN;
}

/** A member's newest request to join (its request, or an answer to one that was never seen). */
function newestJoin(pairings: readonly Pairing[], name: string): Pairing | undefined {
  let newest: Pairing | undefined;
  for (const pairing of pairings) {
    if (pairing.kind !== 'join' || pairing.from !== name) continue;
    const time = (pairing.request ?? pairing.response)?.time ?? Number.NaN;
    const best = (newest?.request ?? newest?.response)?.time ?? Number.NaN;
    if (!newest || !(time < best)) newest = pairing;
  }
  return newest;
}

export const selectMembers = memoize((team: TeamState): MemberView[] => {
  const { config } = team;
  // A `claude -p` session's inboxes are its task owners': names nobody runs.
  const session = isPrintSession(team);
  const lastSent = selectLastSent(team.inboxes);
  const pairings = selectPairingIndex(selectPairings(team.inboxes));
  const lead = selectLead(team);
  const liveness = selectLiveness(team);
  const work = selectWork(team);
  const names = [...team.members.keys()];
  for (const name of team.inboxes.keys()) if (!team.members.has(name)) names.push(name);
  for (const name of team.agents.keys()) if (!team.members.has(name) && !team.inboxes.has(name)) names.push(name);
  // Whoever asked to join has a pane, if only to say it is joining or was refused.
  for (const pairing of pairings.joins) if (!names.includes(pairing.from)) names.push(pairing.from);

  return names.map((name): MemberView => {
    const record = team.members.get(name);
    const info = record?.info;
    const isLead = name === lead;
    // Asked to join and never on a roster: an applicant, not a member who left.
    const application = record ? undefined : newestJoin(pairings.joins, name);
    const agent = team.agents.get(name) ?? null;
    const inbox = team.inboxes.get(name);
    const sent = lastSent.get(name);
    // Mail to a name no roster listed, that never wrote and never took a message: nobody is behind
    // it, and nobody left (a teammate gone from the roster before teamtop looked has emptied its inbox).
    const stranger =
      config !== null &&
      record === undefined &&
      application === undefined &&
      agent === null &&
      sent === undefined &&
      inbox !== undefined &&
      inbox.messages.length > 0 &&
      selectUnread(inbox) === inbox.messages.length;
    const departed =
      config !== null && !stranger && !record?.inConfig && application === undefined && !(record === undefined && agent !== null);
    const joined = toEpoch(info?.joinedAt ?? info?.spawnedAt);
    // No roster says when it joined: it was on the team by the first message to it.
    const joinedAt = Number.isNaN(joined) ? firstAddressed(inbox) : joined;
    const judged = session
      ? { status: 'no agent' as const, since: Number.NaN }
      : stranger
        ? { status: 'not on roster' as const, since: Number.NaN }
        : memberStatus({
            name,
            isLead,
            active: info?.isActive,
            activeSince: record?.activeSince,
            departed,
            lastSent: sent,
            joinedAt,
            pairings: pairings.about(name),
            agentStatus: agent?.status,
            shutdownAt: toEpoch(info?.shutdownAt),
            application,
            deadSince: deadSinceOf(liveness.get(name)),
          });
    // Its transcript says its last turn ended in an API error: failed, whatever the files last said (it works, it idles).
    const failure = work.get(name)?.activity.state === 'failing' ? work.get(name)?.activity.failure : null;
    // Its transcript shows it at work since it said it was idle: mail woke it, and the notice is old news.
    const doing = work.get(name)?.activity;
    const woke = judged.status === 'idle' && doing && WORKING_STATES.has(doing.state) && (doing.since ?? 0) > judged.since;
    const { status, since: statusSince } =
      failure && (judged.status === 'working' || judged.status === 'idle')
        ? { status: 'failed' as const, since: failure.at ?? Number.NaN }
        : woke
          ? { status: 'working' as const, since: doing.since ?? Number.NaN }
          : judged;
    return {
      name,
      agentType: info?.agentType ?? (isLead ? 'team-lead' : 'unknown'),
      model: info?.model ?? null,
      color: info?.color ?? sent?.color ?? null,
      backendType: info?.backendType ?? null,
      isLead,
      departed,
      unread: inbox ? selectUnread(inbox) : 0,
      status,
      statusSince,
      lastSignOfLife: lastSignOfLife({ lastSent: sent, joinedAt, agentStatus: agent?.status, activeSince: record?.activeSince }),
      agent,
      waits: inbox ? selectWaits(inbox) : null,
      // Mail left when the team ended or the member left does not wait any more: nobody is there to take it.
      waitingSince: inbox && team.present && !departed ? selectWaitingSince(inbox) : Number.NaN,
    };
  });
});

const quietVersions = new WeakMap<MemberView, MemberView>();
const judgedMembers = new WeakMap<readonly MemberView[], { thresholds: Thresholds; members: readonly MemberView[] }>();

/** The team's members as of `now`: one working with no sign of life for `thresholds` is quiet; the same array while no status changes. */
export function selectMembersAt(team: TeamState, now: number, thresholds: Thresholds): readonly MemberView[] {
  const members = selectMembers(team);
  const judged = members.map((member) => {
    const { status, since } = judgeQuiet({ status: member.status, since: member.statusSince }, member.lastSignOfLife, now, thresholds);
    if (status === member.status) return member;
    let quiet = quietVersions.get(member);
    if (!quiet) quietVersions.set(member, (quiet = { ...member, status, statusSince: since }));
    return quiet;
  });
  const known = judgedMembers.get(members);
  if (known && known.thresholds === thresholds && known.members.every((member, i) => member === judged[i])) return known.members;
  judgedMembers.set(members, { thresholds, members: judged });
  return judged;
}
