/** The shapes of a member's activity: its states, its steps and the fold of its transcript's facts (activity.ts). */
import type { ToolOutcome } from './transcript-facts.js';

export type ActivityState = 'tool' | 'thinking' | 'writing' | 'retrying' | 'failing' | 'idle' | 'waiting-permission' | 'dead' | 'unknown';

/** Every state, in the order `--json`'s documentation and the metrics list them. */
export const ACTIVITY_STATES: readonly ActivityState[] = [
  'tool',
  'thinking',
  'writing',
  'retrying',
  'failing',
  'idle',
  'waiting-permission',
  'dead',
  'unknown',
];

/** Its last turn ended in an API error: the status, the client's word, and how many turns in a row. */
export interface Failure {
  readonly status: number | null;
  readonly error: string | null;
  /** Turns in a row that ended so. */
  readonly turns: number;
  /** When the first of them ended. */
  readonly since: number | null;
  /** When the last of them ended. */
  readonly at: number | null;
}

/** A tool call a permission was refused for. */
export interface Refusal {
  readonly id: string;
  readonly tool: string;
  /** A person said no (else a rule did). */
  readonly byPerson: boolean;
  readonly at: number;
}

/** What a member's `TaskUpdate` calls last set of a task (null: left as it was). */
export interface TaskSet {
  readonly status: string | null;
  readonly owner: string | null;
  readonly at: number;
}

export interface OpenCall {
  readonly id: string;
  readonly name: string;
  readonly detail: string | null;
  readonly startedAt: number;
}

export type Step =
  /** A tool call: `endedAt` null while it runs; `outcome` null if its turn ended without its result. */
  | {
      readonly kind: 'tool';
      readonly id: string;
      readonly name: string;
      readonly detail: string | null;
      readonly at: number;
      readonly endedAt: number | null;
      readonly outcome: ToolOutcome | null;
      readonly byPerson: boolean;
    }
  | { readonly kind: 'text'; readonly line: string; readonly at: number }
  | { readonly kind: 'mail'; readonly from: string; readonly line: string | null; readonly at: number }
  /** A person's prompt, or (`spawn`) the prompt a teammate was started with. */
  | { readonly kind: 'prompt'; readonly line: string; readonly spawn: boolean; readonly at: number }
  | { readonly kind: 'turn-end'; readonly at: number; readonly durationMs: number | null }
  /** A turn that ended in an API error (every try failed). */
  | { readonly kind: 'api-error'; readonly status: number | null; readonly error: string | null; readonly at: number }
  /** The client compacted the conversation. */
  | {
      readonly kind: 'compaction';
      readonly trigger: string | null;
      readonly preTokens: number | null;
      readonly postTokens: number | null;
      readonly durationMs: number | null;
      readonly at: number;
    };

export interface ActivityFold {
  /** As the transcript alone says: waiting for a permission, retrying and dead are told in activityNow. */
  readonly state: Exclude<ActivityState, 'waiting-permission' | 'retrying' | 'dead'>;
  readonly since: number | null;
  readonly open: readonly OpenCall[];
  readonly steps: readonly Step[];
  /** Per tool, its last finished calls' durations, ms. */
  readonly durations: ReadonlyMap<string, readonly number[]>;
  readonly turnStartedAt: number | null;
  /** The response whose end_turn ended the turn: its later records do not start another. */
  readonly endedBy: string | null;
  readonly spawnPrompt: string | null;
  readonly lastAt: number | null;
  /** Its last turns ended in API errors (null: the last ended otherwise, or a response came since). */
  readonly failure: Failure | null;
  /** Tries of the model call under way (`api-request` records since the last response), and when the first was made. */
  readonly tries: number;
  readonly triesSince: number | null;
  /** The last permissions refused, oldest first. */
  readonly refusals: readonly Refusal[];
  /** What its `TaskUpdate` calls last set, by task id (the last few dozen tasks). */
  readonly taskSets: ReadonlyMap<string, TaskSet>;
}
