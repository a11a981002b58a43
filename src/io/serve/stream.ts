// An open response the server keeps writing to: a client that does not read is dropped, never buffered without end.
import type { ServerResponse } from 'node:http';

/** The most that may wait to go to one client. */
export const MAX_BACKLOG = 512 * 1024;
/** A comment line this often keeps proxies from closing a quiet stream, and finds clients that stopped reading. */
export const HEARTBEAT_MS = 15_000;

export class Stream {
  private open = true;
  private stuckBeats = 0;

  constructor(
    private readonly response: ServerResponse,
    /** Told once when the stream ends, by the client or by a drop (`dropped`). */
    private readonly onEnd: (dropped: boolean) => void,
  ) {
    response.on('close', () => this.end(false));
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Write a chunk, or drop the client if too much already waits for it (at most MAX_BACKLOG and one chunk wait). */
  send(chunk: string | Buffer): void {
    if (!this.open) return;
    if (this.response.writableLength > MAX_BACKLOG) {
      this.drop();
      return;
    }
    this.response.write(chunk);
  }

  /** A heartbeat: a comment line, and a drop if the last one has not gone yet. */
  beat(): void {
    if (!this.open) return;
    this.stuckBeats = this.response.writableLength > 0 ? this.stuckBeats + 1 : 0;
    if (this.stuckBeats >= 2) this.drop();
    else this.send(': \n\n');
  }

  close(): void {
    if (!this.open) return;
    this.response.end();
    this.end(false);
  }

  private drop(): void {
    this.end(true);
    this.response.destroy();
  }

  private end(dropped: boolean): void {
    if (!this.open) return;
    this.open = false;
    this.onEnd(dropped);
  }
}
