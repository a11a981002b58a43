/** A look at a config dir with no team, for what to say of it (`src/core/model/config-dir.ts`); what cannot be read is the reader's to say. */
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ConfigDirLook, Misplaced } from '../../core/model/config-dir.js';

/** Transcripts counted at most: a look, not an inventory. */
const MOST_TRANSCRIPTS = 5000;

function entries(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** A config dir as Claude Code lays one out: any of its folders teamtop or the client reads. */
const looksLikeConfigDir = (path: string): boolean => ['teams', 'tasks', 'projects'].some((folder) => isFolder(join(path, folder)));

/** A team's folder: its config or its inboxes. */
const looksLikeTeam = (path: string): boolean => existsSync(join(path, 'config.json')) || isFolder(join(path, 'inboxes'));

/** The config dir `dir` is probably part of or holds, and how; null when it is not misplaced. */
function misplaced(dir: string): { readonly meant: string; readonly misplaced: Misplaced } | null {
  // Not there: the reader says so, and a folder above it is no more likely meant.
  if (!isFolder(dir) || looksLikeConfigDir(dir)) return null;
  const name = basename(dir);
  if (name === 'teams' || name === 'tasks') return { meant: dirname(dir), misplaced: name };
  if (looksLikeTeam(dir) && basename(dirname(dir)) === 'teams') return { meant: dirname(dirname(dir)), misplaced: 'team' };
  const inside = join(dir, '.claude');
  if (looksLikeConfigDir(inside)) return { meant: inside, misplaced: 'home' };
  return null;
}

/** Transcripts under `projects/<slug>/` (one level: subagents' are a session's own), and the newest one's time. */
function transcriptsIn(dir: string): { readonly count: number; readonly newest: number } {
  let count = 0;
  let newest = Number.NaN;
  for (const project of entries(join(dir, 'projects'))) {
    if (!project.isDirectory()) continue;
    for (const file of entries(join(dir, 'projects', project.name))) {
      if (!file.isFile() || !file.name.endsWith('.jsonl')) continue;
      if (++count > MOST_TRANSCRIPTS) return { count: count - 1, newest };
      try {
        const written = statSync(join(dir, 'projects', project.name, file.name)).mtimeMs;
        if (!(written <= newest)) newest = written;
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return { count, newest };
}

export function lookAtConfigDir(dir: string): ConfigDirLook {
  const wrong = misplaced(dir);
  const transcripts = transcriptsIn(dir);
  return {
    meant: wrong?.meant ?? null,
    misplaced: wrong?.misplaced ?? null,
    teamsFolder: isFolder(join(dir, 'teams')),
    transcripts: transcripts.count,
    newestTranscript: transcripts.newest,
  };
}
