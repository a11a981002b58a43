/** The decoded state as one JSON document (`teamtop --json`): a contract for scripts, so its shape only ever gains fields. */
import type { Thresholds } from './model/settings.js';
import { ageSecondsAt, type Handshake } from './model/handshakes.js';
import { isTaken, type InboxMessage } from './model/inbox.js';
import type { TaskNode } from './model/task-graph.js';
import { isInstant, toIso } from './model/time.js';
import type { WorkflowSpec } from './workflow/spec.js';
import { isPrintSession, type AgentRecord, type TeamState } from './facts/index.js';
import { selectHandshakes } from './select/handshakes.js';
import { selectMembersAt } from './select/members.js';
import { selectTaskGraph } from './select/tasks.js';
import { selectTeamMessages } from './select/messages.js';
import { selectTeams } from './select/teams.js';
import { selectWorkflow } from './select/workflow.js';
import { selectDiagnoses, type Diagnosis, selectIncidents } from './judge/index.js';
import { selectActivity, selectUsage } from './select/work.js';
import { type Incident, messageRef } from './model/diagnosis.js';
import type { AppState } from './app-state.js';
import { activityJson, NO_ACTIVITY_NOW } from './model/activity.js';
import { selectLiveness, selectTeamEnded } from './select/liveness.js';
import { NO_PROCESS, type Liveness } from './model/liveness.js';

export interface SnapshotOptions {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  /** Only this team. */
  readonly team?: string;
  /** Ages and stalls are as of this instant (epoch ms). */
  readonly now: number;
  /** A declared workflow (`--spec`): each team gets its evaluation against it as `workflow`. */
  readonly spec?: WorkflowSpec | undefined;
}

export const isoOrNull = (time: number | null): string | null => (time === null || !isInstant(time) ? null : new Date(time).toISOString());

const seconds = (ms: number): number => Math.round(ms) / 1000;

/** Lines of an agent's output log in the document: its end, as `tail` shows it. */
const LOG_LINES_IN_JSON = 20;

/** What the agent's runner keeps (API-spec layout); null when it keeps nothing. */
function agentJson(agent: AgentRecord | null) {
  if (!agent) return null;
  const { status, log, artifacts } = agent;
  return {
    status: status
      ? {
          status: status.status,
          startedAt: toIso(status.startedAt),
          lastActiveAt: toIso(status.lastActiveAt),
          completedAt: toIso(status.completedAt),
          errorMessage: status.errorMessage ?? null,
          // The three figures teamtop knows; a runner's other keys could be anything (nested 100,000 deep).
          metrics: status.metrics
            ? {
                tokens_used: status.metrics.tokens_used ?? null,
                tasks_completed: status.metrics.tasks_completed ?? null,
                avg_response_time: status.metrics.avg_response_time ?? null,
              }
            : null,
        }
      : null,
    log: log
      ? { lines: log.total, present: log.present, tail: [...log.lines.slice(-LOG_LINES_IN_JSON), ...(log.partial ? [log.partial] : [])] }
      : null,
    artifacts: artifacts ? { entries: artifacts.entries, more: artifacts.more } : null,
  };
}

/** One message as `--json` and `--follow` give it. */
export function messageJson(message: InboxMessage) {
  return {
    id: messageRef(message),
    to: message.to,
    from: message.from,
    timestamp: message.timestamp,
    read: message.read,
    delivered: message.delivered,
    deliveredAt: isoOrNull(message.deliveredAt),
    taken: isTaken(message),
    takenAt: isoOrNull(message.takenAt),
    recovered: message.recovered,
    kind: message.kind,
    summary: message.summary,
    text: message.text,
    data: message.data,
    leadSig: message.leadSig,
  };
}

/** One task as `--json` and `--follow` give it. */
export function taskJson(task: TaskNode) {
  return {
    id: task.id,
    subject: task.subject,
    status: task.status,
    owner: task.owner,
    activeForm: task.activeForm,
    blockedBy: task.blockedBy,
    blocks: task.blocks,
    internal: task.internal,
    state: task.state,
    openBlockers: task.openBlockers,
    missing: task.missing,
    inCycle: task.inCycle,
  };
}

/** One handshake as `--json` and `--follow` give it. */
export function handshakeJson(handshake: Handshake, now: number) {
  return {
    kind: handshake.kind,
    requestId: handshake.requestId,
    from: handshake.from,
    to: handshake.to,
    requestedAt: isoOrNull(handshake.requestedAt),
    respondedAt: isoOrNull(handshake.respondedAt),
    state: handshake.state,
    // An answered one's state was worked out when first seen (see selectHandshakes); its age is as of `now`.
    ageSeconds: ageSecondsAt(handshake, now),
    answerSeconds: handshake.answerSeconds,
    orphan: handshake.orphan,
    fact: handshake.fact || null,
    responses: handshake.answers.map((answer) => ({ state: answer.state, at: isoOrNull(answer.at), from: answer.from })),
    contradicting: handshake.contradicting,
  };
}

/** One diagnosis as `--json`, `--follow` and `doctor --json` give it. */
export function diagnosisJson(diagnosis: Diagnosis) {
  return {
    id: diagnosis.id,
    kind: diagnosis.kind,
    severity: diagnosis.severity,
    members: diagnosis.members,
    since: isoOrNull(diagnosis.since),
    summary: diagnosis.summary,
    action: diagnosis.action,
    evidence: diagnosis.evidence.map((item) => ({ kind: item.kind, ref: item.ref, at: isoOrNull(item.at) })),
  };
}

/** One incident as `--json`, `doctor --json` and `report --json` give it: a diagnosis, when it was raised, and when and why it cleared. */
export const incidentJson = (incident: Incident) => ({
  ...diagnosisJson(incident),
  raisedAt: isoOrNull(incident.raisedAt),
  clearedAt: isoOrNull(incident.clearedAt),
  cleared: incident.cleared,
});

/** The spec against the team; null without a spec. */
function workflowJson(team: TeamState, options: SnapshotOptions) {
  if (!options.spec) return null;
  const status = selectWorkflow(team, options.spec, options.now, options.thresholds);
  return {
    name: options.spec.name,
    type: status.type,
    steps: status.steps.map((step) => ({
      name: step.name,
      agent: step.agent,
      state: step.state,
      reason: step.why,
      dependsOn: step.dependsOn,
    })),
    mismatches: status.mismatches,
  };
}

/** A member's process in the document: whether it runs (`unknown`, with why, where teamtop cannot look). */
const processJson = (liveness: Liveness) => ({
  state: liveness.state,
  pid: liveness.pid,
  since: isoOrNull(liveness.since),
  why: liveness.why,
});

function teamJson(state: AppState, team: TeamState, options: SnapshotOptions) {
  const activity = selectActivity(team, options.now);
  const usage = selectUsage(team);
  const liveness = selectLiveness(team);
  return {
    name: team.name,
    /** `session`: a `claude -p` run's task list and the inboxes of its task owners, not a team (see isPrintSession). */
    kind: isPrintSession(team) ? 'session' : 'team',
    description: team.config?.description ?? null,
    createdAt: toIso(team.config?.createdAt),
    ended: selectTeamEnded(team),
    budgetTokens: team.config?.metadata?.budget_tokens ?? null,
    members: selectMembersAt(team, options.now, options.thresholds).map((member) => ({
      name: member.name,
      agentType: member.agentType,
      model: member.model,
      color: member.color,
      backendType: member.backendType,
      isLead: member.isLead,
      departed: member.departed,
      status: member.status,
      statusSince: isoOrNull(member.statusSince),
      unread: member.unread,
      agent: agentJson(member.agent),
      waits: member.waits
        ? { p50Seconds: seconds(member.waits.typicalMs), maxSeconds: seconds(member.waits.maxMs), count: member.waits.count }
        : null,
      stays: (team.members.get(member.name)?.stays ?? []).map((stay) => ({
        joinedAt: isoOrNull(stay.joinedAt),
        leftAt: isoOrNull(stay.leftAt),
      })),
      activity: activityJson(activity.get(member.name) ?? NO_ACTIVITY_NOW),
      usage: usage.members.get(member.name) ?? null,
      process: processJson(liveness.get(member.name) ?? NO_PROCESS),
    })),
    usage: usage.team,
    messages: selectTeamMessages(team.inboxes).map(messageJson),
    tasks: selectTaskGraph(team.tasks).map(taskJson),
    handshakes: selectHandshakes(team, options.now, options.thresholds).map((handshake) => handshakeJson(handshake, options.now)),
    workflow: workflowJson(team, options),
    diagnoses: selectDiagnoses(team, options.now, options.thresholds).diagnoses.map(diagnosisJson),
    incidents: selectIncidents(state, team, options.now, options.thresholds).map(incidentJson),
  };
}

export function snapshot(state: AppState, options: SnapshotOptions) {
  const teams = selectTeams(state.teams).filter((team) => options.team === undefined || team.name === options.team);
  return {
    claudeDir: options.claudeDir,
    teams: teams.map((team) => teamJson(state, team, options)),
    problems: [...state.problems.values()].sort((a, b) => a.path.localeCompare(b.path)).map(({ path, message }) => ({ path, message })),
  };
}
