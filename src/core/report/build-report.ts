/** A RunReport of one team as of an instant. Pure: live, restored or replayed, the same state gives the same report. */
import { messageRef, type Incident } from '../model/diagnosis.js';
import { TRANSCRIPT_KINDS } from '../judge/index.js';
import type { Thresholds } from '../model/settings.js';
import { graphemes } from '../text/graphemes.js';
import type { Handshake } from '../model/handshakes.js';
import type { InboxMessage } from '../model/inbox.js';
import { maxOf, minOf } from '../model/lists.js';
import type { TaskNode } from '../model/task-graph.js';
import { toEpoch } from '../model/time.js';
import { idleOf } from '../model/idle.js';
import { judgeHandshake } from '../model/handshakes.js';
import { selectGone } from '../select/handshakes.js';
import { selectLead } from '../select/lead.js';
import { selectLeadDead, selectLiveness } from '../select/liveness.js';
import { selectPairings } from '../select/pairings.js';
import { selectMembersAt } from '../select/members.js';
import { selectTeamMessages } from '../select/messages.js';
import { selectTaskGraph, selectWorkTasks } from '../select/tasks.js';
import { selectUsage } from '../select/work.js';
import type { TeamState } from '../facts/index.js';
import { activitySpans, takenAt } from './activity.js';
import { onFilesClock, seenAhead } from './clock.js';
import { messagePairs } from './pairs.js';
import type { ReportHandshake, ReportMember, ReportMessage, ReportTask, RunReport } from './model.js';

interface ReportOptions {
  /** The report's instant, on teamtop's clock (now, `--now`, or a recording's end). */
  readonly at: number;
  readonly thresholds: Thresholds;
  /** The run's incidents (selectIncidents), on teamtop's clock: drawn on the files'. */
  readonly incidents: readonly Incident[];
  /** When teamtop saw the team's folder go (its clock; NaN: not seen, and the last change seen before is the end). */
  readonly folderGoneAt: number;
}

/** Characters of a message's text the report keeps: a line's worth, for a tooltip or a row. */
const TEXT_KEPT = 160;

/** At most `max` UTF-16 units of `text`, cut between grapheme clusters. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const cluster of graphemes(text.slice(0, max * 2))) {
    if (kept.length + cluster.length > max - 1) break;
    kept += cluster;
  }
  return `${kept}…`;
}

const finite = (times: readonly number[]): number[] => times.filter(Number.isFinite);

function handshakeOf(handshake: Handshake): ReportHandshake {
  const first = handshake.answers[0];
  const requestedAt = handshake.requestedAt ?? Number.NaN;
  const answeredAt = first?.at ?? Number.NaN;
  return {
    kind: handshake.kind,
    requestId: handshake.requestId,
    from: handshake.from,
    to: handshake.to,
    requestedAt,
    answers: handshake.answers.map((answer) => ({ state: answer.state, at: answer.at ?? Number.NaN, from: answer.from })),
    waitedMs: Number.isFinite(answeredAt - requestedAt) ? Math.max(0, answeredAt - requestedAt) : null,
    state: handshake.state,
    fact: handshake.fact,
  };
}

const taskOf = (node: TaskNode): ReportTask => ({
  id: node.id,
  subject: node.subject,
  owner: node.owner,
  status: node.status,
  state: node.state,
});

function tasksOf(team: TeamState): RunReport['tasks'] {
  const nodes = selectWorkTasks(selectTaskGraph(team.tasks));
  const done = nodes.filter((node) => node.status === 'completed');
  const dropped = nodes.filter((node) => node.status !== 'completed' && node.state === 'deleted');
  const left = nodes.filter((node) => node.status !== 'completed' && node.state !== 'deleted');
  return { done: done.map(taskOf), left: left.map(taskOf), dropped: dropped.map(taskOf) };
}

function messageOf(message: InboxMessage, ahead: number): ReportMessage {
  return {
    ref: messageRef(message),
    at: message.time,
    from: message.from,
    to: message.to,
    kind: message.kind,
    protocol: message.data !== null,
    text: cutText(message.text, TEXT_KEPT),
    takenAt: takenAt(message, onFilesClock(message.deliveredAt, ahead)),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const byTimeNaNLast = (a: number, b: number): number => (Number.isNaN(a) ? 1 : 0) - (Number.isNaN(b) ? 1 : 0) || a - b || 0;

export function buildRunReport(team: TeamState, options: ReportOptions): RunReport {
  const inboxMessages = selectTeamMessages(team.inboxes);
  const ahead = seenAhead(inboxMessages);
  const messages = inboxMessages.map((message) => messageOf(message, ahead));
  const views = selectMembersAt(team, options.at, options.thresholds);
  const stays = new Map(
    views.map(({ name }) => [
      name,
      (team.members.get(name)?.stays ?? []).map((stay) => ({ joinedAt: stay.joinedAt, leftAt: onFilesClock(stay.leftAt, ahead) })),
    ]),
  );
  const allStays = [...stays.values()].flat();
  const seen = finite([
    onFilesClock(team.lastActivity, ahead),
    ...messages.map((message) => message.at),
    ...messages.map((message) => message.takenAt),
    ...allStays.map((stay) => stay.leftAt),
  ]);
  // Nothing happened after the report's instant: a stamp past it is a clock gone wrong, or a hostile file.
  const now = onFilesClock(options.at, ahead);
  const past = seen.filter((time) => time <= now);
  const lastSeen = past.length > 0 ? maxOf(past) : Number.NaN;
  const gone = onFilesClock(options.folderGoneAt, ahead);
  // Its folder gone, or its lead's process gone: when it died, else the last sign of it.
  const died =
    team.present && selectLeadDead(team) ? onFilesClock(selectLiveness(team).get(selectLead(team)!)?.since ?? Number.NaN, ahead) : null;
  const endedAt = !team.present
    ? gone <= now
      ? gone
      : lastSeen
    : died === null
      ? null
      : Number.isFinite(died) && died <= now
        ? died
        : lastSeen;
  const until = endedAt !== null && Number.isFinite(endedAt) ? endedAt : now;
  // The config says when the team was made; without one, the first join or message.
  const created = toEpoch(team.config?.createdAt);
  const starts = Number.isFinite(created) ? [created] : finite([...allStays.map((stay) => stay.joinedAt), ...messages.map((m) => m.at)]);

  // What the dashboard shows: the transcripts read, else what the journal recorded of them.
  const usage = selectUsage(team);
  const sent = groupBy(inboxMessages, (message) => message.from);
  const received = groupBy(messages, (message) => message.to);
  const members = views.map((view): ReportMember => {
    const own = received.get(view.name) ?? [];
    const took = own.filter((message) => message.from !== view.name).map((message) => message.takenAt);
    const memberStays = stays.get(view.name)!;
    return {
      name: view.name,
      isLead: view.isLead,
      agentType: view.agentType,
      model: view.model,
      color: view.color,
      backendType: view.backendType,
      status: view.status,
      stays: memberStays,
      activity: view.isLead ? [] : activitySpans({ stays: memberStays, sent: sent.get(view.name) ?? [], took, end: until }),
      sent: sent.get(view.name)?.length ?? 0,
      received: own.length,
      usage: usage.members.get(view.name) ?? null,
    };
  });

  // Once the team has ended nobody is left to answer: an open request was abandoned, not stalled (as the diagnoses say).
  const left = endedAt === null ? selectGone(team) : new Set(views.map((view) => view.name));
  return {
    team: team.name,
    description: team.config?.description ?? null,
    at: options.at,
    startedAt: starts.length > 0 ? minOf(starts) : Number.NaN,
    endedAt,
    until,
    idle: endedAt === null ? idleOf(team.lastActivity, options.at) : null,
    usage: usage.team,
    members: [...members.filter((member) => member.isLead), ...members.filter((member) => !member.isLead)],
    messages,
    pairs: messagePairs(messages),
    handshakes: selectPairings(team.inboxes)
      .map((pairing) => handshakeOf(judgeHandshake(pairing, options.at, options.thresholds, left)))
      .sort((a, b) => byTimeNaNLast(a.requestedAt, b.requestedAt)),
    tasks: tasksOf(team),
    incidents: options.incidents
      // A report holds what the journal can (an export gives the same report): not the kinds read from transcripts.
      .filter((incident) => !TRANSCRIPT_KINDS.has(incident.kind))
      .map((incident) => ({
        ...incident,
        detail: null,
        raisedAt: onFilesClock(incident.raisedAt, ahead),
        clearedAt: incident.clearedAt === null ? null : onFilesClock(incident.clearedAt, ahead),
      }))
      .sort((a, b) => byTimeNaNLast(a.raisedAt, b.raisedAt)),
  };
}
