/**
 * What a session transcript says happened, as small facts: all teamtop keeps of a transcript (docs/internals/core.md).
 * No text beyond a pane's line, but for the mail a model took (`TakenMail`): the team's own mail, as its inbox held it.
 * Ids, models and the identity are as written: sanitise them before showing them.
 */

export interface Tokens {
  readonly input: number;
  readonly output: number;
  readonly cacheRead: number;
  readonly cacheCreation: number;
  /** Of `cacheCreation`, what was written for an hour (priced higher than the five-minute default). */
  readonly cacheCreation1h: number;
}

/** `denied`: a permission was refused (by a person or by a rule). */
export type ToolOutcome = 'ok' | 'error' | 'denied';

export interface TranscriptIdentity {
  readonly sessionId: string;
  readonly sidechain: boolean;
  /** A sidechain's `agentId` (`a<name>-<hex>` for an in-process teammate). */
  readonly agentId?: string;
  readonly teamName?: string;
  readonly agentName?: string;
  readonly cwd?: string;
}

/** An in-process teammate's `.meta.json` names its team and itself (`taskKind: "in_process_teammate"`). */
export interface TranscriptMeta {
  readonly name?: string | undefined;
  /** A member's own subagent: the `Agent` call that started it (its member's `tool_use` id). */
  readonly toolUseId?: string | undefined;
  /** In process: the agent id of the teammate that started it (absent when it is the session's own). */
  readonly parentAgentId?: string | undefined;
  readonly spawnDepth?: number | undefined;
  /** `foreground` (its member's call waits for it) or `background` (the call returns at once). */
  readonly requestShape?: string | undefined;
  /** The client marks it done. */
  readonly finished?: boolean | undefined;
  readonly teamName?: string | undefined;
  readonly taskKind?: string | undefined;
  readonly agentType?: string | undefined;
  readonly color?: string | undefined;
  readonly model?: string | undefined;
  readonly planModeRequired?: boolean | undefined;
}

export interface ModelCost {
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheCreationTokens: number;
  readonly costUSD: number;
}

/**
 * One `<teammate-message>` element as a model took it: a message as its inbox
 * held it (the team's own mail, which teamtop shows and records from the
 * inboxes), never the client's words: the instructions the client appends to
 * a protocol message are left out. Not sanitised: it is decoded as an inbox
 * element is, and sanitised where it is shown.
 */
export interface TakenMail {
  /** `teammate_id`: the sender's name (`system` for the client's own notices, which no inbox held). */
  readonly from: string;
  readonly summary: string | null;
  readonly color: string | null;
  /** The envelope's `text`: a plain message's body, or a protocol message's JSON (its first line). */
  readonly text: string;
  /** When it was taken: its record's timestamp (epoch ms). */
  readonly at: number;
  /** A teammate's spawn prompt (its first record's): an in-process teammate's is in no inbox. */
  readonly spawn?: boolean;
  /**
   * Equal elements of its record before it (the same sender and text): two
   * equal messages taken together are two, while a record read again is the
   * same (absent: none).
   */
  readonly nth?: number;
}

export type TranscriptFact =
  | { readonly kind: 'identity'; readonly identity: TranscriptIdentity }
  /** Once per `tool_use` id; `detail`: its key input on one line (a command, a path, a recipient). */
  | {
      readonly kind: 'tool-started';
      readonly id: string;
      readonly name: string;
      readonly detail: string | null;
      readonly messageId: string;
      readonly at: number;
    }
  /** `byPerson`: a person answered a permission prompt for it. */
  | { readonly kind: 'tool-finished'; readonly id: string; readonly outcome: ToolOutcome; readonly byPerson: boolean; readonly at: number }
  | { readonly kind: 'thinking'; readonly messageId: string; readonly at: number }
  | { readonly kind: 'text'; readonly line: string; readonly messageId: string; readonly at: number }
  | { readonly kind: 'prompt'; readonly line: string; readonly at: number }
  /** A tmux teammate's prompt came by its inbox: `mail` is it as mail. */
  | { readonly kind: 'spawn-prompt'; readonly line: string; readonly at: number; readonly mail?: TakenMail }
  | { readonly kind: 'spawned'; readonly name: string; readonly line: string; readonly at: number }
  | { readonly kind: 'mail-taken'; readonly from: string; readonly line: string | null; readonly at: number; readonly mail?: TakenMail }
  | { readonly kind: 'turn-ended'; readonly messageId: string | null; readonly at: number }
  /** Once per `message.id` (a response's records repeat it); again, with `previous`, if a later record differs. */
  | {
      readonly kind: 'usage';
      readonly messageId: string;
      readonly model: string;
      readonly tokens: Tokens;
      readonly previous: Tokens | null;
      readonly at: number;
    }
  /** One try of a model call (an `api-request` record, written before each HTTP request, retries included). */
  | { readonly kind: 'api-request'; readonly at: number }
  /**
   * Every try of a model call failed: the client wrote its own `assistant` record
   * (`isApiErrorMessage`, model `<synthetic>`), and the turn ends with it.
   * `status`: the HTTP status (`apiErrorStatus`); `error`: the client's word for it (`server_error`).
   */
  | { readonly kind: 'api-error'; readonly status: number | null; readonly error: string | null; readonly at: number }
  /** The client compacted the conversation (`system/compact_boundary`): what set it off, the context before and after. */
  | {
      readonly kind: 'compacted';
      readonly trigger: string | null;
      readonly preTokens: number | null;
      readonly postTokens: number | null;
      readonly durationMs: number | null;
      readonly at: number;
    }
  /** A `TaskUpdate` call's task, and the status and owner it sets (null: left as it was). */
  | {
      readonly kind: 'task-update';
      readonly taskId: string;
      readonly status: string | null;
      readonly owner: string | null;
      readonly at: number;
    }
  /** The client's own count of its process's cost and tokens (`cost-state`, written as a session ends; no time). */
  | { readonly kind: 'cost'; readonly totalUSD: number; readonly models: readonly ModelCost[] };

export type TranscriptFactKind = TranscriptFact['kind'];
