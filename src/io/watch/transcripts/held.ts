import type { Observation } from '../../../core/model/observation.js';

/** Saying what turns read costs a fold and a frame however little was read: it is said a slice of bytes at a time, or this often. */
const SAY_EVERY_MS = 250;

/** What the transcripts' turns read and did not say yet. */
export class HeldObservations {
  list: Observation[] = [];
  private bytes = 0;
  private saidAt = 0;

  constructor(private readonly emit: (observations: Observation[]) => void) {}

  read(bytes: number): void {
    this.bytes += bytes;
  }

  /** Says what is held when nothing is left to read (`done`), a slice's worth is held, or it is time. */
  sayIf(done: boolean, slice: number): void {
    const now = performance.now();
    if (this.list.length === 0 || !(done || this.bytes >= slice || now - this.saidAt >= SAY_EVERY_MS)) return;
    const observations = this.list;
    this.list = [];
    this.bytes = 0;
    this.saidAt = now;
    this.emit(observations);
  }

  clear(): void {
    this.list = [];
  }
}
