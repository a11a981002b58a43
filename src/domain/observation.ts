/**
 * What a reader saw on disk, as plain data: the only input the store accepts.
 * The live watcher, the start-up scan and a journal replay all produce
 * observations, so they all drive the same reducer.
 */
import type { InboxMessage } from './inbox.js';
import type { FileTarget, FolderTarget } from './paths.js';
import type { Task, TeamConfig } from './schemas.js';

interface Seen {
  /** When it was seen, epoch ms. */
  readonly at: number;
  /**
   * Seen changing while watched: the change happened just now, which counts as
   * the team's activity. A scan only says what is there, not when it came.
   */
  readonly live: boolean;
}

interface FromContent {
  /** The file's text this was read from, for the journal; absent once replayed. */
  readonly source?: string;
}

export type Observation =
  | ({ readonly kind: 'config'; readonly team: string; readonly config: TeamConfig } & Seen & FromContent)
  | ({
      readonly kind: 'inbox';
      readonly team: string;
      readonly member: string;
      readonly messages: readonly InboxMessage[];
      /** The first this many messages are those of the previous observation of this inbox. */
      readonly unchanged?: number;
      /** The text starts with this many characters of the previous observation's text… */
      readonly keep?: number;
      /** …and goes on with this. */
      readonly appendix?: string;
    } & Seen &
      FromContent)
  | ({ readonly kind: 'task'; readonly team: string; readonly task: Task } & Seen & FromContent)
  /** A file we read was removed. */
  | ({ readonly kind: 'file-gone'; readonly target: FileTarget } & Seen)
  /** A team's or task list's folder exists. */
  | { readonly kind: 'folder'; readonly target: FolderTarget; readonly at: number }
  /** A team's or task list's folder was removed (cleanup). */
  | { readonly kind: 'folder-gone'; readonly target: FolderTarget; readonly at: number }
  /** A file could not be read; `path` is relative to the config dir. */
  | ({ readonly kind: 'problem'; readonly path: string; readonly message: string; readonly at: number } & FromContent)
  /** A file that had a problem was read cleanly (or removed). */
  | { readonly kind: 'problem-gone'; readonly path: string };
