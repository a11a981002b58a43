/**
 * Journal lines and inbox elements that fit their schema as they are skip the
 * schema (issue 26 §1: validating them cost more than the rest of a restore).
 * Whatever the value, hostile or not: one the fast check takes is one the
 * schema takes, unchanged; and a journal as teamtop writes it is restored
 * without running either schema once.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INBOX_ENTRY_FIELDS, InboxEntrySchema, isPlainInboxEntry } from '../../src/core/model/schemas.js';
import { EntrySchema, isPlainEntry } from '../../src/io/journal/format.js';
import { replayRuns } from '../../src/io/journal/restore.js';
import { iso } from '../helpers/observations.js';

/** Values of every JSON type, and the odd ones a file can hold (`1e999` parses as Infinity). */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(Number.POSITIVE_INFINITY, -0, 8.64e15, 8.64e15 + 1, -8.64e15 - 1, 1.5, -1, 2 ** 53, null, [], {}, [1, 2, 3]),
);
/** An object with all or some of `fields`, each mostly of a fitting value, else of any. */
function objectWith(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const values = Object.fromEntries(
    Object.entries(fields).map(([key, fitting]) => [key, fc.oneof({ arbitrary: fitting, weight: 6 }, { arbitrary: anyValue, weight: 1 })]),
  );
  return fc.oneof(fc.record(values), fc.record(values, { requiredKeys: [] }));
}

const inboxElement = objectWith({
  from: fc.string(),
  text: fc.string(),
  summary: fc.string(),
  timestamp: fc.oneof(fc.string(), fc.double()),
  color: fc.string(),
  read: fc.boolean(),
  msgV: fc.double(),
  msg_id: fc.string(),
  type: fc.string(),
  metadata: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })),
  lead_sig: fc.string(),
  extra: fc.string(),
});

const count = fc.oneof(fc.nat(), fc.integer({ min: -3, max: 3 }), fc.double());
const figure = fc.oneof(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.double(), fc.constant(null));
const usage = objectWith({
  inputTokens: count,
  outputTokens: count,
  cacheReadTokens: count,
  cacheCreationTokens: count,
  contextTokens: count,
  toolCalls: count,
  contextPercent: figure,
  costUSD: figure,
  costEstimated: fc.boolean(),
});
const journalEntry = objectWith({
  op: fc.constantFrom('inbox', 'file', 'gone', 'folder', 'problem', 'activity', 'other'),
  t: fc.oneof(fc.integer(), fc.double()),
  live: fc.boolean(),
  path: fc.string(),
  text: fc.string(),
  keep: count,
  messages: fc.array(fc.oneof(inboxElement, fc.tuple(count, count), fc.array(count, { maxLength: 3 }), anyValue), { maxLength: 4 }),
  invalid: fc.array(fc.oneof(fc.string(), anyValue), { maxLength: 2 }),
  present: fc.boolean(),
  message: fc.oneof(fc.string(), fc.constant(null)),
  member: fc.string(),
  state: fc.constantFrom('tool', 'thinking', 'writing', 'idle', 'waiting-permission', 'unknown', 'other'),
  tool: fc.oneof(fc.string(), fc.constant(null)),
  since: fc.oneof(fc.integer(), fc.double(), fc.constant(null)),
  usage: fc.oneof(usage, fc.constant(null)),
});

describe('values that fit their schema as they are', () => {
  it('an inbox element the fast check takes is one the schema gives back unchanged', () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.oneof(inboxElement, anyValue), (value) => {
        if (!isPlainInboxEntry(value)) return;
        taken++;
        const parsed = InboxEntrySchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(value);
      }),
      { numRuns: 2000 },
    );
    expect(taken).toBeGreaterThan(20);
    // Found by CI: the schema gives a record back without its own `__proto__` key.
    for (const text of ['{"from":"","text":"","metadata":{"__proto__":[]}}', '{"from":"","text":"","__proto__":{"x":1}}']) {
      const element: unknown = JSON.parse(text);
      expect(isPlainInboxEntry(element)).toBe(false);
      expect(InboxEntrySchema.safeParse(element).success).toBe(true);
    }
  });

  it('a journal entry the fast check takes is one the schema gives back unchanged', () => {
    let taken = 0;
    let activity = 0;
    fc.assert(
      fc.property(fc.oneof(journalEntry, anyValue), (value) => {
        if (!isPlainEntry(value)) return;
        taken++;
        if (value.op === 'activity') activity++;
        const parsed = EntrySchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(value);
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(20);
    expect(activity).toBeGreaterThan(0);
    // An own `__proto__` key the schema would drop, in an activity line's figures: left to the schema.
    const own: unknown = JSON.parse(
      '{"op":"activity","t":1,"path":"teams/t","member":"m","state":"idle","tool":null,"since":null,"usage":{"__proto__":{},"inputTokens":0,"outputTokens":0,"cacheReadTokens":0,"cacheCreationTokens":0,"contextTokens":0,"toolCalls":0,"contextPercent":null,"costUSD":null,"costEstimated":false}}',
    );
    expect(isPlainEntry(own)).toBe(false);
  });

  it('checks every field the inbox schema names', () => {
    expect(Object.keys(INBOX_ENTRY_FIELDS).sort()).toEqual(Object.keys(InboxEntrySchema.shape).sort());
  });
});

describe('restoring a journal as teamtop writes it', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs neither schema on its lines or its messages', () => {
    dir = mkdtempSync(join(tmpdir(), 'teamtop-plain-'));
    const path = join(dir, 'run.jsonl');
    const lines: object[] = [{ teamtop: 'journal', v: 2, run: 'r', team: 't', claudeDir: '/c', started: 1 }];
    for (let i = 0; i < 200; i++) {
      const element = { from: 'worker', text: `note ${i}`, timestamp: iso(i), read: false, color: 'blue', msg_id: `m-${i}` };
      lines.push(
        { op: 'inbox', t: 1000 + i, live: true, path: 'teams/t/inboxes/lead.json', messages: i === 0 ? [element] : [[0, i], element] },
        { op: 'problem', t: 1000 + i, path: 'tasks/t/1.json', message: i % 2 === 0 ? 'torn' : null },
        {
          op: 'activity',
          t: 1000 + i,
          path: 'teams/t',
          member: 'worker',
          state: i % 2 === 0 ? 'tool' : 'thinking',
          tool: i % 2 === 0 ? 'Bash' : null,
          since: 1000 + i,
          usage: {
            inputTokens: 100 * i,
            outputTokens: 20 * i,
            cacheReadTokens: 0,
            cacheCreationTokens: 7,
            contextTokens: 120,
            contextPercent: i === 0 ? null : 0.1,
            toolCalls: i,
            costUSD: i === 0 ? null : 0.001 * i,
            costEstimated: true,
          },
        },
      );
    }
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
    const entries = vi.spyOn(EntrySchema, 'safeParse');
    const elements = vi.spyOn(InboxEntrySchema, 'safeParse');
    let messages = 0;
    const restored = replayRuns([{ path }], (observations) => {
      for (const observation of observations) if (observation.kind === 'inbox') messages = observation.messages.length;
    });
    expect(restored.notices).toEqual([]);
    expect(messages).toBe(200);
    expect(entries).not.toHaveBeenCalled();
    expect(elements).not.toHaveBeenCalled();
  });

  it('still runs the schemas on what does not fit, and says why', () => {
    dir = mkdtempSync(join(tmpdir(), 'teamtop-plain-'));
    const path = join(dir, 'run.jsonl');
    const lines = [
      { teamtop: 'journal', v: 2, run: 'r', team: 't', claudeDir: '/c', started: 1 },
      { op: 'inbox', t: 1000, live: true, path: 'teams/t/inboxes/lead.json', messages: [{ from: 'w', text: 'a', summary: 7 }] },
      { op: 'inbox', t: 8.64e15 + 1, live: true, path: 'teams/t/inboxes/lead.json', messages: [] },
    ];
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
    const elements = vi.spyOn(InboxEntrySchema, 'safeParse');
    const restored = replayRuns([{ path }], () => undefined);
    expect(restored.notices.map((notice) => notice.message)).toEqual(['line 3 is not a journal entry and was skipped']);
    // Its summary of the wrong type is the schema's to drop.
    expect(elements).toHaveBeenCalledTimes(1);
  });
});
