import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';

export const FIXTURES = resolve(import.meta.dirname, '../../test-fixtures');
export const CAPTURES = join(FIXTURES, 'captures');

const made: string[] = [];

/** A fresh temp dir, removed after the test. */
export function tempDir(prefix = 'teamtop-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A temp copy of a fixture folder (fixtures are never changed in place). */
export function copyFixture(name: string): string {
  const dir = tempDir();
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
