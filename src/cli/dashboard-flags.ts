/** The dashboard's flags: what they are, what goes with what, and what they choose (the journal's options, the team to open on). */
import { isDumbTerminal } from './dumb-terminal.js';
import type { ViewName } from '../ui/views/names.js';
import { DEFAULT_JOURNAL_BYTES } from '../io/journal/store-dir.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import type { CommonFlags, Settings } from './options.js';
import type { JournalOptions } from './session.js';
import { Option, type Command } from 'commander';
import { THEME_CHOICES } from './config-file.js';

export interface DashboardFlags extends CommonFlags {
  readonly team?: string;
  readonly once?: boolean;
  readonly json?: boolean;
  readonly journal: boolean;
  readonly journalLimit?: number;
  readonly spec?: string;
  readonly view?: ViewName;
  readonly follow?: boolean;
}

/** A terminal on both sides that can draw the live dashboard. */
export const isInteractive = () => process.stdin.isTTY === true && process.stdout.isTTY === true && !isDumbTerminal();

export function journalOptions(
  flags: { journal: boolean; journalLimit?: number },
  settings: Settings,
  write: boolean,
): JournalOptions | undefined {
  if (!flags.journal) return undefined;
  return {
    stateDir: settings.stateDir,
    write,
    maxBytes: flags.journalLimit === undefined ? DEFAULT_JOURNAL_BYTES : flags.journalLimit * 1024 * 1024,
  };
}

/** The team to open on without `--team`: run from inside a team's session, that team (once it is there); given a spec, its team. */
export function preferredTeam(spec: WorkflowSpec | undefined): string | undefined {
  return process.env['CLAUDE_CODE_TEAM_NAME'] || spec?.name;
}

/** What is wrong with the dashboard's flags together, as a usage error says it; undefined when nothing is. */
export function dashboardConflict(flags: DashboardFlags): string | undefined {
  if (flags.view === 'workflow' && flags.spec === undefined) {
    return '--view workflow needs --spec <file>: the workflow is the one a team file declares';
  }
  if (flags.view !== undefined && flags.json) {
    return "--view chooses what --once and the dashboard draw; --json prints everything (with --spec, each team's workflow)";
  }
  if (flags.follow && (!flags.json || flags.once)) {
    return '--follow prints one JSON object per line as things happen: use it with --json, without --once';
  }
  if (flags.bell && (flags.json || flags.once)) {
    return '--bell rings in the live dashboard; with --json --follow, wait for "diagnosis" events instead';
  }
  if (flags.notify && (flags.json || flags.once)) {
    return '--notify notifies from the live dashboard; with --json --follow, wait for "diagnosis" events instead';
  }
  return undefined;
}

/** The flags of the commands that draw on the terminal: the dashboard and the replay. */
export function screenOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--theme <theme>',
        'colours for a dark or a light background, or high contrast (default: auto, from the terminal)',
      ).choices(THEME_CHOICES),
    )
    .option('--no-mouse', 'do not take the mouse (the wheel scrolls, a click focuses): the terminal selects text as usual');
}
