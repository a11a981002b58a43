/**
 * teamtop's command line: flags in, one of the modes out. Only what every mode
 * needs is imported here; each mode loads its own dependencies when chosen.
 */
import { Command, InvalidArgumentError } from 'commander';
import { resolveClaudeDir, wantsColor } from './options.js';

declare const TEAMTOP_VERSION: string;
const version = typeof TEAMTOP_VERSION === 'string' ? TEAMTOP_VERSION : '0.0.0-dev';

interface DashboardFlags {
  readonly dir?: string;
  readonly team?: string;
  readonly once?: boolean;
  readonly json?: boolean;
  readonly color: boolean;
  readonly now?: number;
  readonly stallAfter: number;
}

function instant(value: string): number {
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw new InvalidArgumentError('expected an ISO time such as 2026-03-01T10:05:00Z');
  return time;
}

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('expected a number of seconds, 0 or more');
  return parsed;
}

function envNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

async function runDashboard(flags: DashboardFlags): Promise<number> {
  const claudeDir = resolveClaudeDir(flags.dir);
  const stallAfterMs = flags.stallAfter * 1000;
  if (flags.json) {
    const { runJson } = await import('./run-json.js');
    return runJson({ claudeDir, team: flags.team, now: flags.now ?? Date.now(), stallAfterMs });
  }
  const interactive = !flags.once && process.stdin.isTTY === true && process.stdout.isTTY === true;
  if (!interactive) {
    const { runOnce } = await import('./run-once.js');
    return runOnce({
      claudeDir,
      team: flags.team,
      color: wantsColor(flags.color, process.stdout.isTTY === true),
      width: envNumber(process.env['COLUMNS']) ?? (process.stdout.isTTY ? process.stdout.columns : undefined) ?? 120,
      height: envNumber(process.env['LINES']),
      now: flags.now ?? Date.now(),
      stallAfterMs,
    });
  }
  // Ink goes quiet when it thinks it runs in CI; at a terminal the user wants the dashboard.
  process.env['CI'] = 'false';
  const { runLive } = await import('./run-live.js');
  return runLive({ claudeDir, team: flags.team, color: wantsColor(flags.color, true), now: flags.now, stallAfterMs });
}

export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  const program = new Command()
    .name('teamtop')
    .description('A live terminal dashboard for Claude Code agent teams.')
    .version(version, '-V, --version')
    .option('-d, --dir <path>', 'Claude config dir to read (default: $CLAUDE_CONFIG_DIR, else ~/.claude)')
    .option('-t, --team <name>', 'show this team first; with --json or --once, only this team')
    .option('--once', 'draw one frame to stdout and exit (width from $COLUMNS, height from $LINES)')
    .option('--json', 'print the decoded state as one JSON document and exit')
    .option('--no-color', 'draw without colour (also: NO_COLOR)')
    .option('--now <iso time>', 'judge ages and stalls as of this instant instead of the clock', instant)
    .option('--stall-after <seconds>', 'an open handshake older than this is stalled', seconds, 60)
    .showHelpAfterError()
    .action(async (flags: DashboardFlags) => {
      code = await runDashboard(flags);
    });
  program.exitOverride();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    const exitCode = (error as { exitCode?: number }).exitCode;
    if (typeof exitCode === 'number') return exitCode;
    throw error;
  }
  return code;
}
