/**
 * V8's compiled code for teamtop's modules, kept in teamtop's own cache dir (Node 22.1 and later): a start after the
 * first compiles little. Where the dir cannot be made or written teamtop runs without, as before.
 */
import envPaths from 'env-paths';
import { mkdirSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { dirname, join } from 'node:path';

/** `dir` and its parents made one by one: Node's recursive making spins forever where a parent cannot hold one (under /proc, a dangling link). */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' || dirname(dir) === dir) {
      if (code === 'EEXIST') return;
      throw error;
    }
    makeDir(dirname(dir));
    mkdirSync(dir);
  }
}

/** Keeps the modules loaded from now on compiled; NODE_COMPILE_CACHE (another dir) and NODE_DISABLE_COMPILE_CACHE win. */
export function keepCompiledCode(): void {
  try {
    const dir = join(envPaths('teamtop', { suffix: '' }).cache, 'compiled');
    makeDir(dir);
    // A directory indeed, so that Node makes only its own one inside it.
    if (statSync(dir).isDirectory()) nodeModule.enableCompileCache?.(dir);
  } catch {
    // No home (env-paths throws) or no dir: compiled afresh each start.
  }
}
