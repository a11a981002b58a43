/** The session transcripts recorded with the real 2.1.332 (test-fixtures/captures/cc-2.1.332-realcc-team-*). */
import { cpSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CAPTURES, tempDir } from './fixtures.js';

/** The two recordings of the `team` scenario, by how the teammates ran. */
export const TEAM_332 = { 'in-process': 'cc-2.1.332-realcc-team-in-process', tmux: 'cc-2.1.332-realcc-team-tmux' } as const;
export type Mode = keyof typeof TEAM_332;
export const MODES = Object.keys(TEAM_332) as Mode[];

/** A recording's claude dir as it stood before the client exited. */
export const claudeDirOf = (mode: Mode): string => join(CAPTURES, TEAM_332[mode], 'final_before_exit');

/** Every file under `projects/` of a recording, relative to `projects/`. */
export function projectFiles(mode: Mode): string[] {
  const root = join(claudeDirOf(mode), 'projects');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
    });
  return walk(root).sort();
}

export const readProjectFile = (mode: Mode, path: string): string => readFileSync(join(claudeDirOf(mode), 'projects', path), 'utf8');

/** Every transcript line of both recordings (empty lines aside). */
export const allTranscriptLines = (): string[] =>
  MODES.flatMap((mode) =>
    projectFiles(mode)
      .filter((path) => path.endsWith('.jsonl'))
      .flatMap((path) =>
        readProjectFile(mode, path)
          .split('\n')
          .filter((line) => line !== ''),
      ),
  );

/** The last time a transcript's records say (epoch ms). */
export function lastRecordTime(text: string): number {
  let last = Number.NaN;
  for (const line of text.split('\n')) {
    const time = /"timestamp":"([^"]+)"/u.exec(line)?.[1];
    if (time !== undefined) last = Date.parse(time);
  }
  return last;
}

/**
 * A temp copy of a recording's claude dir, each transcript's modification
 * time its last record's (a checkout's times say when it was checked out).
 */
export function copyRecording(mode: Mode): string {
  const dir = tempDir();
  cpSync(claudeDirOf(mode), dir, { recursive: true });
  for (const path of projectFiles(mode)) {
    const file = join(dir, 'projects', path);
    const last = path.endsWith('.jsonl') ? lastRecordTime(readFileSync(file, 'utf8')) : Number.NaN;
    if (Number.isFinite(last)) utimesSync(file, last / 1000, last / 1000);
  }
  return dir;
}
