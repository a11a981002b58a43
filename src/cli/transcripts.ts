/** The sessions' files, wired: the store's teams say which project folders are read and watched. Nothing is read before `start`. */
import type { Observation } from '../core/model/observation.js';
import { selectTranscriptTeams } from '../core/select/work.js';
import type { Store } from '../core/store.js';
import { TranscriptReader } from '../io/watch/transcripts/reader.js';
import { TranscriptWatcher } from '../io/watch/transcripts/watcher.js';

export interface Transcripts {
  /** Read what is there; with a signal, also watch for changes until it aborts. */
  start(watching?: AbortSignal): void;
  /** Resolves once nothing queued is left to read. */
  settled(): Promise<void>;
  close(): void;
}

/** `readFirst`: reads what must not wait behind a transcript's slice (the inboxes' queued reads). */
export function followTranscripts(
  claudeDir: string,
  store: Store,
  emit: (observations: Observation[]) => void,
  now: () => number = Date.now,
  readFirst?: () => void,
): Transcripts {
  let watcher: TranscriptWatcher | undefined;
  const reader: TranscriptReader = new TranscriptReader({
    claudeDir,
    emit,
    now,
    watchSetChanged: () => void watcher?.follow(reader.watchSet()),
    ...(readFirst ? { readFirst } : {}),
  });
  let teams: ReturnType<typeof selectTranscriptTeams> | undefined;
  let said = '';
  const update = () => {
    const now = selectTranscriptTeams(store.getState().teams);
    if (now === teams) return;
    teams = now;
    // A new version of the teams seldom changes what is read: said again only when it does.
    const key = JSON.stringify(now);
    if (key === said) return;
    said = key;
    if (reader.setTeams(now)) void watcher?.follow(reader.watchSet());
  };
  update();
  const unsubscribe = store.subscribe(update);
  return {
    start(watching) {
      reader.start(watching !== undefined);
      if (!watching || watcher) return;
      watcher = new TranscriptWatcher({ claudeDir, take: (events) => reader.take(events), signal: watching });
      void watcher.follow(reader.watchSet());
    },
    settled: () => reader.settled(),
    close() {
      unsubscribe();
      reader.close();
    },
  };
}
