/**
 * One member's transcript, written as Claude Code 2.1.332 writes it (FORMATS.md, "Session transcripts"). Every
 * word is the demo's own: where the client would write its own text (a tool's result), the record holds x's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { estimateUSD } from '../../core/model/pricing.js';
import type { Tokens } from '../../core/model/transcript-facts.js';
import type { WriterTrace } from './claude-writer.js';

type Json = Record<string, unknown>;

/** Mail as the model takes it. */
export interface Mail {
  readonly from: string;
  readonly text: string;
  readonly summary?: string | undefined;
  readonly color?: string | undefined;
}

/** What the files are written with: where, on whose clock, told to whom. */
export interface Disk {
  readonly claudeDir: string;
  readonly clock: () => number;
  readonly trace: WriterTrace;
}

const VERSION = '2.1.332';
/** The base62 tail of an id as the API writes it (`toolu_01…`, `msg_01…`). */
export const idTail = () => randomBytes(16).toString('base64url').replace(/[-_]/gu, 'x').slice(0, 22);
export const toolUseId = () => `toolu_01${idTail()}`;

/** `<teammate-message …>` elements, as the client hands mail to the model (one after another, nothing between them). */
const mailText = (messages: readonly Mail[]) =>
  messages
    .map(({ from, text, summary, color }) => {
      const attributes = `teammate_id="${from}"${color ? ` color="${color}"` : ''}${summary ? ` summary="${summary}"` : ''}`;
      return `<teammate-message ${attributes}>\n${text}\n</teammate-message>`;
    })
    .join('');

/** One member's transcript: the records its session writes, and what its responses used. */
export class Transcript {
  private parent: string | null = null;
  /** Tokens in the prompt cache, and those added since the last response. */
  private cached = 0;
  private fresh: number;
  private response: { readonly id: string; readonly requestId: string; readonly usage: Json } | null = null;
  private turnStartedAt: number | null = null;
  private records = 0;
  private readonly spent = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0, usd: 0 };

  constructor(
    private readonly disk: Disk,
    readonly path: string,
    /** What every record says of who wrote it. */
    private readonly identity: Json,
    readonly model: string,
    /** The system prompt and tools: what the first response writes to the cache. */
    base: number,
    /** Told when a turn starts and ends (the lead's session state follows its turns). */
    private readonly onTurn: (open: boolean) => void = () => undefined,
  ) {
    this.fresh = base;
  }

  prompt(text: string): void {
    this.startTurn();
    this.user(text);
  }

  /** Mail the model takes: one user record, its messages one after another. */
  mail(messages: readonly Mail[]): void {
    if (messages.length === 0) return;
    this.startTurn();
    this.fresh += messages.reduce((sum, message) => sum + 40 + Math.ceil(message.text.length / 4), 0);
    this.user(mailText(messages));
  }

  think(thought: string, output: number): void {
    this.block({ type: 'thinking', thinking: thought, signature: idTail() }, null, output);
  }

  /** What the model writes; `end`: its turn ends with it. */
  say(text: string, output: number, end = false): void {
    this.block({ type: 'text', text }, end ? 'end_turn' : 'tool_use', output);
    if (end) this.endTurn();
  }

  tool(id: string, name: string, input: Json, output: number): void {
    this.block({ type: 'tool_use', id, name, input }, 'tool_use', output);
  }

  /** A tool's result, `tokens` long (x's stand where the client would word it); `byPerson`: a person allowed the call at a prompt. */
  result(id: string, tokens: number, error = false, byPerson = false): void {
    this.fresh += tokens;
    this.user(
      [{ type: 'tool_result', tool_use_id: id, content: 'x'.repeat(Math.min(2000, tokens)), ...(error ? { is_error: true } : {}) }],
      {
        toolUseResult: { stdout: 'x'.repeat(Math.min(400, tokens)), stderr: '', interrupted: false },
        permissionDecision: byPerson
          ? { decision: 'accept', source: 'user_temporary' }
          : { decision: 'accept', source: 'config', reasonType: 'mode' },
      },
    );
  }

  /** The client's own figures for the session, written as it ends. */
  costState(): void {
    const { input, output, cacheRead, cacheCreation, usd } = this.spent;
    this.append({
      type: 'cost-state',
      sessionId: this.identity['sessionId'],
      totalCostUSD: usd,
      totalLinesAdded: 0,
      totalLinesRemoved: 0,
      modelUsage: {
        [this.model]: {
          inputTokens: input,
          outputTokens: output,
          cacheReadInputTokens: cacheRead,
          cacheCreationInputTokens: cacheCreation,
          costUSD: usd,
        },
      },
    });
  }

  private startTurn(): void {
    if (this.turnStartedAt !== null) return;
    this.turnStartedAt = this.disk.clock();
    this.onTurn(true);
  }

  /** The lead and tmux teammates end a turn with a record of its own; an in-process teammate's ends with its `end_turn`. */
  private endTurn(): void {
    this.response = null;
    if (this.identity['isSidechain'] !== true)
      this.record({
        type: 'system',
        subtype: 'turn_duration',
        durationMs: this.disk.clock() - (this.turnStartedAt ?? this.disk.clock()),
        messageCount: this.records,
        isMeta: false,
      });
    this.turnStartedAt = null;
    this.onTurn(false);
  }

  /** One content block of the response under way (a new one after a result or mail): each block is a record, all repeat its usage. */
  private block(content: Json, stop: string | null, output: number): void {
    this.startTurn();
    if (this.response === null) {
      const tokens: Tokens = { input: 3, output, cacheRead: this.cached, cacheCreation: this.fresh, cacheCreation1h: 0 };
      this.cached += this.fresh + output;
      this.fresh = 0;
      this.spent.input += tokens.input;
      this.spent.output += output;
      this.spent.cacheRead += tokens.cacheRead;
      this.spent.cacheCreation += tokens.cacheCreation;
      this.spent.usd += estimateUSD(this.model, tokens) ?? 0;
      const usage = {
        input_tokens: tokens.input,
        cache_creation_input_tokens: tokens.cacheCreation,
        cache_read_input_tokens: tokens.cacheRead,
        output_tokens: output,
        service_tier: 'standard',
        cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: tokens.cacheCreation },
      };
      this.response = { id: `msg_01${idTail()}`, requestId: `req_01${idTail()}`, usage };
    }
    const { id, requestId, usage } = this.response;
    const message = {
      id,
      type: 'message',
      role: 'assistant',
      model: this.model,
      content: [content],
      stop_reason: stop,
      stop_sequence: null,
      usage,
    };
    this.record({ message, requestId, type: 'assistant' });
  }

  private user(content: string | Json[], extra: Json = {}): void {
    this.response = null;
    this.record({ type: 'user', message: { role: 'user', content }, ...extra });
  }

  private record(fields: Json): void {
    const uuid = randomUUID();
    this.records++;
    this.append({
      parentUuid: this.parent,
      isSidechain: false,
      ...this.identity,
      ...fields,
      uuid,
      timestamp: new Date(this.disk.clock()).toISOString(),
      userType: 'external',
      entrypoint: 'cli',
      version: VERSION,
      gitBranch: 'main',
    });
    this.parent = uuid;
  }

  private append(record: Json): void {
    const line = `${JSON.stringify(record)}\n`;
    appendFileSync(this.path, line, { mode: 0o600 });
    this.disk.trace('append', this.path, line);
  }
}
