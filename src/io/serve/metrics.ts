/**
 * What `/metrics` says, as plain values worked out from the state at one instant (prometheus.ts writes it).
 * Label values come from files: each is one line, cut, kept apart, and their number bounded (docs/serve.md).
 */
import { DIAGNOSIS_KINDS, selectDiagnoses } from '../../core/judge/index.js';
import { REQUEST_KINDS } from '../../core/model/handshakes.js';
import type { MemberStatus } from '../../core/model/member-status.js';
import type { Thresholds } from '../../core/model/settings.js';
import { selectHandshakes } from '../../core/select/handshakes.js';
import { selectMembersAt } from '../../core/select/members.js';
import { selectTeams } from '../../core/select/teams.js';
import { selectActivity, selectUsage, selectWork } from '../../core/select/work.js';
import type { AppState } from '../../core/app-state.js';
import { LabelValues, listedMembers, listedTeams, MAX_MEMBERS, MAX_TEAMS } from './metric-labels.js';
import type { Severity } from '../../core/model/diagnosis.js';
import type { ActivityState } from '../../core/model/activity.js';
import { selectTeamEnded } from '../../core/select/liveness.js';

/** Every member status, a gauge each: the compiler names a status added to MemberStatus and missing here. */
const STATUSES: Readonly<Record<MemberStatus, true>> = {
  lead: true,
  joining: true,
  refused: true,
  'shut down': true,
  stopping: true,
  waiting: true,
  idle: true,
  interrupted: true,
  failed: true,
  done: true,
  working: true,
  quiet: true,
  dead: true,
  'no agent': true,
  'not on roster': true,
};
export const MEMBER_STATUSES = Object.keys(STATUSES) as MemberStatus[];

/** Every activity state, as a gauge each (the compiler names one missing). */
const ACTIVITIES: Readonly<Record<ActivityState, true>> = {
  tool: true,
  thinking: true,
  writing: true,
  retrying: true,
  failing: true,
  idle: true,
  'waiting-permission': true,
  dead: true,
  unknown: true,
};
export const ACTIVITY_STATES = Object.keys(ACTIVITIES) as ActivityState[];

const SEVERITIES: Readonly<Record<Severity, true>> = { warning: true, info: true };
const HANDSHAKE_KINDS = [...new Set(Object.values(REQUEST_KINDS)), 'other'];

const TOKEN_KINDS = [
  ['input', 'inputTokens'],
  ['output', 'outputTokens'],
  ['cache_read', 'cacheReadTokens'],
  ['cache_creation', 'cacheCreationTokens'],
] as const;

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  readonly labels: Labels;
  readonly value: number;
}

export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly type: 'gauge' | 'counter';
  readonly labelNames: readonly string[];
  readonly samples: readonly Sample[];
}

export interface ServingFigures {
  readonly clients: { readonly page: number; readonly events: number };
  /** Clients dropped for not reading what they were sent. */
  readonly dropped: number;
}

export interface MetricsOptions {
  readonly thresholds: Thresholds;
  readonly now: number;
  readonly version: string;
  readonly serving: ServingFigures;
}

const time = (value: number | null | undefined): number => (value === null || value === undefined ? Number.NaN : value);
const newest = (a: number, b: number): number => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));
const ageSeconds = (now: number, at: number): number => (Number.isFinite(at) ? Math.max(0, now - at) / 1000 : Number.NaN);

/** Families filled as samples are added, in the order they were declared. */
class Families {
  private readonly families = new Map<string, { family: Omit<MetricFamily, 'samples'>; samples: Sample[] }>();

  declare(name: string, type: MetricFamily['type'], labelNames: readonly string[], help: string): (labels: Labels, value: number) => void {
    const entry = { family: { name, help, type, labelNames }, samples: [] as Sample[] };
    this.families.set(name, entry);
    return (labels, value) => {
      // A figure not known is no sample: absent, never a made-up 0.
      if (Number.isFinite(value)) entry.samples.push({ labels, value });
    };
  }

  list(): MetricFamily[] {
    return [...this.families.values()].map(({ family, samples }) => ({ ...family, samples }));
  }
}

export function metricsOf(state: AppState, options: MetricsOptions): MetricFamily[] {
  const { now } = options;
  const f = new Families();
  const TEAM = ['team'];
  const MEMBER = ['team', 'member'];

  const buildInfo = f.declare('teamtop_build_info', 'gauge', ['version'], 'Always 1; the version of teamtop serving these metrics.');
  const teamsKnown = f.declare('teamtop_teams', 'gauge', [], 'Teams teamtop knows of, running or ended (history included).');
  const teamsUnlisted = f.declare(
    'teamtop_teams_unlisted',
    'gauge',
    [],
    `Teams given no series: past the first ${MAX_TEAMS}, or ended over an hour ago.`,
  );
  const problems = f.declare('teamtop_problems', 'gauge', [], 'Files teamtop cannot read or understand.');
  const clients = f.declare('teamtop_serve_clients', 'gauge', ['stream'], 'Open live pages and event streams.');
  const dropped = f.declare('teamtop_serve_clients_dropped_total', 'counter', [], 'Clients dropped for not reading what they were sent.');

  const running = f.declare('teamtop_team_running', 'gauge', TEAM, '1 while the team folder is there, 0 once the team ended.');
  const teamMembers = f.declare('teamtop_team_members', 'gauge', TEAM, 'Members the team has or had, lead included.');
  const membersUnlisted = f.declare(
    'teamtop_team_members_unlisted',
    'gauge',
    TEAM,
    `Members given no series: past the first ${MAX_MEMBERS}.`,
  );
  const teamTokens = f.declare('teamtop_team_tokens_total', 'counter', ['team', 'kind'], 'Tokens the whole team used, by kind.');
  const teamCost = f.declare(
    'teamtop_team_cost_dollars_total',
    'counter',
    TEAM,
    "The team's cost in US dollars: the client's figure, else estimated.",
  );
  const teamCostEstimated = f.declare(
    'teamtop_team_cost_estimated',
    'gauge',
    TEAM,
    "1 when the team's cost is estimated from a price table.",
  );
  const teamAge = f.declare('teamtop_team_last_activity_age_seconds', 'gauge', TEAM, 'Seconds since anything of the team last changed.');
  const handshakesOpen = f.declare('teamtop_handshakes_open', 'gauge', ['team', 'kind'], 'Requests not yet answered, by kind.');
  const handshakesStalled = f.declare(
    'teamtop_handshakes_stalled',
    'gauge',
    ['team', 'kind'],
    'Requests unanswered past the stall threshold, by kind.',
  );
  const oldestOpen = f.declare(
    'teamtop_handshakes_oldest_open_age_seconds',
    'gauge',
    ['team', 'kind'],
    'Age of the oldest request not yet answered, by kind (absent when none is open).',
  );
  const incidents = f.declare(
    'teamtop_incidents_open',
    'gauge',
    ['team', 'kind', 'severity'],
    'Diagnoses standing now, by kind and severity.',
  );

  const tokens = f.declare('teamtop_member_tokens_total', 'counter', ['team', 'member', 'kind'], 'Tokens the member used, by kind.');
  const cost = f.declare(
    'teamtop_member_cost_dollars_total',
    'counter',
    MEMBER,
    "The member's cost in US dollars: the client's figure, else estimated.",
  );
  const contextTokens = f.declare('teamtop_member_context_tokens', 'gauge', MEMBER, "Tokens in the member's context now.");
  const contextRatio = f.declare(
    'teamtop_member_context_ratio',
    'gauge',
    MEMBER,
    "The share of the model's context window in use, 0 to 1.",
  );
  const status = f.declare(
    'teamtop_member_status',
    'gauge',
    ['team', 'member', 'status'],
    'The member status, one gauge per state: 1 for the one it is in.',
  );
  const activity = f.declare(
    'teamtop_member_activity',
    'gauge',
    ['team', 'member', 'activity'],
    "What the member's transcript says it does, one gauge per state: 1 for the one it is in.",
  );
  const unread = f.declare('teamtop_member_unread_messages', 'gauge', MEMBER, "Messages in the member's inbox not yet read.");
  const memberAge = f.declare(
    'teamtop_member_last_activity_age_seconds',
    'gauge',
    MEMBER,
    'Seconds since the member last showed a sign of life.',
  );

  buildInfo({ version: options.version }, 1);
  const listed = listedTeams(state, now);
  teamsKnown({}, selectTeams(state.teams).length);
  teamsUnlisted({}, listed.unlisted);
  problems({}, state.problems.size);
  clients({ stream: 'page' }, options.serving.clients.page);
  clients({ stream: 'events' }, options.serving.clients.events);
  dropped({}, options.serving.dropped);

  const teamNames = new LabelValues();
  for (const team of listed.teams) {
    const t = teamNames.of(team.name);
    const at = { team: t };
    const views = selectMembersAt(team, now, options.thresholds);
    const members = listedMembers(views);
    running(at, selectTeamEnded(team) ? 0 : 1);
    teamMembers(at, views.filter((member) => member.status !== 'not on roster' && member.status !== 'no agent').length);
    membersUnlisted(at, views.length - members.length);
    teamAge(at, ageSeconds(now, team.lastActivity));

    const usage = selectUsage(team);
    if (usage.team) {
      for (const [kind, key] of TOKEN_KINDS) teamTokens({ team: t, kind }, usage.team[key]);
      teamCost(at, time(usage.team.costUSD));
      teamCostEstimated(at, usage.team.costEstimated ? 1 : 0);
    }

    const open = new Map<string, { count: number; stalled: number; oldest: number }>(
      HANDSHAKE_KINDS.map((kind) => [kind, { count: 0, stalled: 0, oldest: Number.NaN }]),
    );
    for (const handshake of selectHandshakes(team, now, options.thresholds)) {
      if (handshake.state !== 'pending' && handshake.state !== 'stalled') continue;
      const tally = open.get(open.has(handshake.kind) ? handshake.kind : 'other')!;
      tally.count++;
      if (handshake.state === 'stalled') tally.stalled++;
      const asked = time(handshake.requestedAt);
      if (Number.isFinite(asked) && !(asked >= tally.oldest)) tally.oldest = asked;
    }
    for (const [kind, tally] of open) {
      handshakesOpen({ team: t, kind }, tally.count);
      handshakesStalled({ team: t, kind }, tally.stalled);
      oldestOpen({ team: t, kind }, ageSeconds(now, tally.oldest));
    }

    const standing = new Map<string, number>();
    for (const diagnosis of selectDiagnoses(team, now, options.thresholds).diagnoses) {
      const key = `${diagnosis.kind}\u0000${diagnosis.severity}`;
      standing.set(key, (standing.get(key) ?? 0) + 1);
    }
    const kinds = new Set(DIAGNOSIS_KINDS);
    for (const key of standing.keys()) kinds.add(key.split('\u0000')[0]!);
    for (const kind of kinds)
      for (const severity of Object.keys(SEVERITIES)) incidents({ team: t, kind, severity }, standing.get(`${kind}\u0000${severity}`) ?? 0);

    const doing = selectActivity(team, now);
    const work = selectWork(team);
    const memberNames = new LabelValues();
    for (const member of members) {
      const m = { team: t, member: memberNames.of(member.name) };
      const own = usage.members.get(member.name);
      if (own) {
        for (const [kind, key] of TOKEN_KINDS) tokens({ ...m, kind }, own[key]);
        cost(m, time(own.costUSD));
        contextTokens(m, own.contextTokens);
        contextRatio(m, own.contextPercent === null ? Number.NaN : own.contextPercent / 100);
      }
      for (const state of MEMBER_STATUSES) status({ ...m, status: state }, member.status === state ? 1 : 0);
      const doingNow = doing.get(member.name);
      if (doingNow) for (const state of ACTIVITY_STATES) activity({ ...m, activity: state }, doingNow.state === state ? 1 : 0);
      unread(m, member.unread);
      memberAge(m, ageSeconds(now, newest(member.lastSignOfLife, time(work.get(member.name)?.activity.lastAt))));
    }
  }
  return f.list();
}
