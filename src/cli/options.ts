/**
 * Where teamtop looks, whether it may use colour, and what an option's value must be.
 */
import { InvalidArgumentError } from 'commander';
import { parseISO } from 'date-fns';
import { isInstant } from '../domain/time.js';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `--dir`, else `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function resolveClaudeDir(dir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (dir) return resolve(dir);
  if (env['CLAUDE_CONFIG_DIR']) return resolve(env['CLAUDE_CONFIG_DIR']);
  return join(homedir(), '.claude');
}

/**
 * Colour is off with `--no-color`, with `NO_COLOR` set (https://no-color.org), and
 * when the output is not a terminal, unless `FORCE_COLOR` asks for it.
 */
export function wantsColor(flag: boolean, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!flag) return false;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  return isTTY;
}

/**
 * An option's value as an instant: an ISO 8601 time, read strictly. `Date.parse`
 * took `0` for 2000-01-01 and rolled 2026-02-30 over to 2 March. A date alone
 * is midnight UTC, as `Date.parse` reads it.
 */
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
