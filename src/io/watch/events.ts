/** What the watcher tells the reader: where something happened under the config dir (relative paths), never what it means. */
export type FileEvent =
  /** A file appeared or may have changed (a folder named like a team file too): read it. */
  | { readonly kind: 'changed'; readonly path: string }
  /** A file is gone (the watcher checked the disk). */
  | { readonly kind: 'removed'; readonly path: string }
  | { readonly kind: 'folder-added'; readonly path: string }
  /** A folder is gone, and what it held with it. */
  | { readonly kind: 'folder-gone'; readonly path: string }
  /** Files may have been made in this folder with no event for them (chokidar#1471): list it. */
  | { readonly kind: 'unreported'; readonly path: string }
  /** Events may have been missed (watching began, `teams/` or `tasks/` changed, the dir was lost): compare the disk with what is known. */
  | { readonly kind: 'resync' }
  /** The config dir is a folder again, or is not one. */
  | { readonly kind: 'dir'; readonly state: 'folder' | 'missing' | 'file' }
  /** The watcher does not watch as it should (out of watches, and polling instead). */
  | { readonly kind: 'watcher-trouble'; readonly message: string };

export interface EventReader {
  take(events: readonly FileEvent[]): void;
  /** The folders the last listing could not list (permission taken away). */
  unlistedFolders(): ReadonlySet<string>;
}
