/** teamtop's command line: flags in, one of the modes out; each mode loads its own dependencies only when chosen. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { VIEW_NAMES } from '../ui/views/names.js';
import { DEFAULT_SECONDS, thresholdsIn } from '../core/model/settings.js';
import { resolveStateDir } from '../io/journal/store-dir.js';
import { commonOptions, positive, resolveClaudeDir, settingsOf, threshold, wantsColor, type CommonFlags } from './options.js';
import { ConfigError } from './config-file.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import { dashboardConflict, isInteractive, journalOptions, preferredTeam, screenOptions, type DashboardFlags } from './dashboard-flags.js';
import { oneLineError, takeOptionsBefore, usageError, wantsTerminal } from './usage.js';
import { version } from './version.js';
import { startLive } from './start-live.js';

/** `teamtop serve`'s own flags (the demo's `--serve` takes them too). */
interface ServeFlags {
  readonly host: string;
  readonly port: number;
  readonly metricsOpen?: boolean;
  readonly showInputs?: boolean;
}

const portNumber = (value: string): number => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('expected a port, 0 to 65535 (0: any free one)');
  return port;
};

function serveOptions(command: Command): Command {
  return command
    .addOption(new Option('--port <n>', 'the port to listen on (0: any free one)').argParser(portNumber).default(7878))
    .option('--host <address>', 'the address to listen on; beyond loopback the page can be read from other machines', '127.0.0.1')
    .option('--metrics-open', '/metrics without the token, for a scraper')
    .option('--show-inputs', "show tools' inputs even beyond loopback");
}

async function runDashboard(flags: DashboardFlags): Promise<number> {
  const conflict = dashboardConflict(flags);
  if (conflict !== undefined) return usageError(conflict);
  const settings = settingsOf(flags);
  let spec: WorkflowSpec | undefined;
  if (flags.spec !== undefined) {
    const { loadSpec } = await import('./run-spec-check.js');
    spec = loadSpec(flags.spec);
    if (!spec) return 1;
  }
  const { team } = flags;
  if (flags.json && flags.follow) {
    const { runFollow } = await import('./run-follow.js');
    return runFollow({ ...settings, team, journal: journalOptions(flags, settings, true) });
  }
  if (flags.json) {
    const { runJson } = await import('./run-json.js');
    return runJson({ ...settings, team, now: settings.now ?? Date.now(), spec, journal: journalOptions(flags, settings, false) });
  }
  if (flags.once || !isInteractive()) {
    const { runOnce } = await import('./run-once.js');
    return runOnce({
      ...settings,
      team,
      preferTeam: preferredTeam(spec),
      width: settings.width ?? 120,
      now: settings.now ?? Date.now(),
      journal: journalOptions(flags, settings, false),
      spec,
      view: flags.view ?? 'dashboard',
      insteadOfLive: !flags.once,
    });
  }
  return startLive({
    ...settings,
    team,
    preferTeam: preferredTeam(spec),
    spec,
    view: flags.view,
    journal: journalOptions(flags, settings, true),
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  let code = 0;
  const program = commonOptions(
    new Command()
      // Set before the subcommands are made, so they inherit it.
      .exitOverride()
      .name('teamtop')
      .description('A live terminal dashboard for Claude Code agent teams.')
      .version(version, '-V, --version')
      .option('-t, --team <name>', 'show this team first; with --json or --once, only this team')
      .option('--once', 'draw one frame to stdout and exit (width from $COLUMNS, height from $LINES)')
      .option('--json', 'print the decoded state as one JSON document and exit')
      .option(
        '--follow',
        'with --json: one JSON object per line as things happen (messages, handshakes, tasks, diagnoses), until interrupted',
      )
      .option('--bell', 'ring the terminal bell on each new warning (the live dashboard)')
      .option('--notify', 'a desktop notification through the terminal on each new warning (the live dashboard; OSC 9 or 777)'),
  )
    .option('--no-journal', 'neither restore history from the journal nor record to it')
    .option('--no-transcripts', "do not read the members' session transcripts (what each is doing, tokens, cost)")
    .option('--journal-limit <MB>', 'keep the journal under this size, dropping the oldest runs (default: 200)', positive)
    .option('--spec <file>', 'a multi-agent-spec team file: its workflow against the live team (w), and in --json')
    .addOption(new Option('--view <view>', 'open on this view, live or with --once (workflow needs --spec)').choices(VIEW_NAMES));
  screenOptions(program)
    .enablePositionalOptions()
    .action(async (flags: DashboardFlags) => {
      // The dashboard takes no arguments: a word after `teamtop` was meant as a command.
      if (program.args.length > 0) (program as Command & { unknownCommand(): never }).unknownCommand();
      code = await runDashboard(flags);
    });

  screenOptions(
    commonOptions(
      program
        .command('replay')
        .description('play a recorded run on the dashboard: a journal file, or a team name')
        .argument('<source>', 'a journal file (see export), or the name of a recorded team')
        .addOption(new Option('--speed <factor>', 'playback speed').argParser(positive).default(1))
        .option('--json', 'print the state at the end of the recording as JSON and exit'),
    ),
  ).action(async (source: string, flags: CommonFlags & { speed: number; json?: boolean }) => {
    const { runReplay } = await import('./run-replay.js');
    const settings = settingsOf(flags);
    code = await runReplay({
      ...settings,
      source,
      speed: flags.speed,
      json: flags.json === true,
      interactive: isInteractive() && !flags.json,
      width: settings.width ?? 120,
    });
  });

  serveOptions(
    commonOptions(
      program
        .command('serve')
        .description('the teams live in a browser, their state and events as JSON, and Prometheus metrics, over HTTP (read-only)'),
    )
      .option('--no-journal', 'neither restore history from the journal nor record to it')
      .option('--no-transcripts', "do not read the members' session transcripts (what each is doing, tokens, cost)")
      .option('--journal-limit <MB>', 'keep the journal under this size, dropping the oldest runs (default: 200)', positive),
  ).action(async (flags: CommonFlags & ServeFlags & { journal: boolean; journalLimit?: number }) => {
    const { runServe } = await import('./run-serve.js');
    const settings = settingsOf(flags);
    code = await runServe({
      ...settings,
      host: flags.host,
      port: flags.port,
      metricsOpen: flags.metricsOpen === true,
      showInputs: flags.showInputs === true,
      journal: journalOptions(flags, settings, true),
    });
  });

  serveOptions(
    program
      .command('demo')
      .description('a scripted team (a lead and four teammates, about 90 s) in a temp dir, on the dashboard (--serve: in a browser)')
      .addOption(new Option('--speed <factor>', 'how fast the script runs').argParser(positive).default(1))
      .option('--stall-after <seconds>', 'an open handshake older than this is stalled (default: 15, scaled by --speed)', threshold)
      .option('--no-color', 'draw without colour (also: NO_COLOR)')
      .option('--serve', 'serve the demo over HTTP as `teamtop serve` does, instead of the dashboard'),
  ).action(async (flags: ServeFlags & { speed: number; stallAfter?: number; color: boolean; serve?: boolean }) => {
    // The demo's own stall default suits its 90 s script; the rest are everyone's.
    const thresholds = thresholdsIn({ stall: flags.stallAfter ?? 15 / flags.speed, quiet: DEFAULT_SECONDS.quiet });
    if (flags.serve) {
      const { runDemoServe } = await import('./run-demo.js');
      code = await runDemoServe({
        speed: flags.speed,
        thresholds,
        host: flags.host,
        port: flags.port,
        metricsOpen: flags.metricsOpen === true,
        showInputs: flags.showInputs === true,
      });
      return;
    }
    if (!isInteractive()) {
      process.stderr.write(`${wantsTerminal('teamtop demo')}; to write the demo team somewhere, use: teamtop simulate --dir <dir>\n`);
      code = 1;
      return;
    }
    const { runDemo } = await import('./run-demo.js');
    code = await runDemo({ speed: flags.speed, color: wantsColor(flags.color, true), thresholds });
  });

  program
    .command('simulate')
    .description('write the demo team into a config dir, with no dashboard (run teamtop --dir <dir> next to it)')
    .requiredOption('-d, --dir <path>', 'the config dir to write into (created if missing)')
    .addOption(new Option('--speed <factor>', 'how fast the script runs').argParser(positive).default(1))
    .option('--keep', 'leave the team in place at the end instead of cleaning it up')
    .action(async (flags: { dir: string; speed: number; keep?: boolean }) => {
      const { runSimulate } = await import('./run-simulate.js');
      code = await runSimulate({ claudeDir: resolveClaudeDir(flags.dir), speed: flags.speed, keep: flags.keep === true });
    });

  commonOptions(
    program
      .command('doctor')
      .description('what is wrong with each team, and what to do about it: exit 0 when nothing warns, 1 when something does')
      .option('-t, --team <name>', 'only this team')
      .option('--json', 'print the report as one JSON document')
      .option('--no-journal', 'do not restore history from the journal')
      .option('--no-transcripts', "do not read the members' session transcripts"),
  ).action(async (flags: CommonFlags & { team?: string; json?: boolean; journal: boolean }) => {
    const { runDoctor } = await import('./run-doctor.js');
    const settings = settingsOf(flags);
    code = await runDoctor({
      ...settings,
      team: flags.team,
      now: settings.now ?? Date.now(),
      json: flags.json === true,
      journal: journalOptions(flags, settings, false),
    });
  });

  commonOptions(
    program
      .command('report')
      .description('one page about one run of a team: text with a swimlane, --json, or a self-contained --html page')
      .argument('[file]', 'a recording (see export) instead of the config dir')
      .option('-t, --team <name>', 'the team (default: the most recently active one)')
      .option(
        '--html <file>',
        'write the page as one HTML file (- for stdout), readable by all (0644 less the umask): a report is made to be shared and holds no tool input or transcript text',
      )
      .option('-f, --force', 'replace the --html file if one is there already')
      .option('--json', 'print the report as one JSON document')
      .option('--no-journal', 'do not restore history from the journal')
      .option('--no-transcripts', "do not read the members' session transcripts"),
  ).action(
    async (
      file: string | undefined,
      flags: CommonFlags & { team?: string; html?: string; force?: boolean; json?: boolean; journal: boolean },
    ) => {
      const { runReport } = await import('./run-report.js');
      const settings = settingsOf(flags);
      code = await runReport({
        ...settings,
        file,
        team: flags.team,
        html: flags.html,
        force: flags.force === true,
        json: flags.json === true,
        journal: journalOptions(flags, settings, false),
        width: settings.width ?? 100,
      });
    },
  );

  program
    .command('spec-check')
    .description('validate a multi-agent-spec team file: exit 0, or 1 with each problem and its JSON path (for CI)')
    .argument('<file>', 'the team file')
    .option('--json', 'print the result as JSON')
    .action(async (file: string, flags: { json?: boolean }) => {
      const { runSpecCheck } = await import('./run-spec-check.js');
      code = runSpecCheck({ file, json: flags.json === true });
    });

  program
    .command('export')
    .description("write one team's journal (every run) as a standalone recording")
    .requiredOption('-t, --team <name>', 'the team to export')
    .requiredOption(
      '-o, --out <file>',
      "where to write it, readable only by you (0600), as the journal is: it holds the team's messages and files as written",
    )
    .option('-f, --force', 'replace the --out file if one is there already')
    .option('-d, --dir <path>', 'the Claude config dir it was recorded from (default: $CLAUDE_CONFIG_DIR, else ~/.claude)')
    .option('--state-dir <path>', 'where the journal lives')
    .action(async (flags: { team: string; out: string; force?: boolean; dir?: string; stateDir?: string }) => {
      const { runExport } = await import('./run-export.js');
      code = runExport({
        team: flags.team,
        out: flags.out,
        force: flags.force === true,
        stateDir: resolveStateDir(flags.stateDir),
        claudeDir: resolveClaudeDir(flags.dir),
      });
    });

  // Set once every subcommand is made: only the dashboard hears a word it does not know as a command.
  program.allowExcessArguments().helpCommand(true).hook('preSubcommand', takeOptionsBefore);
  for (const command of [program, ...program.commands]) {
    const name = command === program ? 'teamtop' : `teamtop ${command.name()}`;
    command.configureOutput({ outputError: (text, write) => write(oneLineError(text, name)) });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof ConfigError) return usageError(error.message);
    const exitCode = (error as { exitCode?: number }).exitCode;
    // Help and the version are 0; a command line commander cannot take is a usage error, 2 (doctor's 1 means a warning).
    if (typeof exitCode === 'number') return exitCode === 0 ? 0 : 2;
    throw error;
  }
  return code;
}
