/**
 * The compiled code of teamtop's modules is kept in teamtop's own cache dir
 * (Node's compile cache, where Node has it); where that dir cannot be made,
 * teamtop starts all the same, and at once.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tempDir } from '../helpers/fixtures.js';
import { CLI } from '../helpers/pty.js';

/** `teamtop --json` with the cache dir at `cache`: a start that hung is killed, and has no status. */
function start(cache: string) {
  const result = spawnSync(process.execPath, [CLI, '--json', '--no-journal', '--dir', `${FIXTURES}/generations`], {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cache, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined },
    input: '',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout };
}

describe('the compile cache', () => {
  it("is kept in teamtop's cache dir, and read back by the next start", () => {
    const cache = tempDir();
    expect(start(cache).code).toBe(0);
    const kept = join(cache, 'teamtop', 'compiled');
    const files = existsSync(kept) ? readdirSync(kept, { recursive: true }) : [];
    // Node 22.1 and later keep it; an earlier Node runs without.
    if (typeof nodeModule.enableCompileCache === 'function') expect(files.length).toBeGreaterThan(3);
    else expect(files).toEqual([]);
    const again = start(cache);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ claudeDir: `${FIXTURES}/generations` });
  });

  it('is done without where its dir cannot be made: a file, a dangling link, a place under /proc', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    const dangling = tempDir();
    mkdirSync(join(dangling, 'teamtop'));
    symlinkSync(join(dangling, 'gone'), join(dangling, 'teamtop', 'compiled'));
    for (const cache of [file, dangling, '/proc/1/not-there']) {
      const { code, stdout } = start(cache);
      expect(code, cache).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ claudeDir: `${FIXTURES}/generations` });
    }
  });
});
