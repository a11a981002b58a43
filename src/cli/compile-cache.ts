/**
 * V8's compiled code for teamtop's modules, kept in teamtop's own cache dir (Node 22.1 and later): a start after the
 * first compiles little. Where the dir cannot be made or written teamtop runs without, as before.
 */
import envPaths from 'env-paths';
import nodeModule from 'node:module';
import { join } from 'node:path';
import { makeFolders } from '../io/folders.js';

/** Keeps the modules loaded from now on compiled; NODE_COMPILE_CACHE (another dir) and NODE_DISABLE_COMPILE_CACHE win. */
export function keepCompiledCode(): void {
  try {
    const dir = join(envPaths('teamtop', { suffix: '' }).cache, 'compiled');
    // A folder indeed (makeFolders says so or throws), so that Node makes only its own one inside it.
    makeFolders(dir);
    nodeModule.enableCompileCache?.(dir);
  } catch {
    // No home (env-paths throws) or no dir: compiled afresh each start.
  }
}
