/**
 * File systems that refuse writes, for real: a read-only one, and a tiny one
 * that fills up. They are mounted (tmpfs) where the tests may mount, as root;
 * elsewhere each helper says so (undefined), and the tests use another real
 * refusal instead of skipping.
 */
import { execFileSync } from 'node:child_process';
import { afterEach } from 'vitest';
import { tempDir } from './fixtures.js';

const mounted: string[] = [];

function mount(options: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = tempDir('teamtop-mount-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

/** A folder on a read-only file system. */
export const readOnlyFileSystem = (): string | undefined => mount('ro,size=1m');

/** A folder on a file system of `kilobytes`. */
export const tinyFileSystem = (kilobytes: number): string | undefined => mount(`size=${kilobytes}k`);

afterEach(() => {
  // Before the temp dirs they are mounted on are removed.
  for (const dir of mounted.splice(0)) execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
});

const NOBODY = 65534;
/** Run a child as `nobody` when the tests run as root (root may read and write anything). */
export const asUser = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
