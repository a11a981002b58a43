/**
 * Plays a journal into the same store and dashboard as a live run; long quiet stretches (between runs, say)
 * are shortened to at most `maxWaitMs` of real time.
 */
import type { Store } from '../../core/store.js';
import type { JournalLine } from './format.js';
import { Replayer } from './replayer.js';
import { timeOf } from './reader.js';
import { append } from '../../core/model/lists.js';
import { timerDelay } from '../../core/model/time.js';
import type { Observation } from '../../core/model/observation.js';
import type { ReplayStatus, ReplayTransport } from '../../core/model/replay.js';

export type { ReplayStatus } from '../../core/model/replay.js';

export interface ReplayOptions {
  readonly speed?: number;
  readonly maxWaitMs?: number;
}

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256];

export class ReplayController implements ReplayTransport {
  private replayer = new Replayer();
  /** Next line to apply. */
  private position = 0;
  /** Entries applied (lines that are not headers). */
  private applied = 0;
  private readonly entries: number;
  private clock: number;
  private playing = false;
  private speed: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private status: ReplayStatus;
  readonly start: number;
  readonly end: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly lines: readonly JournalLine[],
    private readonly store: Store,
    options: ReplayOptions = {},
  ) {
    // From its first entry, not its header: the wait for the team's first file is not part of the run.
    const first = lines.find((line) => line.kind === 'entry') ?? lines[0];
    this.start = first ? timeOf(first) : 0;
    this.end = lines.length > 0 ? timeOf(lines[lines.length - 1]!) : 0;
    this.clock = this.start;
    this.entries = lines.filter((line) => line.kind === 'entry').length;
    this.speed = options.speed ?? 1;
    this.maxWaitMs = options.maxWaitMs ?? 3000;
    this.status = this.snapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = (): ReplayStatus => this.status;

  play(): void {
    if (this.playing) return;
    this.playing = true;
    this.schedule();
    this.changed();
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.changed();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else if (this.position >= this.lines.length) {
      this.toStart();
      this.play();
    } else this.play();
  }

  /** Apply the next entry (and any header before it). */
  step(): void {
    this.pause();
    this.advance(1);
  }

  faster(): void {
    this.setSpeed(SPEEDS.find((speed) => speed > this.speed) ?? this.speed);
  }

  slower(): void {
    this.setSpeed([...SPEEDS].reverse().find((speed) => speed < this.speed) ?? this.speed);
  }

  toStart(): void {
    clearTimeout(this.timer);
    this.store.dispatch({ type: 'reset' });
    this.replayer = new Replayer();
    this.position = 0;
    this.applied = 0;
    this.clock = this.start;
    if (this.playing) this.schedule();
    this.changed();
  }

  toEnd(): void {
    clearTimeout(this.timer);
    this.playing = false;
    this.advance(this.lines.length);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.playing = false;
    this.listeners.clear();
  }

  private setSpeed(speed: number): void {
    this.speed = speed;
    if (this.playing) {
      clearTimeout(this.timer);
      this.schedule();
    }
    this.changed();
  }

  /** Apply up to `count` entries (headers ride along) as one batch. */
  private advance(count: number): void {
    const observations: Observation[] = [];
    let applied = 0;
    while (this.position < this.lines.length && applied < count) {
      const line = this.lines[this.position++]!;
      append(observations, this.replayer.apply(line));
      this.clock = Math.max(this.clock, timeOf(line));
      if (line.kind === 'entry') applied++;
    }
    this.applied += applied;
    if (observations.length > 0) this.store.dispatch({ type: 'observed', observations });
    this.changed();
  }

  private schedule(): void {
    if (this.position >= this.lines.length) {
      this.playing = false;
      this.changed();
      return;
    }
    const next = timeOf(this.lines[this.position]!);
    const wait = timerDelay(Math.min(this.maxWaitMs, (next - this.clock) / this.speed));
    this.timer = setTimeout(() => {
      this.advance(1);
      if (this.playing) this.schedule();
    }, wait);
  }

  private snapshot(): ReplayStatus {
    return {
      clock: this.clock,
      start: this.start,
      end: this.end,
      position: this.applied,
      total: this.entries,
      playing: this.playing,
      speed: this.speed,
    };
  }

  private changed(): void {
    this.status = this.snapshot();
    for (const listener of [...this.listeners]) listener();
  }
}
