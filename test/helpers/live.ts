import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { openSession, type JournalOptions, type Session } from '../../src/cli/session.js';
import type { Observation } from '../../src/core/model/observation.js';
import { snapshot } from '../../src/core/snapshot.js';
import { watchClaudeDir, type WatchOptions } from '../../src/io/watch/watcher.js';

const running: AbortController[] = [];

afterEach(() => {
  for (const controller of running.splice(0)) controller.abort();
});

/** The real session and the real watcher on a dir, as the dashboard runs them, until the test ends. */
export async function watch(
  claudeDir: string,
  options: Partial<Pick<WatchOptions, 'watch' | 'pollMs'>> = {},
): Promise<Session & { json: (now?: number) => ReturnType<typeof snapshot> }> {
  const controller = new AbortController();
  running.push(controller);
  return watchUntil(claudeDir, controller.signal, options);
}

/** The same until `signal` aborts: for tests that run concurrently (an afterEach would end the others'). */
export async function watchUntil(
  claudeDir: string,
  signal: AbortSignal,
  options: Partial<Pick<WatchOptions, 'watch' | 'pollMs'>> = {},
): Promise<Session & { json: (now?: number) => ReturnType<typeof snapshot> }> {
  const session = openSession(claudeDir);
  signal.addEventListener('abort', () => session.close());
  await watchClaudeDir({ claudeDir, reader: session.reader, signal, ...options });
  session.transcripts?.start(signal);
  // As of `now`: a fixture's members are quiet by the clock's time, months after it was written.
  return {
    ...session,
    json: (now = Date.now()) => snapshot(session.store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir, now }),
  };
}

/**
 * The real session, journal and watcher on a dir, as `teamtop` runs them.
 * `observed` holds every observation handed to the journal since start-up.
 */
export async function watchRecorded(claudeDir: string, journal: JournalOptions) {
  const session = openSession(claudeDir, journal);
  const controller = new AbortController();
  running.push(controller);
  controller.signal.addEventListener('abort', () => session.close());
  const observed: Observation[] = [];
  const writer = session.journal;
  if (writer) {
    const record = writer.record.bind(writer);
    writer.record = (observations, teams) => {
      observed.push(...observations);
      record(observations, teams);
    };
  }
  await watchClaudeDir({ claudeDir, reader: session.reader, signal: controller.signal });
  session.transcripts?.start(controller.signal);
  return {
    ...session,
    observed,
    json: (now = Date.now()) => snapshot(session.store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir, now }),
    stop: () => controller.abort(),
  };
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
