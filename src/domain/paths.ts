/**
 * Where things live under a Claude config dir, and what a path means.
 * Paths here are relative to the config dir and use `/` separators.
 */

/** What a file or folder under the config dir holds, for the files we read. */
export type FileTarget =
  | { readonly kind: 'config'; readonly team: string }
  | { readonly kind: 'inbox'; readonly team: string; readonly member: string }
  | { readonly kind: 'task'; readonly team: string; readonly id: string };

/** Folders whose appearance or removal means something. */
export type FolderTarget =
  | { readonly kind: 'team-dir'; readonly team: string }
  | { readonly kind: 'tasks-dir'; readonly team: string };

const JSON_FILE = /^(.+)\.json$/u;

/** A component that is a lock file/dir, a temp file or other writer bookkeeping. */
function isBookkeeping(name: string): boolean {
  return name.startsWith('.') || name.endsWith('.lock') || name.endsWith('.tmp') || name.includes('.tmp.');
}

function split(relative: string): string[] | undefined {
  const parts = relative.split(/[\\/]/u).filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..' || isBookkeeping(part))) return undefined;
  return parts;
}

/** The file a relative path names, or undefined when it is not one teamtop reads. */
export function classifyFile(relative: string): FileTarget | undefined {
  const parts = split(relative);
  if (!parts) return undefined;
  const [root, team, third, fourth, ...rest] = parts;
  if (!team || rest.length > 0) return undefined;
  if (root === 'teams' && third === 'config.json' && fourth === undefined) return { kind: 'config', team };
  if (root === 'teams' && third === 'inboxes' && fourth) {
    const member = JSON_FILE.exec(fourth)?.[1];
    return member ? { kind: 'inbox', team, member } : undefined;
  }
  if (root === 'tasks' && third && fourth === undefined) {
    const id = JSON_FILE.exec(third)?.[1];
    return id ? { kind: 'task', team, id } : undefined;
  }
  return undefined;
}

/** The folder a relative path names, when it is a team's or a task list's folder. */
export function classifyFolder(relative: string): FolderTarget | undefined {
  const parts = split(relative);
  if (!parts || parts.length !== 2) return undefined;
  const [root, team] = parts as [string, string];
  if (root === 'teams') return { kind: 'team-dir', team };
  if (root === 'tasks') return { kind: 'tasks-dir', team };
  return undefined;
}

/**
 * Whether a watcher should look inside / at this path at all. Everything outside
 * `teams/` and `tasks/` (transcripts, settings, projects) is none of our business,
 * and lock directories churn on every write.
 */
export function isWatchable(relative: string): boolean {
  const parts = split(relative);
  if (!parts) return false;
  const [root, , entry] = parts;
  if (root === undefined) return true;
  if (root === 'tasks') return parts.length <= 3;
  if (root !== 'teams') return false;
  if (entry === undefined) return true;
  if (entry === 'config.json') return parts.length === 3;
  return entry === 'inboxes' && parts.length <= 4;
}

/** The relative path of a target's file. */
export function pathOf(target: FileTarget): string {
  switch (target.kind) {
    case 'config':
      return `teams/${target.team}/config.json`;
    case 'inbox':
      return `teams/${target.team}/inboxes/${target.member}.json`;
    case 'task':
      return `tasks/${target.team}/${target.id}.json`;
  }
}
