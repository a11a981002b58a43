/**
 * The config file: `$XDG_CONFIG_HOME/teamtop/config.toml` (`~/.config/…` when
 * that is not set; env-paths' config dir where it is another, on macOS and
 * Windows), or the file `--config` names. TOML (smol-toml), checked with zod;
 * a file that is not right stops teamtop with its line and what is wrong
 * (exit 2), as git and lazygit do: thresholds a user wrote and teamtop
 * ignored would judge the team otherwise than they think.
 */
import envPaths from 'env-paths';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import * as z from 'zod/mini';
import { closestMatch } from 'leven';
import { MAX_THRESHOLD_SECONDS } from '../core/model/settings.js';
import { parseKey, remappable, type KeyRemaps } from '../ui/keys/remap.js';
import { BASE_KEYMAP } from '../ui/keys/keymap.js';
import { DASHBOARD, VIEW_NAMES } from '../ui/views/names.js';
import { THEME_NAMES } from '../ui/widgets/theme-names.js';
import { withRegularFile } from '../io/read-file.js';
import { sanitizeLine } from '../core/text/sanitize.js';

/** A config file is a few lines: one far larger is not one. */
const MAX_BYTES = 1024 * 1024;

export const THEME_CHOICES = ['auto', ...THEME_NAMES] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const seconds = z.number().check(z.minimum(0), z.maximum(MAX_THRESHOLD_SECONDS));
const keySpecs = z.union([z.string(), z.array(z.string())]);

const ConfigSchema = z.strictObject({
  theme: z.optional(z.enum(THEME_CHOICES)),
  bell: z.optional(z.boolean()),
  notify: z.optional(z.boolean()),
  mouse: z.optional(z.boolean()),
  budget: z.optional(z.number().check(z.positive())),
  thresholds: z.optional(z.strictObject({ stall_after: z.optional(seconds), quiet_after: z.optional(seconds) })),
  keys: z.optional(z.record(z.string(), keySpecs)),
});

/** What a config file says; each field absent where it says nothing. */
export interface ConfigFile {
  /** The file read; undefined when there is none. */
  readonly path?: string;
  readonly theme?: ThemeChoice;
  readonly bell?: boolean;
  readonly notify?: boolean;
  readonly mouse?: boolean;
  /** Dollars. */
  readonly budget?: number;
  /** Seconds. */
  readonly stallAfter?: number;
  readonly quietAfter?: number;
  readonly keys?: KeyRemaps;
}

export const NO_CONFIG: ConfigFile = {};

/** A config file teamtop cannot take: the message says where and why; teamtop exits 2. */
export class ConfigError extends Error {
  readonly exitCode = 2;
}

/** Where the config file is looked for, first found first: the XDG place, then env-paths' where that is another. */
export function configPlaces(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
  const places = [join(base, 'teamtop', 'config.toml'), join(envPaths('teamtop', { suffix: '' }).config, 'config.toml')];
  return [...new Set(places.map((place) => resolve(place)))];
}

/** The line of `text` that sets `path` (`thresholds.stall_after`), as near as a scan of its tables and keys finds it. */
export function lineOf(text: string, path: readonly PropertyKey[]): number | undefined {
  const want = path.filter((segment): segment is string => typeof segment === 'string');
  const unquote = (key: string) => key.trim().replace(/^"(.*)"$|^'(.*)'$/u, '$1$2');
  let table: string[] = [];
  let nearest: number | undefined;
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const header = /^\s*\[\s*([^\]]+?)\s*\]/u.exec(line);
    if (header) {
      table = header[1]!.split('.').map(unquote);
      if (want.join('.') === table.join('.')) nearest ??= i + 1;
      continue;
    }
    const assignment = /^\s*([^=#]+?)\s*=/u.exec(line);
    if (!assignment) continue;
    const key = [...table, ...assignment[1]!.split('.').map(unquote)];
    if (key.join('.') === want.join('.')) return i + 1;
    if (want.join('.').startsWith(`${key.join('.')}.`)) nearest ??= i + 1;
  }
  return nearest;
}

const describe = (value: unknown): string => sanitizeLine(JSON.stringify(value) ?? String(value)).slice(0, 60);

/** zod's first issue with the file, in words: what key, what it must be, what it was. */
function issueText(issue: z.core.$ZodIssue, data: unknown): { readonly path: readonly PropertyKey[]; readonly text: string } {
  const path = issue.path;
  const name = path.join('.');
  const value = path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    data,
  );
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      const known = path.length === 0 ? Object.keys(ConfigSchema.def.shape) : ['stall_after', 'quiet_after'];
      const meant = closestMatch(key, known);
      return {
        path: [...path, key],
        text: `unknown key "${sanitizeLine(key)}"${meant ? ` (did you mean ${meant}?)` : `: ${name || 'the file'} has ${known.join(', ')}`}`,
      };
    }
    case 'invalid_value':
      return { path, text: `${name} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${describe(value)}` };
    case 'too_small':
      return { path, text: `${name} must be ${name === 'budget' ? 'above 0 (dollars)' : '0 or more (seconds)'}, not ${describe(value)}` };
    case 'too_big':
      return { path, text: `${name} must be at most ${MAX_THRESHOLD_SECONDS} seconds (about 31 years), not ${describe(value)}` };
    default: {
      const expected = 'expected' in issue ? String(issue.expected) : 'another value';
      return { path, text: `${name} must be ${expected === 'boolean' ? 'true or false' : `a ${expected}`}, not ${describe(value)}` };
    }
  }
}

interface KeysProblem {
  readonly path: readonly string[];
  readonly text: string;
}

/** The `[keys]` table checked: known commands, real keys, no key given twice. */
function checkKeys(
  keys: Readonly<Record<string, string | readonly string[]>>,
): { readonly problem: KeysProblem } | { readonly remaps: KeyRemaps } {
  // The views' keys are named as the views are; the views themselves are not loaded for it.
  const commands = [...remappable(BASE_KEYMAP), ...VIEW_NAMES.filter((name) => name !== DASHBOARD)];
  const given = new Map<string, string>();
  const remaps: Record<string, readonly string[]> = {};
  for (const [command, value] of Object.entries(keys)) {
    if (!commands.includes(command)) {
      const meant = closestMatch(command, [...commands]);
      const text = `no command "${sanitizeLine(command)}"${meant ? ` (did you mean ${meant}?)` : ''}: ${commands.join(', ')}`;
      return { problem: { path: ['keys', command], text } };
    }
    const specs = typeof value === 'string' ? [value] : value;
    for (const spec of specs) {
      const parsed = parseKey(spec);
      if (typeof parsed === 'string') return { problem: { path: ['keys', command], text: `keys.${command}: ${sanitizeLine(parsed)}` } };
      const other = given.get(spec);
      if (other !== undefined)
        return { problem: { path: ['keys', command], text: `keys.${command}: "${sanitizeLine(spec)}" is given to ${other} too` } };
      given.set(spec, command);
    }
    remaps[command] = specs;
  }
  return { remaps };
}

/** A config file's text, checked; a ConfigError saying where it is wrong. */
export function parseConfig(text: string, path: string): ConfigFile {
  const where = (line: number | undefined) => `${path}${line === undefined ? '' : `, line ${line}`}`;
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    const { line, message } = error as { line?: number; message: string };
    const what = message.split('\n')[0]!.replace(/^Invalid TOML document: /u, '');
    throw new ConfigError(`${where(line)}: not TOML: ${what}`);
  }
  const result = ConfigSchema.safeParse(data);
  if (!result.success) {
    const { path: at, text: said } = issueText(result.error.issues[0]!, data);
    throw new ConfigError(`${where(lineOf(text, at))}: ${said}`);
  }
  const config = result.data;
  const keys = config.keys ? checkKeys(config.keys) : undefined;
  if (keys && 'problem' in keys) throw new ConfigError(`${where(lineOf(text, keys.problem.path))}: ${keys.problem.text}`);
  return {
    path,
    ...(config.theme === undefined ? {} : { theme: config.theme }),
    ...(config.bell === undefined ? {} : { bell: config.bell }),
    ...(config.notify === undefined ? {} : { notify: config.notify }),
    ...(config.mouse === undefined ? {} : { mouse: config.mouse }),
    ...(config.budget === undefined ? {} : { budget: config.budget }),
    ...(config.thresholds?.stall_after === undefined ? {} : { stallAfter: config.thresholds.stall_after }),
    ...(config.thresholds?.quiet_after === undefined ? {} : { quietAfter: config.thresholds.quiet_after }),
    ...(keys === undefined ? {} : { keys: keys.remaps }),
  };
}

/**
 * The config file: the one `--config` names (it must be there), else the
 * first in `configPlaces` that is; none is no config. Read as a regular file
 * (a pipe there would hang the start), at most MAX_BYTES.
 */
export function readConfigFile(chosen: string | undefined, env: NodeJS.ProcessEnv = process.env): ConfigFile {
  const path = chosen === undefined ? configPlaces(env).find((place) => existsSync(place)) : resolve(chosen);
  if (path === undefined) return NO_CONFIG;
  const read = withRegularFile(path, (fd, stats) => (stats.size > MAX_BYTES ? null : readFileSync(fd, 'utf8')));
  if (read === null) throw new ConfigError(`${path}: over ${MAX_BYTES / 1024 / 1024} MB: not a config file`);
  if (typeof read !== 'string') {
    const reason =
      read.code === 'ENOENT' ? 'no such file' : read.code === 'EISDIR' ? 'a folder, not a file' : `cannot read it (${read.code})`;
    throw new ConfigError(`${path}: ${reason}${chosen === undefined ? '' : ' (--config)'}`);
  }
  return parseConfig(read, path);
}
