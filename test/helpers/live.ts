import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { snapshot } from '../../src/store/snapshot.js';
import { watchClaudeDir, type WatchOptions } from '../../src/watch/watcher.js';

const running: AbortController[] = [];

afterEach(() => {
  for (const controller of running.splice(0)) controller.abort();
});

/** The real session and the real watcher on a dir, as the dashboard runs them. */
export async function watch(
  claudeDir: string,
  options: Partial<Pick<WatchOptions, 'watch' | 'pollMs'>> = {},
): Promise<Session & { json: (now?: number) => ReturnType<typeof snapshot> }> {
  const session = openSession(claudeDir);
  const controller = new AbortController();
  running.push(controller);
  controller.signal.addEventListener('abort', () => session.loader.close());
  await watchClaudeDir({
    claudeDir,
    loader: session.loader,
    emit: (observations) => session.store.dispatch({ type: 'observed', observations }),
    folders: session.folders,
    signal: controller.signal,
    ...options,
  });
  // As of `now`: a fixture's members are quiet by the clock's time, months after it was written.
  return { ...session, json: (now = Date.now()) => snapshot(session.store.getState(), { claudeDir, now, stallAfterMs: 60_000 }) };
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** Write as newer Claude Code does: a temp file renamed over the target. */
export function writeJsonAtomic(path: string, value: unknown): void {
  const temp = join(dirname(path), `.${Math.random().toString(36).slice(2)}.tmp`);
  writeFileSync(temp, JSON.stringify(value, null, 2));
  renameSync(temp, path);
}

export function entry(from: string, text: string, extra: Record<string, unknown> = {}) {
  return { from, text, timestamp: new Date().toISOString(), read: false, ...extra };
}
