/** `teamtop --follow --json`: a JSON line per event (team-events.ts), so a script waits without polling; journaled as the dashboard is. */
import type { Thresholds } from '../core/model/settings.js';
import { constants } from 'node:os';
import { inertJson } from '../core/text/inert-json.js';
import { diagnosisJson, handshakeJson, isoOrNull, messageJson, taskJson } from '../core/snapshot.js';
import { watchClaudeDir } from '../io/watch/watcher.js';
import { openSession, type JournalOptions } from './session.js';
import { followTeams, type TeamEvent } from './team-events.js';
import { activityJson } from '../core/model/activity.js';

export interface FollowOptions {
  readonly claudeDir: string;
  readonly dirChosenBy?: string;
  readonly team: string | undefined;
  /** A fixed instant (`--now`); the clock when undefined. */
  readonly now: number | undefined;
  readonly thresholds: Thresholds;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
  readonly write?: (line: string) => void;
}

/** One event as a line of `--follow --json` (and of `teamtop serve`'s /api/events) gives it. */
export function eventJson(event: TeamEvent, at: number, initial: boolean) {
  const base = { event: event.kind, team: event.team, at: isoOrNull(at), ...(initial ? { initial: true } : {}) };
  switch (event.kind) {
    case 'team':
      return { ...base, change: event.change };
    case 'message':
      return { ...base, change: event.change, message: messageJson(event.message) };
    case 'handshake':
      return { ...base, previous: event.previous, handshake: handshakeJson(event.handshake, at) };
    case 'task':
      return { ...base, previous: event.previous, task: taskJson(event.task) };
    case 'diagnosis':
      return { ...base, change: event.change, diagnosis: diagnosisJson(event.diagnosis) };
    case 'activity':
      return { ...base, member: event.member, previous: event.previous, activity: activityJson(event.activity), usage: event.usage };
  }
}

/** The signals a follower ends on, quietly, with the status a shell gives a process a signal ended. */
const ENDING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function runFollow(options: FollowOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const clock = () => options.now ?? Date.now();
  const session = openSession(options.claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
  });
  const watching = new AbortController();
  const stop = followTeams(
    session.store,
    {
      team: options.team,
      thresholds: options.thresholds,
      now: clock,
      ticking: options.now === undefined,
    },
    (events, initial) => {
      const at = clock();
      for (const event of events) write(inertJson(eventJson(event, at, initial)));
    },
  );
  const ended = new Promise<number>((resolve) => {
    for (const signal of ENDING) process.once(signal, () => resolve(128 + constants.signals[signal]));
  });
  try {
    await watchClaudeDir({ claudeDir: options.claudeDir, reader: session.reader, signal: watching.signal });
  } catch (error) {
    process.stderr.write(`teamtop: cannot watch ${options.claudeDir}: ${(error as Error).message}\n`);
    session.reader.take([{ kind: 'watcher-trouble', message: `cannot watch: ${(error as Error).message}` }]);
  }
  session.transcripts?.start(watching.signal);
  write(inertJson({ event: 'ready', at: isoOrNull(clock()), claudeDir: options.claudeDir }));
  const code = await ended;
  stop();
  watching.abort();
  session.close();
  return code;
}
