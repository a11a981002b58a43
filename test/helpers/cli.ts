import { spawnSync } from 'node:child_process';
import { CLI } from './pty.js';

/** The built CLI as a script runs it: no terminal, no colour unless asked, 120 columns. */
export function runCli(args: readonly string[], env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, COLUMNS: '120', ...env },
    input: '',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
