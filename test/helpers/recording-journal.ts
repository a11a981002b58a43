/**
 * A recording of the real client played to its end, with its timing, into a
 * teamtop journal: each operation the client made (harness/recording.mjs)
 * applied to a model of its config dir, and what a watcher would have read
 * then recorded at the recording's own instant, as the live dashboard records
 * it (a file's text, a file gone, a folder made or gone). The team folder goes
 * at the end, as the client renames it away on exit. The journal's times are
 * the recording's, so what is judged from it never depends on today's date.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Recording } from '../../harness/recording.mjs';
import { classifyFile } from '../../src/core/model/paths.js';
import { namespaceDir } from '../../src/io/journal/store-dir.js';

const FOLDER = /^(teams|tasks)\/([^/.][^/]*)$/u;
const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The recording's journal lines, and its team's folders' names; `start`: the wall-clock instant of its first event. */
export function journalLines(recording: Recording): { lines: object[]; start: number; end: number } {
  const start = Math.round(recording.events[0]!.t * 1000);
  const files = new Map<string, string>();
  const folders = new Set<string>();
  const lines: object[] = [];
  let at = start;
  const folder = (path: string, present: boolean) => {
    if (folders.has(path) === present) return;
    if (present) folders.add(path);
    else folders.delete(path);
    lines.push({ op: 'folder', t: at, path, present });
  };
  const foldersOf = (path: string) => {
    const [root, team] = path.split('/');
    if ((root === 'teams' || root === 'tasks') && team && !team.includes('.deleted-') && path.includes('/'))
      folder(`${root}/${team}`, true);
  };
  const written = (path: string, text: string) => {
    files.set(path, text);
    if (!classifyFile(path) || path.includes('.deleted-')) return;
    foldersOf(path);
    // A torn or empty version: a watcher reads it again and takes the next.
    if (parses(text)) lines.push({ op: 'file', t: at, live: true, path, text });
  };
  const removed = (path: string) => {
    for (const known of [...files.keys()]) {
      if (!within(known, path)) continue;
      files.delete(known);
      if (classifyFile(known) && !path.match(FOLDER)) lines.push({ op: 'gone', t: at, live: true, path: known });
    }
    if (FOLDER.test(path)) folder(path, false);
  };
  for (const op of recording.ops) {
    at = start + Math.round(op.at);
    switch (op.kind) {
      case 'mkdir':
        if (FOLDER.test(op.path)) folder(op.path, true);
        break;
      case 'create':
      case 'write':
        written(op.path, op.content.toString('utf8'));
        break;
      case 'rename': {
        const moved = [...files].filter(([path]) => within(path, op.from));
        removed(op.from);
        for (const [path, text] of moved) written(op.to + path.slice(op.from.length), text);
        break;
      }
      case 'unlink':
      case 'rmdir':
        removed(op.path);
        break;
    }
  }
  return { lines, start, end: at };
}

/** Write the recording's journal for `claudeDir` under `stateDir`; the instant it ends. */
export function writeJournal(recording: Recording, team: string, stateDir: string, claudeDir: string): number {
  const { lines, start, end } = journalLines(recording);
  const folder = join(namespaceDir(stateDir, claudeDir), team);
  mkdirSync(folder, { recursive: true });
  const header = { teamtop: 'journal', v: 2, run: 'recording', team, claudeDir, started: start };
  writeFileSync(
    join(folder, `${new Date(start).toISOString().replace(/[:.]/gu, '-')}-1.jsonl`),
    [header, ...lines].map((line) => `${JSON.stringify(line)}\n`).join(''),
  );
  return end;
}
