/** `teamtop doctor`: what is wrong with each team and what to do, for a person or a script; exit 1 when anything warns. */
import type { Thresholds } from '../core/model/settings.js';
import { Chalk, type ChalkInstance } from 'chalk';
import { idleNote, selectDiagnoses, clearedIncidents, selectIncidents } from '../core/judge/index.js';
import { inertJson } from '../core/text/inert-json.js';
import { DIR_PROBLEM } from '../core/model/observation.js';
import { append } from '../core/model/lists.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { formatAge, formatClock, isInstant } from '../core/model/time.js';
import { selectTeams } from '../core/select/teams.js';
import { isPrintSession, type TeamState } from '../core/facts/index.js';
import { diagnosisJson, incidentJson } from '../core/snapshot.js';
import { fit } from '../core/text/fit.js';
import { settledSession, type JournalOptions } from './session.js';
import { lookAtConfigDir } from '../io/watch/config-dir-look.js';
import { misplacedNote, transcriptsNote } from '../core/model/config-dir.js';
import { unknownTeam } from './usage.js';
import type { Incident, Diagnosis, Evidence } from '../core/model/diagnosis.js';
import type { AppState } from '../core/app-state.js';
import { selectTeamEnded } from '../core/select/liveness.js';

export interface DoctorOptions {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  readonly dirChosenBy?: string;
  readonly team: string | undefined;
  readonly now: number;
  readonly json: boolean;
  readonly color: boolean;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
  readonly out?: (text: string) => void;
}

/** What doctor looks at: teams, not `claude -p` sessions (nobody was meant to read their task owners' inboxes). */
function teamsOf(state: AppState, only: string | undefined): TeamState[] {
  return selectTeams(state.teams).filter((team) => !isPrintSession(team) && (only === undefined || team.name === only));
}

const SHOWN_TEXT = 72;

function evidenceLine(item: Evidence): string {
  const when = isInstant(item.at) ? formatClock(item.at) : '--:--:--';
  if (item.kind !== 'message') return `${when} ${item.kind} ${sanitizeLine(item.ref)}`;
  const { message } = item;
  // Cut as the dashboard cuts: between characters, an ellipsis where it was cut, reading no more of a long text than it shows.
  const text = fit(message.text, SHOWN_TEXT);
  return `${when} message ${sanitizeLine(item.ref)} ${sanitizeLine(message.from)} → ${sanitizeLine(message.to)}: ${text}`;
}

function diagnosisLines(diagnosis: Diagnosis, now: number, paint: ChalkInstance, when = sinceOf(diagnosis, now)): string[] {
  const mark = diagnosis.severity === 'warning' ? paint.yellow.bold('⚠ warning') : paint.cyan('ℹ info');
  return [
    `  ${mark} ${paint.bold(diagnosis.kind)} · ${diagnosis.members.map(sanitizeLine).join(', ')}${when}`,
    `    ${sanitizeLine(diagnosis.summary)}`,
    `    → ${sanitizeLine(diagnosis.action)}`,
    ...diagnosis.evidence.map((item, i) => `    ${i === 0 ? 'evidence' : '        '} ${evidenceLine(item)}`),
  ];
}

const sinceOf = (diagnosis: Diagnosis, now: number): string =>
  isInstant(diagnosis.since) ? ` · since ${formatClock(diagnosis.since)} (${formatAge(now - diagnosis.since)} ago)` : '';

const clockOr = (at: number | null): string => (at !== null && isInstant(at) ? formatClock(at) : '--:--:--');

/** `· raised 10:00:05, cleared 10:00:40 (answered)`, or `· raised 10:00:05, still standing`. */
const incidentWhen = (incident: Incident): string =>
  ` · raised ${clockOr(incident.raisedAt)}, ${incident.clearedAt === null ? 'still standing' : `cleared ${clockOr(incident.clearedAt)} (${sanitizeLine(incident.cleared ?? '')})`}`;

/** An ended team's incidents, oldest first; a live team's cleared in the last hour. One still standing gets only its line here. */
function incidentLines(team: TeamState, incidents: readonly Incident[], now: number, paint: ChalkInstance): string[] {
  const shown = team.present ? clearedIncidents(incidents, team, now).reverse() : incidents;
  if (shown.length === 0) return [];
  const heading = team.present ? 'cleared in the last hour' : 'during the run';
  return [
    `  ${paint.bold(heading)} (${counted(shown.length, 'incident')}):`,
    ...shown.flatMap((incident) => {
      const lines = diagnosisLines(incident, now, paint, incidentWhen(incident));
      return incident.clearedAt === null ? [`${lines[0]!} (said above)`] : lines;
    }),
  ];
}

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export async function runDoctor(options: DoctorOptions): Promise<number> {
  const { claudeDir, now, thresholds } = options;
  const out = options.out ?? ((text: string) => process.stdout.write(text));
  const { store } = await settledSession(claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds,
    now,
  });
  const teams = teamsOf(store.getState(), options.team);
  if (options.team !== undefined && teams.length === 0) {
    const names = teamsOf(store.getState(), undefined).map((team) => team.name);
    return unknownTeam(options.team, store.getState(), names, claudeDir);
  }
  const state = store.getState();
  const judged = teams.map((team) => ({
    team,
    ...selectDiagnoses(team, now, thresholds),
    incidents: selectIncidents(state, team, now, thresholds),
  }));
  const all = judged.flatMap(({ diagnoses }) => diagnoses);
  const warnings = all.filter((diagnosis) => diagnosis.severity === 'warning').length;
  const infos = all.length - warnings;
  // A config dir that is not there (or is a file, or a folder inside one) warns: a mistyped --dir is not a healthy dir with no teams.
  const look = teams.length === 0 && options.team === undefined ? lookAtConfigDir(claudeDir) : undefined;
  const dirProblem = store.getState().problems.get(DIR_PROBLEM)?.message ?? (look && misplacedNote(claudeDir, look)) ?? null;
  const code = warnings > 0 || dirProblem !== null ? 1 : 0;

  if (options.json) {
    const report = {
      claudeDir,
      now: new Date(now).toISOString(),
      dirProblem,
      warnings,
      infos,
      teams: judged.map(({ team, diagnoses, idle, incidents }) => ({
        name: team.name,
        ended: selectTeamEnded(team),
        idleSince: idle ? new Date(idle.since).toISOString() : null,
        diagnoses: diagnoses.map(diagnosisJson),
        incidents: incidents.map(incidentJson),
      })),
    };
    out(`${inertJson(report, 2)}\n`);
    return code;
  }

  const paint = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  if (dirProblem !== null) lines.push(`${paint.yellow('⚠')} ${sanitizeLine(dirProblem)}`);
  if (teams.length === 0) {
    const transcripts = look && transcriptsNote(look, now);
    lines.push(`no teams in ${sanitizeLine(claudeDir)}${transcripts ? ` (${transcripts})` : ''}`);
  }
  for (const { team, diagnoses, idle, incidents } of judged) {
    const ended = selectTeamEnded(team) ? ' (ended)' : '';
    if (diagnoses.length === 0) {
      const during = incidentLines(team, incidents, now, paint);
      lines.push(`${paint.green('✓')} ${sanitizeLine(team.name)}${ended}: nothing wrong${during.length > 0 ? ' now' : ''}`);
      append(lines, during);
      continue;
    }
    const teamWarnings = diagnoses.filter((diagnosis) => diagnosis.severity === 'warning').length;
    lines.push(
      `${teamWarnings > 0 ? paint.yellow('⚠') : paint.cyan('ℹ')} ${paint.bold(sanitizeLine(team.name))}${ended}: ` +
        `${counted(teamWarnings, 'warning')}, ${counted(diagnoses.length - teamWarnings, 'note')}${idle ? ` · ${idleNote(idle)}` : ''}`,
    );
    for (const diagnosis of diagnoses) append(lines, diagnosisLines(diagnosis, now, paint));
    append(lines, incidentLines(team, incidents, now, paint));
  }
  if (teams.length > 1) lines.push(`${counted(warnings, 'warning')}, ${counted(infos, 'note')} in ${counted(teams.length, 'team')}`);
  out(`${lines.join('\n')}\n`);
  return code;
}
