export interface ReplayStatus {
  readonly clock: number;
  readonly start: number;
  readonly end: number;
  readonly position: number;
  readonly total: number;
  readonly playing: boolean;
  readonly speed: number;
}

/** What the keys drive in a replay (src/io/journal/replay-controller.ts). */
export interface ReplayTransport {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getStatus: () => ReplayStatus | undefined;
  toggle(): void;
  step(): void;
  faster(): void;
  slower(): void;
  toStart(): void;
  toEnd(): void;
}
