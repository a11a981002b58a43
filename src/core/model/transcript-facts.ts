/**
 * What a member's session transcript says happened, as small facts: the only
 * thing teamtop keeps of a transcript. `src/core/decode/transcript/` decodes them
 * from the appended text (`TranscriptDecoder`); `activity.ts` and `usage.ts`
 * fold them into what a member is doing now and what it has used.
 *
 * A fact never holds a tool's result or a transcript's text beyond the one
 * line a pane shows, but for the mail a model took (`TakenMail`): the team's
 * own mail, as its inbox held it, without the client's words. What is shown comes sanitised and cut: a tool's `name`
 * and `detail`, a `line`, a sender (`from`). Ids, models and the identity are
 * keys to match on, as written: sanitise them before showing them.
 * Times are epoch ms from the record's own `timestamp` (the writer's clock).
 * The journal keeps none of them: it records what they are folded into
 * (src/io/journal/format.ts, `activity` lines).
 */

/** Tokens of one model response, as its `usage` says. */
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

/** Who wrote a transcript, as its records say (what the member matcher reads). */
export interface TranscriptIdentity {
  readonly sessionId: string;
  /** In-process teammates' and subagents' records: `isSidechain: true`. */
  readonly sidechain: boolean;
  /** A sidechain's `agentId` (`a<name>-<hex>` for an in-process teammate). */
  readonly agentId?: string;
  /** A tmux teammate's records carry the team and its name. */
  readonly teamName?: string;
  readonly agentName?: string;
  readonly cwd?: string;
}

/**
 * What the `.meta.json` beside a subagent's transcript says: an in-process
 * teammate's names its team and itself (`taskKind: "in_process_teammate"`).
 */
export interface TranscriptMeta {
  readonly name?: string | undefined;
  readonly teamName?: string | undefined;
  readonly taskKind?: string | undefined;
  readonly agentType?: string | undefined;
  readonly color?: string | undefined;
  readonly model?: string | undefined;
  readonly planModeRequired?: boolean | undefined;
}

/** One model's figures in a `cost-state` record. */
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
  /** Who writes this transcript: once known, and again when it says more (a team, a name). */
  | { readonly kind: 'identity'; readonly identity: TranscriptIdentity }
  /** A tool call, once per `tool_use` id: `detail` is its key input on one line (a command, a path, a pattern, a recipient). */
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
  /** The first line of what the model wrote. */
  | { readonly kind: 'text'; readonly line: string; readonly messageId: string; readonly at: number }
  /** A person's prompt (the first line): what starts a lead's turn. */
  | { readonly kind: 'prompt'; readonly line: string; readonly at: number }
  /** The first line of a teammate's spawn prompt (its first record: issue 25), and the prompt as mail (a tmux teammate's came by its inbox). */
  | { readonly kind: 'spawn-prompt'; readonly line: string; readonly at: number; readonly mail?: TakenMail }
  /** A teammate the lead spawned (its `Agent` call): its name and its prompt's first line (issue 25). */
  | { readonly kind: 'spawned'; readonly name: string; readonly line: string; readonly at: number }
  /** Mail the model took (it is in its context from now on): who from, and its summary, protocol type or first line; and the message. */
  | { readonly kind: 'mail-taken'; readonly from: string; readonly line: string | null; readonly at: number; readonly mail?: TakenMail }
  /** The turn ended (`end_turn`, or the client's `turn_duration` record). */
  | { readonly kind: 'turn-ended'; readonly messageId: string | null; readonly at: number }
  /**
   * A response's usage, once per `message.id` (the records of one response
   * repeat it); again, with `previous`, if a later record of it says otherwise.
   */
  | {
      readonly kind: 'usage';
      readonly messageId: string;
      readonly model: string;
      readonly tokens: Tokens;
      readonly previous: Tokens | null;
      readonly at: number;
    }
  /** The client's own count of its process's cost (`cost-state`, written as a session ends; no time). */
  | { readonly kind: 'cost'; readonly totalUSD: number; readonly models: readonly ModelCost[] };

export type TranscriptFactKind = TranscriptFact['kind'];
