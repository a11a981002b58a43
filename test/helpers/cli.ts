import { spawn, spawnSync } from 'node:child_process';
import { afterEach } from 'vitest';
import { CLI } from './pty.js';
import { waitFor } from './wait.js';

/** The built CLI as a script runs it: no terminal, no colour unless asked, 120 columns. */
export function runCli(args: readonly string[], env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, COLUMNS: '120', ...env },
    input: '',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const following: (() => void)[] = [];

afterEach(() => {
  for (const kill of following.splice(0)) kill();
});

/**
 * The built CLI left running (`--follow`) until what it wrote to stdout passes
 * `until`, then for `lingerMs` more (a window for what must not come, such as
 * a warning), then told to end (SIGTERM). Its output is what it wrote by then.
 * A condition, not a fixed run time: on a busy machine a start-up can take
 * seconds.
 */
export async function followUntil(
  args: readonly string[],
  until: (stdout: string) => void,
  { lingerMs = 0 }: { readonly lingerMs?: number } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  following.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, signal) => resolve([code, signal])),
  );
  await waitFor(() => {
    if (child.exitCode !== null) throw new Error(`teamtop exited ${child.exitCode} early: ${stderr}`);
    until(stdout);
  });
  if (lingerMs > 0) await new Promise((resolve) => setTimeout(resolve, lingerMs));
  child.kill('SIGTERM');
  const [code, signal] = await exited;
  return { code, signal, stdout, stderr };
}
