import { describe, expect, it } from 'vitest';
import type { Tokens, TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { foldUsage, NO_USAGE, usageView, withSubagents, type UsageFold } from '../../../src/core/model/usage.js';

const tokens = (input: number, output: number, cacheRead = 0, cacheCreation = 0): Tokens => ({
  input,
  output,
  cacheRead,
  cacheCreation,
  cacheCreation1h: 0,
});
const usage = (messageId: string, model: string, now: Tokens, previous: Tokens | null = null): TranscriptFact => ({
  kind: 'usage',
  messageId,
  model,
  tokens: now,
  previous,
  at: 0,
});
const cost = (totalUSD: number): TranscriptFact => ({ kind: 'cost', totalUSD, models: [] });
const call = (id: string): TranscriptFact => ({ kind: 'tool-started', id, name: 'Bash', detail: null, messageId: 'm', at: 0 });

describe('a member usage', () => {
  it('sums each response once, takes a later record of it in its place, and keeps the newest context', () => {
    const fold = foldUsage(NO_USAGE, [
      usage('m1', 'claude-opus-5-5', tokens(100, 10, 1000, 50)),
      call('t1'),
      usage('m2', 'claude-opus-5-5', tokens(200, 1, 2000, 0)),
      usage('m2', 'claude-opus-5-5', tokens(200, 30, 2000, 0), tokens(200, 1, 2000, 0)),
      call('t2'),
    ]);
    expect(fold).toMatchObject({
      inputTokens: 300,
      outputTokens: 40,
      cacheReadTokens: 3000,
      cacheCreationTokens: 50,
      responses: 2,
      toolCalls: 2,
    });
    expect(fold.newest).toEqual({ model: 'claude-opus-5-5', contextTokens: 2200 });
    // $4 in, $5 to write, $0.20 to read, $20 out.
    expect(fold.estimatedUSD).toBeCloseTo((300 * 4 + 50 * 5 + 3000 * 0.2 + 40 * 20) / 1e6, 12);
    expect(foldUsage(fold, [{ kind: 'thinking', messageId: 'm3', at: 0 }])).toBe(fold);
  });

  it('shows context as a share of the window, and costs as recorded, estimated, or not known', () => {
    const priced = foldUsage(NO_USAGE, [usage('m1', 'claude-haiku-4-5', tokens(150_000, 1000, 30_000, 0))]);
    const view = (fold: UsageFold, sessionId = 's') => usageView(new Map([['a', { usage: fold, sessionId }]])).members.get('a');
    expect(view(priced)).toEqual({
      inputTokens: 150_000,
      outputTokens: 1000,
      cacheReadTokens: 30_000,
      cacheCreationTokens: 0,
      contextTokens: 180_000,
      contextPercent: 90,
      contextWindow: 200_000,
      contextWindowSource: 'model',
      toolCalls: 0,
      costUSD: 0.158,
      costEstimated: true,
      compactions: 0,
      lastCompaction: null,
      subagents: null,
    });
    expect(view(foldUsage(priced, [cost(0.5)]))).toMatchObject({ costUSD: 0.5, costEstimated: false });
    // A cost-state followed by more responses (a resumed session) is out of date.
    expect(view(foldUsage(priced, [cost(0.5), usage('m2', 'claude-haiku-4-5', tokens(10, 10))]))).toMatchObject({ costEstimated: true });
    const unknown = foldUsage(priced, [usage('m2', 'claude-fake-1', tokens(10, 10))]);
    expect(view(unknown)).toMatchObject({ costUSD: null, costEstimated: false, contextPercent: null, contextTokens: 10 });
    expect(usageView(new Map([['a', undefined]]))).toEqual({ members: new Map([['a', null]]), team: null });
  });

  it('gives the team the sums, the recorded cost of a process shared by several members, and no cost when one is unknown', () => {
    const lead = foldUsage(NO_USAGE, [usage('m1', 'claude-opus-5-5', tokens(100, 20)), call('t1'), cost(0.028)]);
    const mate = foldUsage(NO_USAGE, [usage('m2', 'claude-opus-5-5', tokens(100, 20)), call('t2')]);
    const tmux = foldUsage(NO_USAGE, [usage('m3', 'claude-opus-5-5', tokens(100, 20))]);
    const view = usageView(
      new Map([
        ['lead', { usage: lead, sessionId: 'p1' }],
        ['alice', { usage: mate, sessionId: 'p1' }],
        ['bob', { usage: tmux, sessionId: 'p2' }],
      ]),
    );
    // The lead shares its process: its own share is estimated; the process's cost is recorded once.
    expect(view.members.get('lead')).toMatchObject({ costUSD: 0.0008, costEstimated: true });
    expect(view.team).toEqual({
      inputTokens: 300,
      outputTokens: 60,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      toolCalls: 2,
      costUSD: 0.0288,
      costEstimated: true,
    });
    const alone = usageView(new Map([['lead', { usage: lead, sessionId: 'p1' }]]));
    expect(alone.team).toMatchObject({ costUSD: 0.028, costEstimated: false });
    const unknown = foldUsage(NO_USAGE, [usage('m4', 'claude-fake-1', tokens(1, 1))]);
    expect(
      usageView(
        new Map([
          ['lead', { usage: lead, sessionId: 'p1' }],
          ['x', { usage: unknown, sessionId: 'p3' }],
        ]),
      ).team,
    ).toMatchObject({
      costUSD: null,
      costEstimated: false,
    });
  });

  it('measures the context against the window a compaction showed, and says when the window is the model’s, assumed', () => {
    const full = foldUsage(NO_USAGE, [usage('m1', 'claude-opus-5-5', tokens(4000, 10, 186_000, 200))]);
    const view = (fold: UsageFold) => usageView(new Map([['lead', { usage: fold, sessionId: 's' }]])).members.get('lead');
    // Before any compaction: the model's 1M window, assumed (the client may compact sooner).
    expect(view(full)).toMatchObject({
      contextTokens: 190_200,
      contextPercent: 19,
      contextWindow: 1_000_000,
      contextWindowSource: 'model',
    });
    const compacted = foldUsage(full, [
      { kind: 'compacted', trigger: 'auto', preTokens: 190_529, postTokens: 3202, durationMs: 99, at: Date.UTC(2026, 10, 28) },
    ]);
    // It compacted a context of 190,529: the client's window is the smallest that holds it, 200K; the context is what it left.
    expect(view(compacted)).toMatchObject({
      contextTokens: 3202,
      contextPercent: 1.6,
      contextWindow: 200_000,
      contextWindowSource: 'compaction',
      compactions: 1,
      lastCompaction: { at: '2026-11-28T00:00:00.000Z', trigger: 'auto', preTokens: 190_529, postTokens: 3202, durationMs: 99 },
    });
    // The next response says the context; the window stays the one shown.
    expect(view(foldUsage(compacted, [usage('m2', 'claude-opus-5-5', tokens(94, 10, 1212, 0))]))).toMatchObject({
      contextTokens: 1306,
      contextWindow: 200_000,
    });
    // A compaction a person asked for (`/compact`) says nothing of where the client compacts on its own.
    const manual = foldUsage(full, [{ kind: 'compacted', trigger: 'manual', preTokens: 50_000, postTokens: 2000, durationMs: 9, at: 0 }]);
    expect(view(manual)).toMatchObject({ contextWindow: 1_000_000, contextWindowSource: 'model' });
  });

  it("counts a process's tokens in the team's figures as its cost-state does: calls in no transcript too", () => {
    const models = [
      {
        model: 'claude-opus-5-5',
        inputTokens: 10_935,
        outputTokens: 645,
        cacheReadTokens: 382_605,
        cacheCreationTokens: 3505,
        costUSD: 0.150686,
      },
    ];
    const lead = foldUsage(NO_USAGE, [
      usage('m1', 'claude-opus-5-5', tokens(6935, 587, 196_605, 3305)),
      { kind: 'cost', totalUSD: 0.150686, models },
    ]);
    const view = usageView(new Map([['lead', { usage: lead, sessionId: 'p1' }]]));
    expect(view.team).toMatchObject({
      inputTokens: 10_935,
      outputTokens: 645,
      cacheReadTokens: 382_605,
      costUSD: 0.150686,
      costEstimated: false,
    });
    // The member's own figures are its transcripts'.
    expect(view.members.get('lead')).toMatchObject({ inputTokens: 6935, costUSD: 0.150686, costEstimated: false });
  });

  it("adds a member's subagents to its figures, and gives them apart", () => {
    const own = foldUsage(NO_USAGE, [usage('m1', 'claude-opus-5-5', tokens(1760, 450)), call('t1')]);
    const scout = foldUsage(NO_USAGE, [usage('s1', 'claude-opus-5-5', tokens(729, 51)), call('s-t1')]);
    const view = usageView(
      new Map([['alice', { usage: withSubagents(own, scout), subagents: { count: 1, usage: scout }, sessionId: 'p1' }]]),
    );
    expect(view.members.get('alice')).toMatchObject({
      inputTokens: 2489,
      outputTokens: 501,
      // Her calls and her context are her own.
      toolCalls: 1,
      contextTokens: 1760,
      subagents: { count: 1, inputTokens: 729, outputTokens: 51, toolCalls: 1, costUSD: (729 * 4 + 51 * 20) / 1e6 },
    });
    expect(view.team).toMatchObject({ inputTokens: 2489, outputTokens: 501 });
  });
});
