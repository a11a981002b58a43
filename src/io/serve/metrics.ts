/**
 * What `/metrics` says, as plain values: each metric family with its samples,
 * worked out from the store's state as of an instant. Pure; `prometheus.ts`
 * writes it in Prometheus' text format.
 *
 * Names and units follow Prometheus' conventions: a `teamtop_` prefix, base
 * units (`_seconds`, `_dollars`, a `_ratio` from 0 to 1), `_total` on
 * counters, an enumeration as one gauge per state (1 for the state it is in,
 * 0 for each other: `teamtop_member_status{status="working"} 1`), labels
 * `team` and `member`.
 *
 * Label values come from files (folder and member names: hostile). Each is
 * made one readable line (sanitizeLine), cut to LABEL_CHARS, and kept apart
 * from any other that reads the same once cut (a `~2` suffix): Prometheus
 * rejects a scrape with two series of one name and the same labels. Their
 * number is bounded: at most MAX_TEAMS teams (running ones first, then those
 * that ended within the last hour, most recently active first) and at most
 * MAX_MEMBERS members of each (the lead first, then the roster's order); how
 * many were left out is a metric of its own. States, activity states,
 * handshake kinds and diagnosis kinds are the code's own lists, never text
 * from a file: a team of 10,000 names gives at most MAX_MEMBERS members'
 * series.
 */
import { type TeamState } from '../../core/facts/index.js';
import { DIAGNOSIS_KINDS, selectDiagnoses, RECENT_MS } from '../../core/judge/index.js';
import { REQUEST_KINDS } from '../../core/model/handshakes.js';
import type { MemberStatus } from '../../core/model/member-status.js';
import { sanitizeLine } from '../../core/text/sanitize.js';
import type { Thresholds } from '../../core/model/settings.js';
import { selectHandshakes } from '../../core/select/handshakes.js';
import { selectMembersAt, type MemberView } from '../../core/select/members.js';
import { selectTeams } from '../../core/select/teams.js';
import { selectActivity, selectUsage, selectWork } from '../../core/select/work.js';
import { type AppState } from '../../core/app-state.js';
import { type Severity } from '../../core/model/diagnosis.js';
import { type ActivityState } from '../../core/model/activity.js';
import { selectTeamEnded } from '../../core/select/liveness.js';

/** Teams given series; the rest are counted in `teamtop_teams_unlisted`. */
export const MAX_TEAMS = 10;
/** Members of a team given series; the rest are counted in `teamtop_team_members_unlisted`. */
export const MAX_MEMBERS = 40;
/** The longest label value, in UTF-16 units. */
export const LABEL_CHARS = 100;

/**
 * Every member status, as a gauge each: the compiler names a status added to
 * MemberStatus and missing here.
 */
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

/** What the server itself counts, said beside the teams. */
export interface ServingFigures {
  /** Open live pages and event streams. */
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

/** A label value from a file: one readable line, cut. */
function labelText(text: string): string {
  const line = sanitizeLine(text);
  return line.length <= LABEL_CHARS ? line : `${line.slice(0, LABEL_CHARS - 1)}…`;
}

/** Label values kept apart: the same text once cut gets a `~2`, `~3`… */
class LabelValues {
  private readonly used = new Set<string>();

  of(text: string): string {
    const base = labelText(text);
    let value = base;
    for (let i = 2; this.used.has(value); i++) value = `${base}~${i}`;
    this.used.add(value);
    return value;
  }
}

const time = (value: number | null | undefined): number => (value === null || value === undefined ? Number.NaN : value);
const newest = (a: number, b: number): number => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b));
const ageSeconds = (now: number, at: number): number => (Number.isFinite(at) ? Math.max(0, now - at) / 1000 : Number.NaN);

/** The teams given series, in order, and how many were left out. */
function listedTeams(state: AppState, now: number): { readonly teams: readonly TeamState[]; readonly unlisted: number } {
  const all = selectTeams(state.teams);
  const recent = (team: TeamState) => team.present || (Number.isFinite(team.lastActivity) && now - team.lastActivity <= RECENT_MS);
  const candidates = all
    .filter(recent)
    .sort(
      (a, b) =>
        Number(b.present) - Number(a.present) ||
        (Number.isNaN(b.lastActivity) ? -Infinity : b.lastActivity) - (Number.isNaN(a.lastActivity) ? -Infinity : a.lastActivity) ||
        a.name.localeCompare(b.name),
    );
  const teams = candidates.slice(0, MAX_TEAMS);
  return { teams, unlisted: all.length - teams.length };
}

/** The members given series: the lead first, the roster's order, those still on it before those gone. */
function listedMembers(members: readonly MemberView[]): readonly MemberView[] {
  const rank = (member: MemberView) => (member.isLead ? 0 : member.departed ? 2 : member.status === 'not on roster' ? 3 : 1);
  return members
    .map((member, index) => ({ member, index }))
    .sort((a, b) => rank(a.member) - rank(b.member) || a.index - b.index)
    .slice(0, MAX_MEMBERS)
    .map(({ member }) => member);
}

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
