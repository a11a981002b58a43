// How the watcher watches: with the system's notifications, or by polling once they fail (out of watches).
import type { ChokidarOptions } from 'chokidar';
import type { FileEvent } from './events.js';

/** Errors that mean "watch with fewer resources": the OS ran out of watches or descriptors. */
const RESOURCE_ERRORS = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);
/** Errors about one path that a rescan reports better than the watcher can. */
const PATH_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'ELOOP']);

function errorMessage(error: unknown): { code: string; message: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  return { code, message: error instanceof Error ? error.message : String(error) };
}

export class Mode {
  polling = false;
  constructor(
    /** How often to look for changes once polling (ms). */
    private readonly pollMs: number,
    private readonly send: (events: FileEvent[]) => void,
  ) {}

  chokidarOptions(): ChokidarOptions {
    const interval = this.pollMs;
    return this.polling ? { usePolling: true, interval, binaryInterval: interval } : {};
  }

  /** A watcher error: true when watching must start over by polling. */
  failed(error: unknown): boolean {
    const { code, message } = errorMessage(error);
    if (PATH_ERRORS.has(code)) return false;
    if (this.polling) {
      this.send([{ kind: 'watcher-trouble', message: `polling, and: ${message}` }]);
      return false;
    }
    this.polling = true;
    const seconds = this.pollMs / 1000;
    const why = RESOURCE_ERRORS.has(code)
      ? code === 'ENOSPC'
        ? "the system's limit on file watches is reached (raise fs.inotify.max_user_watches)"
        : `the system ran out of file descriptors (${code})`
      : `the watcher failed (${message})`;
    this.send([{ kind: 'watcher-trouble', message: `${why}: looking for changes every ${seconds} s instead` }]);
    return true;
  }
}
