/**
 * The live page's parts, each an HTML fragment drawn from the store's state
 * of one team as of an instant: the teams, the team's head line, the member
 * cards (status, what each does, tokens, context, cost, and its mail), the
 * diagnoses with their actions, the handshakes, the task list with its
 * dependencies, and the run's swimlane (the report's own drawing). The page
 * is them put together; a live update sends the ones that changed.
 *
 * Every text from disk goes through xmlText (the report's escaping: one
 * readable line, markup escaped); a link's team name through
 * encodeURIComponent first. Colours are classes (`c-blue`): the page's
 * policy forbids style attributes. No part names a tool's input unless
 * `showInputs` (the server says when: on loopback, or `--show-inputs`).
 * What a list shows is bounded: a team of 10,000 names or 200,000 messages
 * draws a page of the same size as one of fifty.
 */
import { type TeamState } from '../../core/facts/index.js';
import { ageSecondsAt, type Handshake } from '../../core/model/handshakes.js';
import { isUnread, type InboxMessage } from '../../core/model/inbox.js';
import { verdictOf } from '../../core/decode/protocol.js';
import type { TaskNode } from '../../core/model/task-graph.js';
import type { Thresholds } from '../../core/model/settings.js';
import { formatClock, formatSince, isInstant } from '../../core/model/time.js';
import { buildRunReport } from '../../core/report/build-report.js';
import { memberColorKey } from '../../core/report/colors.js';
import { fitColumns, formatCost, formatTokens } from '../../core/report/format.js';
import type { RunReport } from '../../core/report/model.js';
import { reportSvg } from '../../core/report/svg.js';
import { xmlText } from '../../core/report/xml.js';
import { selectDiagnoses, selectIncidents } from '../../core/judge/index.js';
import { selectHandshakes } from '../../core/select/handshakes.js';
import { selectMembersAt, type MemberView } from '../../core/select/members.js';
import { selectTaskGraph, selectWorkTasks } from '../../core/select/tasks.js';
import { selectTeamSummaries } from '../../core/select/teams.js';
import { selectActivity, selectUsage } from '../../core/select/work.js';
import { diagnosisWithoutInputs } from './inputs.js';
import { type AppState } from '../../core/app-state.js';
import { type Diagnosis } from '../../core/model/diagnosis.js';
import { type ActivityNow } from '../../core/model/activity.js';
import { type MemberUsage } from '../../core/model/usage.js';

/** The page's parts, in the order they stand on it. */
export const SECTION_IDS = ['teams', 'head', 'diagnoses', 'members', 'handshakes', 'tasks', 'lanes'] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export type Sections = Readonly<Record<SectionId, string>>;

export interface SectionOptions {
  readonly thresholds: Thresholds;
  readonly now: number;
  /** Name the tools' inputs (what a call runs): on loopback, or with `--show-inputs`. */
  readonly showInputs: boolean;
}

/** Cards drawn; the rest are counted. */
export const CARDS_SHOWN = 60;
/** Each card's newest messages. */
export const MAIL_SHOWN = 8;
const HANDSHAKES_SHOWN = 30;
const TASKS_SHOWN = 200;
const TEAMS_SHOWN = 50;
/** The swimlane draws the newest messages and the first lanes. */
const LANE_MESSAGES = 400;
const LANES = 60;
/** The columns a text from disk is cut to. */
const TEXT_COLUMNS = 240;

const text = (value: string, columns = TEXT_COLUMNS): string => xmlText(fitColumns(value, columns));
const colorClass = (color: string | null): string => `c-${memberColorKey(color) ?? 'none'}`;
/** A word from the code's own lists (a status, a state), as a class. */
const word = (value: string): string => value.replace(/[^a-z0-9]+/gu, '-');
const clock = (time: number | null): string => (time !== null && isInstant(time) ? formatClock(time) : '--:--:--');
const counted = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** An age that ticks on the page (app.js) from the instant it counts from; the server's words until then. */
function age(since: number | null, now: number): string {
  if (since === null || !isInstant(since)) return '';
  return `<span class="age" data-since="${Math.round(since)}">${xmlText(formatSince(Math.max(0, now - since)))}</span>`;
}

const none = (words: string): string => `<p class="none">${xmlText(words)}</p>`;

/** A member's name in its colour. */
const who = (name: string, color: string | null): string => `<span class="who ${colorClass(color)}">${text(name, 40)}</span>`;

export function teamsSection(state: AppState, current: string | undefined): string {
  const summaries = selectTeamSummaries(state.teams).filter((team) => !team.session);
  if (summaries.length <= 1) return '';
  const shown = summaries.slice(0, TEAMS_SHOWN);
  const links = shown.map((team) => {
    const here = team.name === current ? ' aria-current="page"' : '';
    const mark = team.ended ? ' <span class="muted">(ended)</span>' : '';
    return `<li><a href="/?team=${xmlText(encodeURIComponent(team.name))}"${here}>${text(team.name, 40)}</a>${mark}</li>`;
  });
  const more = summaries.length > shown.length ? `<li class="muted">and ${summaries.length - shown.length} more</li>` : '';
  return `<nav aria-label="teams"><ul class="teams">${links.join('')}${more}</ul></nav>`;
}

function headSection(team: TeamState | undefined, members: readonly MemberView[], options: SectionOptions): string {
  if (!team) return `<h1>teamtop</h1>${none('No team yet: the page shows one as soon as its folder appears.')}`;
  const usage = selectUsage(team).team;
  const running = members.filter((member) => !member.departed && member.status !== 'not on roster' && member.status !== 'no agent');
  const messages = [...team.inboxes.values()].reduce((sum, inbox) => sum + inbox.messages.length, 0);
  const facts = [
    team.present ? 'running' : 'ended',
    counted(running.length, 'member'),
    counted(messages, 'message'),
    usage ? `${formatTokens(usage.inputTokens)} in · ${formatTokens(usage.outputTokens)} out · ${formatCost(usage)}` : '',
    `as of <time class="now">${xmlText(clock(options.now))}</time>`,
  ].filter(Boolean);
  const description = team.config?.description ? `<p class="muted">${text(team.config.description)}</p>` : '';
  return `<h1>${text(team.name, 80)}</h1>${description}<p class="facts">${facts.join(' · ')}</p>`;
}

/** What a member does now: `▶ Bash npm test · 42s`; the tool alone when inputs are not shown. */
function activityLine(activity: ActivityNow | undefined, options: SectionOptions): string {
  if (!activity) return '';
  const since = age(activity.since, options.now);
  const tail = since ? ` · ${since}` : '';
  const call = [activity.tool, options.showInputs ? activity.detail : null].filter((part): part is string => Boolean(part)).join(' ');
  const more = activity.openCalls > 1 ? ` (+${activity.openCalls - 1})` : '';
  switch (activity.state) {
    case 'tool':
      return activity.overdue
        ? `<p class="doing danger">▶ ${text(call, 80)}${more}${tail} · far longer than usual</p>`
        : `<p class="doing">▶ ${text(call, 80)}${more}${tail}</p>`;
    case 'waiting-permission':
      return `<p class="doing warning">‖ permission? ${text(call, 80)}${tail}</p>`;
    case 'thinking':
      return `<p class="doing">… thinking${tail}</p>`;
    case 'writing':
      return `<p class="doing">✎ writing${tail}</p>`;
    default:
      return '';
  }
}

/** Context, cost, tokens: a meter and a line. */
function usageLines(usage: MemberUsage | null | undefined): string {
  if (!usage) return '';
  const percent = usage.contextPercent;
  const tone = percent === null || percent < 80 ? '' : percent < 90 ? ' warning' : ' danger';
  const meter =
    percent === null
      ? ''
      : `<meter min="0" max="100" low="80" high="90" optimum="0" value="${Math.min(100, Math.max(0, percent))}"></meter>`;
  const context = `ctx ${formatTokens(usage.contextTokens)}${percent === null ? '' : ` ${Math.round(percent)}%`}`;
  const cache = usage.cacheReadTokens + usage.cacheCreationTokens > 0;
  const figures = [
    `<span class="cost">${xmlText(formatCost(usage))}</span>`,
    `${formatTokens(usage.inputTokens)} in`,
    `${formatTokens(usage.outputTokens)} out`,
    cache ? `cache ${formatTokens(usage.cacheReadTokens)}/${formatTokens(usage.cacheCreationTokens)}` : '',
  ].filter(Boolean);
  return `<p class="usage${tone}"><span class="ctx">${context}</span>${meter}</p><p class="usage">${figures.join(' · ')}</p>`;
}

type Tone = 'plain' | 'quiet' | 'request' | 'yes' | 'no';

/** How a message reads at a glance (as the dashboard tells it): requests stand out, answers say yes or no. */
function toneOf(message: InboxMessage): Tone {
  if (!message.data) return 'plain';
  if (message.kind === 'idle_notification') return 'quiet';
  if (message.kind.endsWith('_request')) return 'request';
  const verdict = verdictOf(message.data);
  return verdict === true ? 'yes' : verdict === false ? 'no' : 'plain';
}

function mailLines(messages: readonly InboxMessage[], colors: ReadonlyMap<string, string | null>): string {
  if (messages.length === 0) return '<p class="none">no mail</p>';
  const shown = messages.slice(-MAIL_SHOWN).reverse();
  const rows = shown.map((message) => {
    const unread = isUnread(message);
    const summary = !message.data && message.summary ? `<b>${text(message.summary, 60)}</b> · ` : '';
    return (
      `<li class="${toneOf(message)}${unread ? ' unread' : ''}">` +
      `<time>${xmlText(clock(message.time))}</time> <span class="mark" title="${unread ? 'unread' : 'read'}">${unread ? '●' : '○'}</span> ` +
      `${who(message.from, colors.get(message.from) ?? message.color)} ${summary}<span class="text">${text(message.text)}</span></li>`
    );
  });
  const more = messages.length > shown.length ? `<p class="muted">${counted(messages.length - shown.length, 'older message')}</p>` : '';
  return `<ol class="mail">${rows.join('')}</ol>${more}`;
}

function card(
  member: MemberView,
  team: TeamState,
  activity: ActivityNow | undefined,
  usage: MemberUsage | null | undefined,
  colors: ReadonlyMap<string, string | null>,
  options: SectionOptions,
): string {
  const role = member.isLead ? 'lead' : member.agentType;
  const facts = [role, member.model ?? '', member.backendType ?? ''].filter(Boolean).map((fact) => text(fact, 40));
  const unread = member.unread > 0 ? `<span class="unread-count">${counted(member.unread, 'unread')}</span>` : '';
  const statusSince = age(Number.isNaN(member.statusSince) ? null : member.statusSince, options.now);
  const messages = team.inboxes.get(member.name)?.messages ?? [];
  return (
    `<article class="card ${colorClass(member.color)}${member.departed ? ' departed' : ''}">` +
    `<header><h3>${text(member.name, 40)}</h3><span class="status s-${word(member.status)}">${xmlText(member.status)}${statusSince ? ` ${statusSince}` : ''}</span>${unread}</header>` +
    `<p class="muted">${facts.join(' · ')}</p>` +
    activityLine(activity, options) +
    usageLines(usage) +
    `<h4>mail</h4>${mailLines(messages, colors)}` +
    `</article>`
  );
}

function membersSection(team: TeamState | undefined, members: readonly MemberView[], options: SectionOptions): string {
  if (!team) return '';
  if (members.length === 0) return none('No members yet.');
  const activity = selectActivity(team, options.now);
  const usage = selectUsage(team).members;
  const colors = new Map(members.map((member) => [member.name, member.color]));
  const shown = members.slice(0, CARDS_SHOWN);
  const cards = shown.map((member) => card(member, team, activity.get(member.name), usage.get(member.name), colors, options));
  const more = members.length > shown.length ? `<p class="muted">and ${counted(members.length - shown.length, 'more member')}</p>` : '';
  return `<div class="cards">${cards.join('')}</div>${more}`;
}

function diagnosisRow(judged: Diagnosis, options: SectionOptions): string {
  const diagnosis = options.showInputs ? judged : diagnosisWithoutInputs(judged);
  const since = age(Number.isNaN(diagnosis.since) ? null : diagnosis.since, options.now);
  return (
    `<li class="${diagnosis.severity}"><span class="sev">${diagnosis.severity === 'warning' ? '⚠' : 'ℹ'} ${xmlText(diagnosis.kind)}</span> ` +
    `<span class="members">${diagnosis.members.map((member) => text(member, 40)).join(', ')}</span>${since ? ` · ${since}` : ''}` +
    `<div>${text(diagnosis.summary, 400)}</div><div class="action">→ ${text(diagnosis.action, 400)}</div></li>`
  );
}

function diagnosesSection(team: TeamState | undefined, options: SectionOptions): string {
  if (!team) return '';
  const { diagnoses } = selectDiagnoses(team, options.now, options.thresholds);
  const heading = `<h2>Diagnoses <span class="muted">(${diagnoses.length})</span></h2>`;
  if (diagnoses.length === 0) return `${heading}${none('Nothing wrong.')}`;
  return `${heading}<ul class="diagnoses">${diagnoses.map((diagnosis) => diagnosisRow(diagnosis, options)).join('')}</ul>`;
}

function handshakeRow(handshake: Handshake, colors: ReadonlyMap<string, string | null>, options: SectionOptions): string {
  const open = handshake.state === 'pending' || handshake.state === 'stalled';
  const seconds = ageSecondsAt(handshake, options.now);
  const waited = open
    ? age(handshake.agedFrom, options.now)
    : handshake.answerSeconds !== null
      ? xmlText(formatSince(handshake.answerSeconds * 1000))
      : seconds !== null
        ? xmlText(formatSince(seconds * 1000))
        : '—';
  return (
    `<tr class="${word(handshake.state)}"><td class="time">${xmlText(clock(handshake.requestedAt))}</td><td>${xmlText(handshake.kind)}</td>` +
    `<td>${who(handshake.from, colors.get(handshake.from) ?? null)} → ${who(handshake.to, colors.get(handshake.to) ?? null)}</td>` +
    `<td class="state">${xmlText(handshake.state)}</td><td class="num">${waited}</td><td>${text(handshake.fact || '—', 120)}</td></tr>`
  );
}

function handshakesSection(team: TeamState | undefined, members: readonly MemberView[], options: SectionOptions): string {
  if (!team) return '';
  const handshakes = selectHandshakes(team, options.now, options.thresholds);
  const open = handshakes.filter((handshake) => handshake.state === 'pending' || handshake.state === 'stalled');
  const answered = handshakes.filter((handshake) => handshake.state !== 'pending' && handshake.state !== 'stalled');
  const shown = [...open.slice(0, HANDSHAKES_SHOWN), ...answered.slice(-Math.max(0, HANDSHAKES_SHOWN - open.length)).reverse()];
  const heading = `<h2>Handshakes <span class="muted">(${open.length} open, ${answered.length} answered)</span></h2>`;
  if (shown.length === 0) return `${heading}${none('No requests yet.')}`;
  const colors = new Map(members.map((member) => [member.name, member.color]));
  const rows = shown.map((handshake) => handshakeRow(handshake, colors, options)).join('');
  const more = handshakes.length > shown.length ? `<p class="muted">the newest ${shown.length} of ${handshakes.length}</p>` : '';
  return `${heading}<div class="table"><table><thead><tr><th>asked</th><th>kind</th><th>who asked whom</th><th>state</th><th>waited</th><th>about</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}

const MARKS: Readonly<Record<string, string>> = { completed: '✓', in_progress: '▶', blocked: '○', deleted: '✗', ready: '·', planning: '·' };

function taskRow(task: TaskNode, colors: ReadonlyMap<string, string | null>): string {
  const after = task.blockedBy.map((id) => {
    const open = task.openBlockers.includes(id);
    const missing = task.missing.includes(id);
    return `<span class="${open ? 'open' : missing ? 'missing' : 'done'}">#${text(id, 20)}</span>`;
  });
  const owner = task.owner === null ? '<span class="muted">nobody</span>' : who(task.owner, colors.get(task.owner) ?? null);
  const cycle = task.inCycle ? ' <span class="danger">in a cycle</span>' : '';
  return (
    `<tr class="${word(task.state)}"><td class="mark">${MARKS[task.state] ?? '·'}</td><td>#${text(task.id, 20)}</td>` +
    `<td>${text(task.subject, 160)}</td><td>${owner}</td><td>${xmlText(task.state.replace('_', ' '))}</td>` +
    `<td>${after.join(' ') || '—'}${cycle}</td></tr>`
  );
}

function tasksSection(team: TeamState | undefined, members: readonly MemberView[]): string {
  if (!team) return '';
  const tasks = selectWorkTasks(selectTaskGraph(team.tasks));
  const done = tasks.filter((task) => task.state === 'completed').length;
  const heading = `<h2>Tasks <span class="muted">(${done} of ${tasks.length} done)</span></h2>`;
  if (tasks.length === 0) return `${heading}${none('No tasks.')}`;
  const colors = new Map(members.map((member) => [member.name, member.color]));
  const rows = tasks
    .slice(0, TASKS_SHOWN)
    .map((task) => taskRow(task, colors))
    .join('');
  const more = tasks.length > TASKS_SHOWN ? `<p class="muted">the first ${TASKS_SHOWN} of ${tasks.length}</p>` : '';
  return `${heading}<div class="table"><table><thead><tr><th></th><th>task</th><th>subject</th><th>owner</th><th>state</th><th>after</th></tr></thead><tbody>${rows}</tbody></table></div>${more}`;
}

/** The run's swimlane, as `teamtop report` draws it, for the newest messages and the first lanes. */
function lanesSection(state: AppState, team: TeamState | undefined, options: SectionOptions): string {
  if (!team) return '';
  const report = buildRunReport(team, {
    at: options.now,
    thresholds: options.thresholds,
    incidents: selectIncidents(state, team, options.now, options.thresholds).map((incident) =>
      options.showInputs ? incident : diagnosisWithoutInputs(incident),
    ),
    folderGoneAt: Number.NaN,
  });
  const drawn: RunReport = { ...report, members: report.members.slice(0, LANES), messages: report.messages.slice(-LANE_MESSAGES) };
  const cut =
    report.messages.length > drawn.messages.length ? ` (the newest ${drawn.messages.length} of ${report.messages.length} messages)` : '';
  return `<h2>The run${xmlText(cut)}</h2><div class="lanes">${reportSvg(drawn)}</div>`;
}

/** Every part of the page for `team` (undefined: no team yet). */
export function pageSections(state: AppState, team: TeamState | undefined, options: SectionOptions): Sections {
  const members = team ? selectMembersAt(team, options.now, options.thresholds) : [];
  return {
    teams: teamsSection(state, team?.name),
    head: headSection(team, members, options),
    diagnoses: diagnosesSection(team, options),
    members: membersSection(team, members, options),
    handshakes: handshakesSection(team, members, options),
    tasks: tasksSection(team, members),
    lanes: lanesSection(state, team, options),
  };
}
