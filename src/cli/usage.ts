/** Usage errors: a command line that cannot mean anything is one line on stderr and exit status 2, whoever found it. */
import { closestMatch } from 'leven';
import { DIR_PROBLEM } from '../core/model/observation.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { plural } from '../core/text/words.js';
import type { AppState } from '../core/app-state.js';
import type { Command } from 'commander';
import { liveRefused } from './dumb-terminal.js';

/** Say a usage error; the status to exit with. */
export function usageError(message: string): number {
  process.stderr.write(`teamtop: ${message}\n`);
  return 2;
}

/** Commander's error and its `(Did you mean …?)` line as one teamtop line; without a suggestion, where the flags are listed. */
export function oneLineError(text: string, command: string): string {
  const [message = '', ...rest] = text.trim().split('\n');
  const said = message.replace(/^error: /u, '');
  const suggestion = rest.find((line) => line.startsWith('(Did you mean'));
  const hint = suggestion ? `(d${suggestion.slice(2)}` : `(see ${command} --help)`;
  return `teamtop: ${said} ${hint}\n`;
}

/** Teams named in full when a name is not among them; the rest are counted. */
const LISTED_TEAMS = 10;

/** The team a mistyped name most likely meant: the one it starts, else the nearest by a few edits. */
export function meantTeam(name: string, teams: readonly string[]): string | undefined {
  const starting = teams.filter((team) => team.startsWith(name));
  if (starting.length === 1) return starting[0];
  return closestMatch(name, teams, { maxDistance: Math.max(1, Math.floor(name.length / 3)) });
}

/** `--team` names no team there: a usage error in every mode, listing the teams and the one probably meant. */
export function unknownTeam(name: string, state: AppState, teams: readonly string[], claudeDir: string): number {
  const where = `no team named "${sanitizeLine(name)}" in ${sanitizeLine(claudeDir)}`;
  // The dir is not there, or not a folder: that says why better than an empty list.
  const dir = state.problems.get(DIR_PROBLEM);
  if (teams.length === 0) return usageError(`${where}: ${dir ? sanitizeLine(dir.message) : 'it has no teams'}`);
  const meant = meantTeam(name, teams);
  const listed = teams.slice(0, LISTED_TEAMS).map(sanitizeLine).join(', ');
  const more = teams.length > LISTED_TEAMS ? ` and ${teams.length - LISTED_TEAMS} more` : '';
  const guess = meant === undefined ? '' : ` (did you mean "${sanitizeLine(meant)}"?)`;
  return usageError(`${where}${guess}; ${plural(teams.length, 'team')} there: ${listed}${more}`);
}

/**
 * Options before a command (`teamtop --dir D doctor`) are the command's: commander gives them to the program,
 * which a command never reads. One after the command wins, as a repeated option does; one it lacks is refused.
 */
export function takeOptionsBefore(program: Command, command: Command): void {
  for (const option of program.options) {
    const name = option.attributeName();
    if (program.getOptionValueSource(name) !== 'cli') continue;
    const own = command.options.find((candidate) => candidate.long === option.long);
    if (own === undefined) {
      command.error(`${option.long ?? option.flags} is an option of the dashboard (teamtop with no command), not of ${command.name()}`, {
        exitCode: 2,
        code: 'teamtop.misplacedOption',
      });
    }
    command.setOptionValueWithSource(own.attributeName(), program.getOptionValue(name), 'cli');
  }
}

/** `teamtop demo needs a terminal`, or why this one will not do. */
export function wantsTerminal(what: string): string {
  const refused = liveRefused();
  return refused === undefined ? `${what} needs a terminal` : `${what}: ${refused}`;
}
