/**
 * Where journals live: `<state dir>/journal/<config dir>-<hash>/<team>/<run>.jsonl`, a folder per config dir
 * (two can have a team called `default`); a run is named by its start time and pid, so names sort by age.
 */
import envPaths from 'env-paths';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/** How big the journal folder may grow before the oldest runs go. */
export const DEFAULT_JOURNAL_BYTES = 200 * 1024 * 1024;

export function resolveStateDir(dir: string | undefined): string {
  if (dir) return resolve(dir);
  const platform = resolve(envPaths('teamtop', { suffix: '' }).log);
  // Earlier teamtops used the Linux folder everywhere: a macOS or Windows user who has one keeps it.
  const xdg = process.env['XDG_STATE_HOME'];
  const earlier = join(xdg ? resolve(xdg) : join(homedir(), '.local', 'state'), 'teamtop');
  return earlier !== platform && existsSync(earlier) ? earlier : platform;
}

/** A team's name as a folder name; a lone surrogate (which encodeURIComponent throws on) becomes `%uD800`. */
const safe = (name: string): string =>
  name
    .split(/(\p{Surrogate})/u)
    .map((part, i) => (i % 2 === 1 ? `%u${part.charCodeAt(0).toString(16).toUpperCase()}` : encodeURIComponent(part)))
    .join('')
    .replace(/^\.+/u, (dots) => '%2E'.repeat(dots.length));

/** A folder's name as a team's: what is not such an encoding (a folder someone else made) is taken as it is. */
function unsafe(folder: string): string {
  return folder
    .split(/(%u[0-9A-F]{4})/u)
    .map((part, i) => {
      if (i % 2 === 1) return String.fromCharCode(Number.parseInt(part.slice(2), 16));
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .join('');
}

/** A Claude config dir's name among others in the state dir: `claude-1a2b3c4d`. */
export function namespaceName(claudeDir: string): string {
  const hash = createHash('sha256').update(resolve(claudeDir)).digest('hex').slice(0, 8);
  const name =
    basename(resolve(claudeDir))
      .replace(/[^A-Za-z0-9_.-]/gu, '_')
      .replace(/^\.+/u, '') || 'root';
  return `${name}-${hash}`;
}

/** The journal folder for one Claude config dir. */
export const namespaceDir = (stateDir: string, claudeDir: string): string => join(stateDir, 'journal', namespaceName(claudeDir));

export const teamDir = (namespace: string, team: string): string => join(namespace, safe(team));

export function runId(started: number, pid = process.pid): string {
  return `${new Date(started).toISOString().replace(/[:.]/gu, '-')}-${pid}`;
}

/** The process that writes (or wrote) a run, from its name; undefined when the name says none. */
export function writerOf(run: string): number | undefined {
  const pid = Number(/-(\d+)$/u.exec(run)?.[1]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether a run's writer is a live process (a pid taken since by another errs on the side of keeping the run). */
export function isLive(run: string): boolean {
  const pid = writerOf(run);
  if (pid === undefined || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RunFile {
  readonly path: string;
  readonly team: string;
  readonly run: string;
  readonly size: number;
}

/** The folders in `path`: a link is never followed, so none can lead pruning (or a restore) outside the state dir. */
function list(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The run files of one namespace (optionally one team), oldest run first. */
export function listRuns(namespace: string, team?: string): RunFile[] {
  const teams = team === undefined ? list(namespace) : [safe(team)];
  const runs: RunFile[] = [];
  for (const folder of teams) {
    let names: string[];
    try {
      names = readdirSync(join(namespace, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const path = join(namespace, folder, name);
      try {
        // lstat: a link named like a run is no run of ours (pruning would delete what it leads to).
        const stats = lstatSync(path);
        // A folder or a named pipe of that name is no run: reading it would fail, or wait forever.
        if (stats.isFile()) runs.push({ path, team: unsafe(folder), run: name.slice(0, -'.jsonl'.length), size: stats.size });
      } catch {
        // Removed meanwhile (another teamtop pruning): skip it.
      }
    }
  }
  return runs.sort((a, b) => a.run.localeCompare(b.run) || a.team.localeCompare(b.team));
}

export function listAllRuns(stateDir: string): RunFile[] {
  const root = join(stateDir, 'journal');
  return list(root)
    .flatMap((namespace) => listRuns(join(root, namespace)))
    .sort((a, b) => a.run.localeCompare(b.run));
}

/** The runs of `team` in whichever config dir's journal recorded it last (none when it was never recorded). */
export function latestRunsOfTeam(stateDir: string, team: string): RunFile[] {
  const root = join(stateDir, 'journal');
  let latest: RunFile[] = [];
  for (const namespace of list(root)) {
    const runs = listRuns(join(root, namespace), team);
    if (runs.length > 0 && (latest.length === 0 || runs.at(-1)!.run.localeCompare(latest.at(-1)!.run) > 0)) latest = runs;
  }
  return latest;
}
