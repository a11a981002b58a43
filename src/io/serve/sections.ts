/**
 * The live page's parts, each an HTML fragment of one team at one instant. Text from disk goes through
 * xmlText; colours are classes (the policy forbids style attributes); every list is bounded.
 */
import type { TeamState } from '../../core/facts/index.js';
import { ageSecondsAt, type Handshake } from '../../core/model/handshakes.js';
import type { TaskNode } from '../../core/model/task-graph.js';
import { formatSince } from '../../core/model/time.js';
import { buildRunReport } from '../../core/report/build-report.js';
import { formatCost, formatTokens } from '../../core/report/format.js';
import type { RunReport } from '../../core/report/model.js';
import { reportSvg } from '../../core/report/svg.js';
import { xmlText } from '../../core/report/xml.js';
import { selectDiagnoses, selectIncidents } from '../../core/judge/index.js';
import { selectHandshakes } from '../../core/select/handshakes.js';
import { selectMembersAt, type MemberView } from '../../core/select/members.js';
import { selectTaskGraph, selectWorkTasks } from '../../core/select/tasks.js';
import { selectTeamSummaries } from '../../core/select/teams.js';
import { selectUsage } from '../../core/select/work.js';
import { diagnosisWithoutInputs } from './inputs.js';
import { age, clock, counted, none, text, who, word, type SectionOptions } from './html-text.js';
import { membersSection } from './member-cards.js';
import type { AppState } from '../../core/app-state.js';
import type { Diagnosis } from '../../core/model/diagnosis.js';
import { selectTeamEnded } from '../../core/select/liveness.js';

export const SECTION_IDS = ['teams', 'head', 'diagnoses', 'members', 'handshakes', 'tasks', 'lanes'] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export type Sections = Readonly<Record<SectionId, string>>;

const HANDSHAKES_SHOWN = 30;
const TASKS_SHOWN = 200;
const TEAMS_SHOWN = 50;
/** The swimlane draws the newest messages and the first lanes. */
const LANE_MESSAGES = 400;
const LANES = 60;

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
    selectTeamEnded(team) ? 'ended' : 'running',
    counted(running.length, 'member'),
    counted(messages, 'message'),
    usage ? `${formatTokens(usage.inputTokens)} in · ${formatTokens(usage.outputTokens)} out · ${formatCost(usage)}` : '',
    `as of <time class="now">${xmlText(clock(options.now))}</time>`,
  ].filter(Boolean);
  const description = team.config?.description ? `<p class="muted">${text(team.config.description)}</p>` : '';
  return `<h1>${text(team.name, 80)}</h1>${description}<p class="facts">${facts.join(' · ')}</p>`;
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
