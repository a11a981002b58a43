/**
 * The recordings of the real 2.1.332 made for issue 35
 * (test-fixtures/captures/cc-2.1.332-realcc-<scenario>): their transcripts, and
 * a copy of a claude dir as it stood before the client exited.
 *
 * A recording's processes are the recording machine's, whose id is zeros in
 * every `pidDomain` (scripts/redact.mjs): replayed anywhere they are another
 * machine's, of which nothing can be told. `copy332(name, { here: true })`
 * makes them this machine's, as a user who looks at the folder where the
 * client ran sees them: its pids, long gone, are dead.
 */
import { cpSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CAPTURES, tempDir } from './fixtures.js';
import { lastRecordTime } from './transcripts.js';

export const RECORDING_332 = (name: string): string => join(CAPTURES, `cc-2.1.332-realcc-${name}`);
const claudeDir = (name: string): string => join(RECORDING_332(name), 'final_before_exit');

/** Every file under a folder, relative to it, sorted. */
function walk(root: string, dir = root): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(root, path) : [relative(root, path)];
    })
    .sort();
}

/** The transcripts of a recording (relative to its claude dir), and each one's text. */
export function transcripts332(name: string): { readonly path: string; readonly text: string }[] {
  const dir = claudeDir(name);
  return walk(dir)
    .filter((path) => path.startsWith('projects/') && path.endsWith('.jsonl'))
    .map((path) => ({ path, text: readFileSync(join(dir, path), 'utf8') }));
}

/** The one transcript whose path matches. */
export function transcript332(name: string, pattern: RegExp): string {
  const found = transcripts332(name).filter(({ path }) => pattern.test(path));
  if (found.length !== 1) throw new Error(`${found.length} transcripts of ${name} match ${pattern}`);
  return found[0]!.text;
}

/** This machine's id, as the client writes it into `pidDomain`. */
export function machineId(): string {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      // not there
    }
  }
  throw new Error('no machine id on this machine: liveness cannot be tested here');
}

/** What the recordings have for the machine's id. */
export const NO_MACHINE = '0'.repeat(32);

/**
 * A temp copy of a recording's claude dir, each transcript's modification time
 * its last record's (a checkout's say when it was checked out); `here`: its
 * processes this machine's (see above).
 */
export function copy332(name: string, { here = false }: { readonly here?: boolean } = {}): string {
  const dir = tempDir();
  cpSync(claudeDir(name), dir, { recursive: true });
  for (const path of walk(dir)) {
    const file = join(dir, path);
    if (path.startsWith('projects/') && path.endsWith('.jsonl')) {
      const last = lastRecordTime(readFileSync(file, 'utf8'));
      if (Number.isFinite(last)) utimesSync(file, last / 1000, last / 1000);
    } else if (here && path.startsWith('sessions/')) {
      writeFileSync(file, readFileSync(file, 'utf8').replaceAll(NO_MACHINE, machineId()));
    }
  }
  return dir;
}
