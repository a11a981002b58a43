/**
 * A store fed from a config dir: the start-up scan now, the watcher later.
 */
import type { Observation } from '../domain/observation.js';
import { createStore, type Store } from '../store/store.js';
import { Loader } from '../watch/loader.js';
import { listTeamFiles, scan } from '../watch/scan.js';

export interface Session {
  readonly claudeDir: string;
  readonly store: Store;
  readonly loader: Loader;
  /** Team and task folders found by the scan, for the watcher to start from. */
  readonly folders: readonly string[];
}

export function openSession(claudeDir: string): Session {
  const store = createStore();
  const loader = new Loader({
    claudeDir,
    emit: (observations: Observation[]) => store.dispatch({ type: 'observed', observations }),
  });
  const { folders } = listTeamFiles(claudeDir);
  store.dispatch({ type: 'observed', observations: scan(claudeDir, loader, Date.now()) });
  store.dispatch({ type: 'went-live' });
  return { claudeDir, store, loader, folders };
}

/** The state once every torn file has been re-read (for `--json` and `--once`). */
export async function settledSession(claudeDir: string): Promise<Session> {
  const session = openSession(claudeDir);
  await session.loader.settled();
  session.loader.close();
  return session;
}
