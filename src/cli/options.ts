/** Where teamtop looks, whether it may use colour, what an option's value must be, and the settings from the flags and the config file. */
import { DEFAULT_SECONDS, MAX_THRESHOLD_SECONDS, thresholdsIn, type Thresholds } from '../core/model/settings.js';
import { InvalidArgumentError, type Command } from 'commander';
import { parseISO } from 'date-fns';
import { isInstant } from '../core/model/time.js';
import { resolveStateDir } from '../io/journal/store-dir.js';
import { homedir } from 'node:os';
import { readConfigFile, type ConfigFile, type ThemeChoice } from './config-file.js';
import type { KeyRemaps } from '../ui/keys/remap.js';
import { join, resolve } from 'node:path';

/** `--dir`, else `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function resolveClaudeDir(dir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (dir) return resolve(dir);
  if (env['CLAUDE_CONFIG_DIR']) return resolve(env['CLAUDE_CONFIG_DIR']);
  return join(homedir(), '.claude');
}

/** What chose the config dir `resolveClaudeDir` gives, as a problem with it says. */
export function dirChosenBy(dir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (dir) return 'chosen by --dir';
  if (env['CLAUDE_CONFIG_DIR']) return 'chosen by CLAUDE_CONFIG_DIR';
  return 'the default: neither --dir nor CLAUDE_CONFIG_DIR is set';
}

/** Colour is off with `--no-color`, `NO_COLOR` (https://no-color.org), no terminal, or one with none (`TERM=dumb`), unless `FORCE_COLOR` asks for it. */
export function wantsColor(flag: boolean, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!flag) return false;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  return isTTY && env['TERM'] !== 'dumb';
}

/** An ISO 8601 instant, read strictly (`Date.parse` took `0` for 2000 and rolled 2026-02-30 over); a date alone is midnight UTC. */
export function instant(value: string): number {
  const time = parseISO(/^\d{4}-\d{2}-\d{2}$/u.test(value) ? `${value}T00:00:00Z` : value).getTime();
  if (!isInstant(time)) throw new InvalidArgumentError('expected an ISO time such as 2026-03-01T10:05:00Z');
  return time;
}

export function nonNegative(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('expected a number, 0 or more');
  return parsed;
}

export { MAX_THRESHOLD_SECONDS };

export function threshold(value: string): number {
  const seconds = nonNegative(value);
  if (seconds > MAX_THRESHOLD_SECONDS)
    throw new InvalidArgumentError(
      `expected at most ${MAX_THRESHOLD_SECONDS} seconds (about 31 years): a longer threshold is never reached`,
    );
  return seconds;
}

export function positive(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a number above 0');
  return parsed;
}

/** A positive whole number from the environment (`$COLUMNS`, `$LINES`), else undefined. */
export function envNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : undefined;
}

/** The flags of every command that reads a config dir and diagnoses it: the dashboard, replay, doctor. */
export function commonOptions(command: Command): Command {
  return command
    .option('-d, --dir <path>', 'Claude config dir to read (default: $CLAUDE_CONFIG_DIR, else ~/.claude)')
    .option('--no-color', 'draw without colour (also: NO_COLOR)')
    .option('--now <iso time>', 'judge ages and stalls as of this instant instead of the clock', instant)
    .option(
      '--stall-after <seconds>',
      `an open handshake this old is stalled, and mail waiting this long has piled up (default: ${DEFAULT_SECONDS.stall})`,
      threshold,
    )
    .option(
      '--quiet-after <seconds>',
      `a member shown working that has shown no sign of life for this long is quiet (default: ${DEFAULT_SECONDS.quiet})`,
      threshold,
    )
    .option('--budget <dollars>', "what a team may spend: a note from 80% of it, a warning past it (also the config's budget)", positive)
    .option('--config <file>', 'the config file (default: $XDG_CONFIG_HOME/teamtop/config.toml, else ~/.config/teamtop/config.toml)')
    .option(
      '--state-dir <path>',
      'where the journal lives (default: $XDG_STATE_HOME/teamtop, else ~/.local/state/teamtop; ~/Library/Logs/teamtop on macOS)',
    );
}

/** The flags `commonOptions` adds, as commander gives them: a flag not given is undefined, for the config file to say. */
export interface CommonFlags {
  readonly dir?: string;
  readonly color: boolean;
  readonly now?: number;
  readonly stallAfter?: number;
  readonly quietAfter?: number;
  readonly budget?: number;
  readonly config?: string;
  readonly stateDir?: string;
  /** `--no-transcripts` (the dashboard, doctor and report). */
  readonly transcripts?: boolean;
  /** The dashboard's and the replay's (`screenOptions`). */
  readonly theme?: ThemeChoice;
  /** `--no-mouse`: false; true when not given. */
  readonly mouse?: boolean;
  readonly bell?: boolean;
  readonly notify?: boolean;
}

/** What every command that reads a config dir runs with, worked out once: in ms, and no mode applies a default of its own. */
export interface Settings {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  readonly dirChosenBy: string;
  /** The instant to judge ages and stalls as of (`--now`); the clock when undefined. */
  readonly now: number | undefined;
  readonly color: boolean;
  readonly stateDir: string;
  /** `$COLUMNS`, else the terminal's width, if either is known. */
  readonly width: number | undefined;
  /** `$LINES`, if set. */
  readonly height: number | undefined;
  readonly transcripts: boolean;
  /** The theme asked for: `auto` looks at the terminal's background (theme-detect.ts). */
  readonly theme: ThemeChoice;
  /** Keys the config file binds to other commands. */
  readonly keys: KeyRemaps;
  /** Ring the terminal bell on each new warning (the live dashboard). */
  readonly bell: boolean;
  /** A desktop notification through the terminal on each new warning (the live dashboard). */
  readonly notify: boolean;
  /** Take the mouse: the wheel scrolls, a click focuses or selects. */
  readonly mouse: boolean;
  /** The config file read, if one was. */
  readonly configFile: string | undefined;
}

/**
 * The settings, worked out once: each from its flag when given, else from the
 * config file, else its default. `config` is read from `--config` or the XDG
 * place when not given (a ConfigError when it is not right).
 */
export function settingsOf(
  flags: CommonFlags,
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WriteStream = process.stdout,
  config: ConfigFile = readConfigFile(flags.config, env),
): Settings {
  return {
    claudeDir: resolveClaudeDir(flags.dir, env),
    dirChosenBy: dirChosenBy(flags.dir, env),
    now: flags.now,
    thresholds: thresholdsIn({
      stall: flags.stallAfter ?? config.stallAfter ?? DEFAULT_SECONDS.stall,
      quiet: flags.quietAfter ?? config.quietAfter ?? DEFAULT_SECONDS.quiet,
      budget: flags.budget ?? config.budget,
    }),
    color: wantsColor(flags.color, out.isTTY === true, env),
    stateDir: resolveStateDir(flags.stateDir),
    width: envNumber(env['COLUMNS']) ?? (out.isTTY ? out.columns : undefined),
    height: envNumber(env['LINES']),
    transcripts: flags.transcripts !== false,
    theme: flags.theme ?? config.theme ?? 'auto',
    keys: config.keys ?? {},
    bell: flags.bell === true || config.bell === true,
    notify: flags.notify === true || config.notify === true,
    // `--no-mouse` makes it false; not given, it is true, and the config says.
    mouse: flags.mouse !== false && config.mouse !== false,
    configFile: config.path,
  };
}
