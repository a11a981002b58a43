/**
 * What a reader saw on disk, as plain data: the only input the store accepts.
 * The live watcher, the start-up scan and (later) a journal replay all produce
 * observations, so they all drive the same reducer.
 */
import type { InboxMessage } from './inbox.js';
import type { FileTarget, FolderTarget } from './paths.js';
import type { Task, TeamConfig } from './schemas.js';

export type Observation =
  | { readonly kind: 'config'; readonly team: string; readonly config: TeamConfig; readonly at: number }
  | {
      readonly kind: 'inbox';
      readonly team: string;
      readonly member: string;
      readonly messages: readonly InboxMessage[];
      readonly at: number;
    }
  | { readonly kind: 'task'; readonly team: string; readonly task: Task; readonly at: number }
  /** A file we read was removed. */
  | { readonly kind: 'file-gone'; readonly target: FileTarget; readonly at: number }
  /** A team's or task list's folder exists. */
  | { readonly kind: 'folder'; readonly target: FolderTarget; readonly at: number }
  /** A team's or task list's folder was removed (cleanup). */
  | { readonly kind: 'folder-gone'; readonly target: FolderTarget; readonly at: number }
  /** A file could not be read; `path` is relative to the config dir. */
  | { readonly kind: 'problem'; readonly path: string; readonly message: string; readonly at: number }
  /** A file that had a problem was read cleanly (or removed). */
  | { readonly kind: 'problem-gone'; readonly path: string };
