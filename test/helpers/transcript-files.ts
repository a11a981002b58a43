/**
 * Session transcripts written as Claude Code 2.1.332 writes them, for a team
 * of test/helpers/team-files.ts: each record made from one the real client
 * wrote (test-fixtures/captures/cc-2.1.332-realcc-team-*), its ids, times,
 * text and usage changed. The lead's session file, an in-process teammate's
 * (its `.meta.json` beside it, under the lead's `subagents/`), a tmux
 * teammate's session of its own, and the lead's `sessions/<pid>.json`.
 * Times are seconds from the team's `t0`, as in TeamFiles.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectSlug } from '../../src/core/decode/transcript/member-of.js';
import type { TeamFiles } from './team-files.js';
import { projectFiles, readProjectFile } from './transcripts.js';

type Json = Record<string, unknown>;

/** One record of each kind, as the real client wrote it. */
const TEMPLATES = (() => {
  const records = projectFiles('tmux')
    .filter((path) => path.endsWith('.jsonl'))
    .flatMap((path) =>
      readProjectFile('tmux', path)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Json),
    );
  // Who wrote it is the writer's to say.
  const find = (test: (record: Json) => boolean): Json => {
    const record = structuredClone(records.find(test)!);
    for (const field of ['teamName', 'agentName', 'agentId']) delete record[field];
    return record;
  };
  const content = (record: Json) => (record['message'] as { content: unknown }).content;
  const blockType = (record: Json) => (content(record) as { type: string }[])[0]?.type;
  return {
    prompt: find((record) => record['type'] === 'user' && typeof content(record) === 'string'),
    toolUse: find((record) => record['type'] === 'assistant' && blockType(record) === 'tool_use'),
    toolResult: find((record) => record['type'] === 'user' && Array.isArray(content(record)) && blockType(record) === 'tool_result'),
    text: find((record) => record['type'] === 'assistant' && blockType(record) === 'text'),
    turnDuration: find((record) => record['type'] === 'system' && record['subtype'] === 'turn_duration'),
    attachment: find((record) => record['type'] === 'attachment'),
    costState: find((record) => record['type'] === 'cost-state'),
  };
})();

export interface Usage {
  readonly input?: number;
  readonly output?: number;
  readonly cacheRead?: number;
  readonly cacheCreation?: number;
}

/** One transcript file, appended to record by record. */
export class Transcript {
  private last: string | null = null;

  constructor(
    readonly path: string,
    private readonly files: TeamFiles,
    /** Fields every record of this writer carries (its session, and a teammate's identity). */
    private readonly identity: Json,
  ) {
    mkdirSync(dirname(path), { recursive: true });
  }

  /** Append one record (a line), made from `template` with `fields` over it. */
  write(template: Json, fields: Json, seconds: number | null): Json {
    const record = this.record(template, fields, seconds);
    appendFileSync(this.path, `${JSON.stringify(record)}\n`);
    // The client writes a record as it happens: the file's time is the record's, on the clock the test
    // runs the team by (the kernel's own stamp would differ from it under a shifted clock).
    if (seconds !== null) utimesSync(this.path, new Date(this.files.at(seconds)), new Date(this.files.at(seconds)));
    return record;
  }

  /** A record made from `template` with `fields` over it, the next of this writer's. */
  private record(template: Json, fields: Json, seconds: number | null): Json {
    const uuid = randomUUID();
    const record: Json = {
      ...structuredClone(template),
      ...this.identity,
      ...(template['parentUuid'] !== undefined ? { parentUuid: this.last, uuid } : {}),
      ...(seconds === null ? {} : { timestamp: this.files.iso(seconds) }),
      ...fields,
    };
    if (template['parentUuid'] !== undefined) this.last = uuid;
    return record;
  }

  /** The same, as the line it is written as. */
  private line(template: Json, fields: Json, seconds: number | null): string {
    return JSON.stringify(this.record(template, fields, seconds));
  }

  /** A person's prompt, or mail as the model takes it: `<teammate-message …>` text. */
  prompt(text: string, seconds: number): void {
    this.write(TEMPLATES.prompt, { message: { role: 'user', content: text } }, seconds);
  }

  mail(from: string, text: string, seconds: number, summary?: string): void {
    const attributes = summary === undefined ? '' : ` summary="${summary}"`;
    this.prompt(`<teammate-message teammate_id="${from}"${attributes}>\n${text}\n</teammate-message>`, seconds);
  }

  private response(template: Json, block: Json, seconds: number, stop: string, usage: Usage, id: string): void {
    const message = template['message'] as Json;
    this.write(
      template,
      {
        message: {
          ...message,
          id,
          content: [block],
          stop_reason: stop,
          usage: {
            ...(message['usage'] as Json),
            input_tokens: usage.input ?? 100,
            output_tokens: usage.output ?? 20,
            cache_read_input_tokens: usage.cacheRead ?? 0,
            cache_creation_input_tokens: usage.cacheCreation ?? 0,
          },
        },
      },
      seconds,
    );
  }

  /** The model calls a tool: one response, its own `message.id`. */
  toolUse(id: string, name: string, input: Json, seconds: number, usage: Usage = {}): void {
    this.response(TEMPLATES.toolUse, { type: 'tool_use', id, name, input }, seconds, 'tool_use', usage, `msg_${randomUUID()}`);
  }

  /**
   * A response whose content is `before` (JSON elements, each followed by a
   * comma: `'{},'.repeat(5_000_000)` is 15 MB) and then a tool call: one
   * line, built as text (JSON.stringify of millions of blocks would take the
   * test's own memory and time).
   */
  toolUseAfter(before: string, id: string, name: string, input: Json, seconds: number): void {
    const PLACE = 'content-goes-here';
    const record = this.line(
      TEMPLATES.toolUse,
      { message: { ...(TEMPLATES.toolUse['message'] as Json), id: `msg_${randomUUID()}`, content: PLACE } },
      seconds,
    );
    const block = JSON.stringify({ type: 'tool_use', id, name, input });
    appendFileSync(this.path, `${record.replace(JSON.stringify(PLACE), `[${before}${block}]`)}\n`);
  }

  /** The tool's result (`content`: what it said); `denied`: the person said no at the prompt. */
  toolResult(
    id: string,
    seconds: number,
    options: { readonly denied?: boolean; readonly error?: boolean; readonly content?: string } = {},
  ): void {
    const content = options.content ?? 'done';
    this.write(
      TEMPLATES.toolResult,
      {
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: options.error === true }] },
        permissionDecision: options.denied
          ? { decision: 'reject', source: 'user_temporary' }
          : { decision: 'accept', source: 'config', reasonType: 'mode' },
      },
      seconds,
    );
  }

  /** The model writes text; `end`: its turn ends with it. */
  text(text: string, seconds: number, options: { readonly end?: boolean; readonly usage?: Usage } = {}): void {
    const stop = options.end ? 'end_turn' : 'tool_use';
    this.response(TEMPLATES.text, { type: 'text', text }, seconds, stop, options.usage ?? {}, `msg_${randomUUID()}`);
  }

  /** The client's record of a turn's end (the lead and tmux teammates). */
  turnDuration(seconds: number, durationMs: number): void {
    this.write(TEMPLATES.turnDuration, { durationMs }, seconds);
  }

  /** An attachment record of about `bytes` (the big records teamtop skips unparsed). */
  attachment(bytes: number, seconds: number): void {
    this.write(TEMPLATES.attachment, { rendered: [{ content: 'x'.repeat(bytes) }] }, seconds);
  }

  costState(totalUSD: number): void {
    this.write(TEMPLATES.costState, { totalCostUSD: totalUSD }, null);
  }

  /** The agent id its records carry (an in-process teammate's, a subagent's). */
  get agentId(): string | undefined {
    return this.identity['agentId'] as string | undefined;
  }

  /** One try of a model call (2.1.332's `api-request` record, its request's fields left out). */
  apiRequest(seconds: number): void {
    appendFileSync(
      this.path,
      `${JSON.stringify({ type: 'api-request', sessionId: this.identity['sessionId'], id: randomUUID(), timestamp: this.files.iso(seconds), version: '2.1.332', querySource: 'repl_main_thread', params: { model: 'claude-opus-5-5', max_tokens: 128000 } })}\n`,
    );
  }

  /** A turn whose every try failed: the client's own `assistant` record (`isApiErrorMessage`, model `<synthetic>`). */
  apiError(status: number, error: string, seconds: number): void {
    const message = TEMPLATES.text['message'] as Json;
    this.write(
      TEMPLATES.text,
      {
        message: {
          ...message,
          id: randomUUID(),
          model: '<synthetic>',
          content: [{ type: 'text', text: `API Error: ${status} fake` }],
          stop_reason: 'stop_sequence',
          usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
        },
        isApiErrorMessage: true,
        apiErrorStatus: status,
        error,
      },
      seconds,
    );
  }

  /** The client compacted the conversation: its `compact_boundary`, then the summary (`isCompactSummary`). */
  compacted(preTokens: number, postTokens: number, seconds: number, trigger = 'auto'): void {
    this.write(
      TEMPLATES.turnDuration,
      { subtype: 'compact_boundary', parentUuid: null, compactMetadata: { trigger, preTokens, postTokens, durationMs: 99 } },
      seconds,
    );
    this.write(
      TEMPLATES.prompt,
      {
        message: { role: 'user', content: 'This session is being continued from a previous conversation.' },
        isCompactSummary: true,
        isVisibleInTranscriptOnly: true,
      },
      seconds,
    );
  }
}

/** The transcripts of a TeamFiles team, as the client lays them out. */
export class TranscriptFiles {
  readonly slug: string;

  constructor(
    readonly files: TeamFiles,
    readonly leadSessionId = '5ca1ab1e-bb35-47a9-969f-1bcf970b448d',
    readonly cwd = '/home/dev/work',
  ) {
    this.slug = projectSlug(cwd);
  }

  private project(...parts: string[]): string {
    return join(this.files.dir, 'projects', this.slug, ...parts);
  }

  /** The lead's session: `<slug>/<leadSessionId>.jsonl`. */
  lead(): Transcript {
    return new Transcript(this.project(`${this.leadSessionId}.jsonl`), this.files, {
      sessionId: this.leadSessionId,
      isSidechain: false,
      cwd: this.cwd,
    });
  }

  /** An in-process teammate: `<leadSessionId>/subagents/agent-a<name>-<hex>.jsonl`, and its meta. */
  inProcess(name: string, meta: Json = {}): Transcript {
    const agentId = `a${name}-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const base = this.project(this.leadSessionId, 'subagents', `agent-${agentId}`);
    mkdirSync(dirname(base), { recursive: true });
    writeFileSync(
      `${base}.meta.json`,
      JSON.stringify({ agentType: name, name, taskKind: 'in_process_teammate', teamName: this.files.team, color: 'blue', ...meta }),
    );
    return new Transcript(`${base}.jsonl`, this.files, { sessionId: this.leadSessionId, isSidechain: true, agentId, cwd: this.cwd });
  }

  /**
   * A member's own subagent, started by its `Agent` call `toolUseId`: in the
   * folder of the session that runs it (the lead's, unless `sessionId` names a
   * tmux teammate's), its meta naming the call and, in process, the teammate
   * that started it (`parentAgentId`).
   */
  subagent(
    toolUseId: string,
    options: { readonly parentAgentId?: string; readonly sessionId?: string; readonly background?: boolean } = {},
  ): Transcript {
    const sessionId = options.sessionId ?? this.leadSessionId;
    const agentId = `a${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const base = this.project(sessionId, 'subagents', `agent-${agentId}`);
    mkdirSync(dirname(base), { recursive: true });
    writeFileSync(
      `${base}.meta.json`,
      JSON.stringify({
        agentType: 'general-purpose',
        isBuiltIn: true,
        toolUseId,
        ...(options.parentAgentId ? { parentAgentId: options.parentAgentId } : {}),
        spawnDepth: 1,
        requestShape: options.background ? 'background' : 'foreground',
      }),
    );
    return new Transcript(`${base}.jsonl`, this.files, { sessionId, isSidechain: true, agentId, cwd: this.cwd });
  }

  /** A tmux teammate: a session of its own, whose records say its team and name. */
  tmux(name: string, sessionId: string = randomUUID()): Transcript {
    return new Transcript(this.project(`${sessionId}.jsonl`), this.files, {
      sessionId,
      isSidechain: false,
      teamName: this.files.team,
      agentName: name,
      cwd: this.cwd,
    });
  }

  /** Another session in the same folder: no team's. */
  stranger(sessionId: string = randomUUID()): Transcript {
    return new Transcript(this.project(`${sessionId}.jsonl`), this.files, { sessionId, isSidechain: false, cwd: this.cwd });
  }

  /** The lead's `sessions/<pid>.json`, as 2.1.332 writes it. */
  sessionState(status: 'busy' | 'idle' | 'waiting', seconds: number, waitingFor?: string, pid = 16479): string {
    const path = join(this.files.dir, 'sessions', `${pid}.json`);
    mkdirSync(dirname(path), { recursive: true });
    const state = {
      pid,
      sessionId: this.leadSessionId,
      cwd: '/home/dev/work',
      startedAt: this.files.t0,
      kind: 'interactive',
      entrypoint: 'cli',
      status,
      ...(waitingFor ? { waitingFor } : {}),
      updatedAt: this.files.at(seconds),
    };
    writeFileSync(path, JSON.stringify(state));
    return path;
  }

  endSession(pid = 16479): void {
    rmSync(join(this.files.dir, 'sessions', `${pid}.json`), { force: true });
  }
}
