/**
 * A transcript's appended text decoded into facts, one TranscriptDecoder per file. A line is classified before it is
 * parsed, a huge one is skimmed, and a bad one is counted and skipped, never thrown (docs/internals/core.md).
 */
import type { Tokens, TranscriptFact, TranscriptIdentity } from '../../model/transcript-facts.js';
import { describeIssue } from '../../model/schemas.js';
import { leadingRecordType, leadingStringField, recordTypeOf } from './record-type.js';
import { SKIM_OVER, skimRecord } from './skim.js';
import {
  ApiRequestSchema,
  AssistantRecordSchema,
  CostStateSchema,
  PARSED_TYPES,
  SystemRecordSchema,
  TextBlockSchema,
  UserRecordSchema,
  costFact,
  tokensOf,
  type AssistantRecord,
  type RecordIdentity,
  type UserRecord,
} from './records.js';
import { apiErrorFact, blockFacts, compactedFact, saidFacts, sameTokens, toolFinishedFact } from './record-facts.js';

/** The records of one response come together. */
const RESPONSES_REMEMBERED = 64;
/** Tool call ids remembered, to say each call once: a record written again comes soon after. */
const CALLS_REMEMBERED = 4096;
/** Characters of an unfinished line read for its type. */
const HEAD = 4096;
/** A longer unfinished line is not held: it is counted invalid when its end arrives. */
const LONGEST_LINE = 64 * 1024 * 1024;
export interface DecoderCounts {
  /** Empty ones aside. */
  lines: number;
  /** Parsed whole, or (`skimmed`) in part. */
  parsed: number;
  skimmed: number;
  skipped: number;
  invalid: number;
}

export class TranscriptDecoder {
  readonly counts: DecoderCounts = { lines: 0, parsed: 0, skimmed: 0, skipped: 0, invalid: 0 };
  problem: string | undefined;
  identity: TranscriptIdentity | undefined;
  private pending = '';
  /** Drop what arrives until the next line break (a skipped, or too long, line in pieces). */
  private dropping: 'skipped' | 'invalid' | undefined;
  private usage = new Map<string, Tokens>();
  private calls = new Set<string>();
  /** The last time a record said, for the records that say none. */
  private at = Number.NaN;
  /** Its end is said once: end_turn, then the client's turn_duration. */
  private turnOpen = false;
  private endedBy: string | undefined;
  private userRecords = 0;

  constructor(options: { readonly midLine?: boolean } = {}) {
    if (options.midLine) {
      this.dropping = 'skipped';
      // Its first record went by unread: no record read is a spawn prompt.
      this.userRecords = 1;
    }
  }

  get held(): number {
    return this.pending.length;
  }

  push(text: string): TranscriptFact[] {
    const facts: TranscriptFact[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      if (this.dropping) this.endDropped();
      else this.guarded(this.pending === '' ? text.slice(start, end) : this.pending + text.slice(start, end), facts);
      this.pending = '';
      start = end + 1;
    }
    if (start < text.length && !this.dropping) this.hold(text.slice(start));
    return facts;
  }

  /** A type comes within a line's first few hundred bytes: past HEAD it is not looked for again (each look copies the line). */
  private hold(piece: string): void {
    const before = this.pending.length;
    this.pending += piece;
    const type = before < HEAD ? leadingRecordType(this.pending) : undefined;
    if (type !== undefined && !PARSED_TYPES.has(type)) this.dropping = 'skipped';
    else if (this.pending.length > LONGEST_LINE) this.dropping = 'invalid';
    if (this.dropping) this.pending = '';
  }

  private endDropped(): void {
    this.counts.lines++;
    if (this.dropping === 'invalid') this.invalid('longer than teamtop reads');
    else this.counts.skipped++;
    this.dropping = undefined;
  }

  private invalid(why: string): void {
    this.counts.invalid++;
    this.problem = `line ${this.counts.lines}: ${why}`;
  }

  /** A record that makes the decoder fail is an invalid line, never a throw that would stop every later read at that line. */
  private guarded(line: string, facts: TranscriptFact[]): void {
    const before = facts.length;
    const counted = { ...this.counts };
    try {
      this.line(line, facts);
    } catch {
      facts.length = before;
      Object.assign(this.counts, counted);
      if (line.trim() !== '') this.counts.lines++;
      // What failed is teamtop's to know: its message names code, not the record.
      this.invalid('a record teamtop could not read');
    }
  }

  private line(line: string, facts: TranscriptFact[]): void {
    if (line.trim() === '') return;
    this.counts.lines++;
    const type = recordTypeOf(line);
    if (type === undefined) return this.invalid('not a record (no JSON object with a type)');
    if (!PARSED_TYPES.has(type)) {
      this.counts.skipped++;
      return;
    }
    // A try of a model call: only when, read where the client writes it, before the request's objects.
    if (type === 'api-request') {
      const stamp = leadingStringField(line, 'timestamp');
      if (stamp !== undefined) {
        if (line.length > SKIM_OVER) this.counts.skimmed++;
        return this.apiRequest(stamp, facts);
      }
    }
    let value: unknown;
    if (line.length > SKIM_OVER) {
      const skimmed = skimRecord(line);
      if (!skimmed) return this.invalid(`a ${type} record that is not valid JSON`);
      this.counts.skimmed++;
      value = skimmed.value;
      if (skimmed.cut !== undefined) this.problem = `line ${this.counts.lines}: a ${type} record read in part (${skimmed.cut})`;
    } else {
      try {
        value = JSON.parse(line);
      } catch {
        return this.invalid(`a ${type} record that is not valid JSON`);
      }
    }
    const schema =
      type === 'assistant'
        ? AssistantRecordSchema
        : type === 'user'
          ? UserRecordSchema
          : type === 'system'
            ? SystemRecordSchema
            : type === 'api-request'
              ? ApiRequestSchema
              : CostStateSchema;
    const parsed = schema.safeParse(value);
    if (!parsed.success) return this.invalid(`a ${type} record: ${describeIssue(parsed.error)}`);
    this.counts.parsed++;
    const record = parsed.data;
    if (record.type === 'cost-state') {
      facts.push(costFact(record));
      return;
    }
    const at = record.timestamp === undefined ? Number.NaN : Date.parse(record.timestamp);
    if (!Number.isNaN(at)) this.at = at;
    // A try of a model call says when it was made, nothing of who makes it (its fields are the request's).
    if (record.type === 'api-request') return this.apiRequest(record.timestamp, facts, true);
    this.learn(record, facts);
    if (record.type === 'assistant') this.assistant(record, facts);
    else if (record.type === 'user') this.user(record, facts);
    else if (record.subtype === 'turn_duration') this.endTurn(null, facts);
    else if (record.subtype === 'compact_boundary') facts.push(compactedFact(record.compactMetadata, this.at));
  }

  /** One try of a model call, made at `stamp`. */
  private apiRequest(stamp: string | undefined, facts: TranscriptFact[], counted = false): void {
    if (!counted) this.counts.parsed++;
    const at = stamp === undefined ? Number.NaN : Date.parse(stamp);
    if (!Number.isNaN(at)) this.at = at;
    facts.push({ kind: 'api-request', at: this.at });
  }

  private learn(record: RecordIdentity, facts: TranscriptFact[]): void {
    if (record.sessionId === undefined) return;
    const known = this.identity;
    const identity: TranscriptIdentity = {
      sessionId: known?.sessionId ?? record.sessionId,
      sidechain: known?.sidechain ?? record.isSidechain === true,
      agentId: known?.agentId ?? record.agentId,
      teamName: known?.teamName ?? record.teamName,
      agentName: known?.agentName ?? record.agentName,
      cwd: known?.cwd ?? record.cwd,
    };
    if (known && identity.teamName === known.teamName && identity.agentName === known.agentName) return;
    this.identity = identity;
    facts.push({ kind: 'identity', identity });
  }

  private endTurn(messageId: string | null, facts: TranscriptFact[]): void {
    if (!this.turnOpen) return;
    this.turnOpen = false;
    facts.push({ kind: 'turn-ended', messageId, at: this.at });
  }

  private assistant(record: AssistantRecord, facts: TranscriptFact[]): void {
    const { message } = record;
    const messageId = message.id;
    const at = this.at;
    if (record.isApiErrorMessage === true) {
      // The client's own words for a turn whose every try failed: said as the error, and the turn ends.
      if (messageId === this.endedBy) return;
      facts.push(apiErrorFact(record, at));
      this.turnOpen = true;
      this.endTurn(messageId, facts);
      this.endedBy = messageId;
      return;
    }
    blockFacts(record, at, (id) => this.firstSaid(id), facts);
    this.count(messageId, message.model, message.usage, facts);
    // A response's later records (one per block) repeat its stop reason: its turn ends once.
    if (messageId === this.endedBy) return;
    this.turnOpen = true;
    if (message.stop_reason === 'end_turn') {
      this.endTurn(messageId, facts);
      this.endedBy = messageId;
    }
  }

  private firstSaid(id: string): boolean {
    if (this.calls.has(id)) return false;
    this.calls.add(id);
    if (this.calls.size > CALLS_REMEMBERED) this.calls.delete(this.calls.values().next().value!);
    return true;
  }

  private count(messageId: string, model: string | undefined, usage: AssistantRecord['message']['usage'], facts: TranscriptFact[]): void {
    // `<synthetic>`: a message the client wrote itself (an API error), with no usage.
    if (usage === undefined || model === undefined || model === '<synthetic>') return;
    const tokens = tokensOf(usage);
    const previous = this.usage.get(messageId);
    if (previous !== undefined && sameTokens(previous, tokens)) return;
    this.usage.delete(messageId);
    this.usage.set(messageId, tokens);
    if (this.usage.size > RESPONSES_REMEMBERED) this.usage.delete(this.usage.keys().next().value!);
    facts.push({ kind: 'usage', messageId, model, tokens, previous: previous ?? null, at: this.at });
  }

  private user(record: UserRecord, facts: TranscriptFact[]): void {
    const at = this.at;
    // A compaction's summary is the client's, read by no one but the model: no prompt, no mail.
    if (record.isCompactSummary === true || record.isVisibleInTranscriptOnly === true) return;
    const first = this.userRecords++ === 0;
    const { content } = record.message;
    if (typeof content !== 'string') {
      for (const block of content) {
        const finished = toolFinishedFact(block, record, at);
        if (finished) {
          facts.push(finished);
          this.turnOpen = true;
        } else {
          const text = TextBlockSchema.safeParse(block);
          if (text.success && saidFacts(text.data.text, record, first, at, facts)) this.turnOpen = true;
        }
      }
      return;
    }
    if (saidFacts(content, record, first, at, facts)) this.turnOpen = true;
  }
}
