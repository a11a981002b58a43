/** `teamtop report [--team NAME | FILE] [--html OUT] [--json]`: one run of a team, from the config dir or a recording played to its end. */
import type { Thresholds } from '../core/model/settings.js';
import { Chalk } from 'chalk';
import { existsSync, statSync } from 'node:fs';
import { inertJson } from '../core/text/inert-json.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { DIR_PROBLEM } from '../core/model/observation.js';
import { ReplayController } from '../io/journal/replay-controller.js';
import { teamEndIn, teamEndInRuns } from '../io/journal/ended.js';
import { readRecording, teamRunFiles } from '../io/journal/sources.js';
import { buildRunReport } from '../core/report/build-report.js';
import { reportText } from '../core/report/text.js';
import { reportJson } from '../core/report/json.js';
import { selectIncidents } from '../core/judge/index.js';
import { selectTeams } from '../core/select/teams.js';
import { isPrintSession, type TeamState } from '../core/facts/index.js';
import { createStore } from '../core/store.js';
import { settledSession, type JournalOptions } from './session.js';
import { writeReportFile } from './report-file.js';
import { unknownTeam } from './usage.js';
import { lookAtConfigDir } from '../io/watch/config-dir-look.js';
import { misplacedNote, transcriptsNote } from '../core/model/config-dir.js';
import type { AppState } from '../core/app-state.js';

export interface ReportCliOptions {
  /** A recording to read instead of the config dir. */
  readonly file: string | undefined;
  readonly team: string | undefined;
  readonly html: string | undefined;
  readonly force?: boolean;
  readonly json: boolean;
  readonly claudeDir: string;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
  readonly now: number | undefined;
  readonly thresholds: Thresholds;
  readonly color: boolean;
  readonly width: number;
}

/** The state a report is made from, and its instant. */
interface Source {
  readonly state: AppState;
  readonly at: number;
  readonly where: string;
  /** When the journal saw a team's folder go (NaN: it did not). */
  readonly folderGoneAt: (team: string) => number;
}

function fromRecording(file: string, now: number | undefined, thresholds: Thresholds): Source | string {
  if (!existsSync(file) || !statSync(file).isFile()) return `no recording at ${sanitizeLine(file)} (for a team by name: --team NAME)`;
  const recording = readRecording([file]);
  const store = createStore({ tracking: thresholds });
  const controller = new ReplayController(recording.lines, store);
  controller.toEnd();
  // A recording is reported as of its own end, not of the day it is read.
  return {
    state: store.getState(),
    at: now ?? controller.end,
    where: sanitizeLine(file),
    folderGoneAt: (team) => teamEndIn(recording.lines, team),
  };
}

async function fromConfigDir(options: ReportCliOptions): Promise<Source> {
  const { store } = await settledSession(options.claudeDir, options.journal, undefined, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
    now: options.now,
  });
  const { journal } = options;
  return {
    state: store.getState(),
    at: options.now ?? Date.now(),
    where: sanitizeLine(options.claudeDir),
    folderGoneAt: (team) => (journal ? teamEndInRuns(teamRunFiles(journal.stateDir, options.claudeDir, team), team) : Number.NaN),
  };
}

/** The teams a report can be about: a `claude -p` session is no team. */
const reportable = (state: AppState): TeamState[] => selectTeams(state.teams).filter((team) => !isPrintSession(team));

/** The team named, else the most recently active one. */
function teamIn(state: AppState, name: string | undefined): TeamState | undefined {
  const teams = reportable(state);
  if (name !== undefined) return teams.find((team) => team.name === name);
  return teams.reduce<TeamState | undefined>((best, team) => (!best || team.lastActivity > best.lastActivity ? team : best), undefined);
}

/** What the config dir with no team holds, said after "no team in …": the folder probably meant, or its transcripts. */
function whyNoTeam(state: AppState, claudeDir: string): string {
  const problem = state.problems.get(DIR_PROBLEM);
  if (problem) return `: ${sanitizeLine(problem.message)}`;
  const look = lookAtConfigDir(claudeDir);
  const misplaced = misplacedNote('it', look);
  if (misplaced !== undefined) return `: ${sanitizeLine(misplaced)}`;
  const transcripts = transcriptsNote(look, Date.now());
  return transcripts === undefined ? '' : ` (${transcripts})`;
}

export async function runReport(options: ReportCliOptions): Promise<number> {
  const source = options.file !== undefined ? fromRecording(options.file, options.now, options.thresholds) : await fromConfigDir(options);
  if (typeof source === 'string') {
    process.stderr.write(`teamtop: ${source}\n`);
    return 1;
  }
  const team = teamIn(source.state, options.team);
  // A --team that is not there is a usage error, listing the teams there are, as in every mode.
  if (options.team !== undefined && !team) {
    return unknownTeam(
      options.team,
      source.state,
      reportable(source.state).map((known) => known.name),
      source.where,
    );
  }
  if (!team) {
    process.stderr.write(
      `teamtop: no team in ${source.where}${options.file === undefined ? whyNoTeam(source.state, options.claudeDir) : ''}\n`,
    );
    return 1;
  }
  const report = buildRunReport(team, {
    at: source.at,
    thresholds: options.thresholds,
    incidents: selectIncidents(source.state, team, source.at, options.thresholds),
    folderGoneAt: source.folderGoneAt(team.name),
  });
  if (options.html !== undefined) {
    const written = writeReportFile(report, options.html, options.force === true);
    if (written !== 0) return written;
  }
  if (options.json) process.stdout.write(`${inertJson(reportJson(report), 2)}\n`);
  else if (options.html === undefined) process.stdout.write(reportText(report, options.width, new Chalk({ level: options.color ? 1 : 0 })));
  return 0;
}
