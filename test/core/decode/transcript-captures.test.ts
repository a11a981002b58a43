/**
 * The transcripts the real 2.1.332 wrote for the `team` scenario, in process
 * and in tmux: whose each is, the tool calls the scenario's script made (its
 * ids say who made them: `toolu_<who>_<step>_<n>`), the usage the fake API
 * returned (100 tokens in and 20 out per response), and what the client
 * itself counted (`cost-state`).
 */
import { describe, expect, it } from 'vitest';
import type { TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { TranscriptDecoder } from '../../../src/core/decode/transcript/decoder.js';
import { byMember, readTranscripts } from '../../helpers/transcripts-read.js';
import { MODES, readProjectFile, type Mode } from '../../helpers/transcripts.js';
import { activityNow, foldActivity, NO_ACTIVITY } from '../../../src/core/model/activity.js';
import { foldUsage, NO_USAGE, usageView } from '../../../src/core/model/usage.js';

/** The calls script_team.py makes, in order: [step_n, tool]. */
const LEAD_CALLS = [
  ['s01_0', 'ToolSearch'],
  ['s02_0', 'TaskCreate'],
  ['s02_1', 'TaskCreate'],
  ['s02_2', 'TaskCreate'],
  ['s03_0', 'TaskUpdate'],
  ['s04_0', 'Agent'],
  ['s04_1', 'Agent'],
  ['s05_0', 'TaskUpdate'],
  ['s05_1', 'TaskUpdate'],
  ['s06_0', 'SendMessage'],
  ['s06_1', 'SendMessage'],
  ['s06_2', 'SendMessage'],
  ['s07_0', 'SendMessage'],
  ['s07_1', 'SendMessage'],
  ['s08_0', 'SendMessage'],
  ['s09_0', 'TaskUpdate'],
  ['s09_1', 'TaskList'],
];
const TEAMMATE_CALLS = [
  ['t01_0', 'ToolSearch'],
  ['t02_0', 'TaskUpdate'],
  ['t03_0', 'SendMessage'],
  ['t04_0', 'TaskUpdate'],
  ['t05_0', 'SendMessage'],
  ['t06_0', 'SendMessage'],
  ['sd0_0', 'SendMessage'],
];
/** bob rejects the first shutdown request and approves the second. */
const CALLS: Record<string, string[][]> = {
  'team-lead': LEAD_CALLS,
  alice: TEAMMATE_CALLS,
  bob: [...TEAMMATE_CALLS, ['sd1_0', 'SendMessage']],
};
const WHO: Record<string, string> = { 'team-lead': 'lead', alice: 'alice', bob: 'bob' };

/** Responses each member's transcript holds: the lead makes two more in process (it waits on mail twice more). */
const RESPONSES: Record<Mode, Record<string, number>> = {
  'in-process': { 'team-lead': 15, alice: 9, bob: 11 },
  tmux: { 'team-lead': 13, alice: 9, bob: 11 },
};

interface Record_ {
  type: string;
  message?: { id: string; usage: { input_tokens: number; output_tokens: number } };
}
type CostState = { type: 'cost-state'; totalCostUSD: number; modelUsage: Record<string, { inputTokens: number; outputTokens: number }> };

/** What a transcript's records say, read plainly: each response's usage once, and its cost-states. */
function recordsOf(mode: Mode, path: string) {
  const records = readProjectFile(mode, path)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record_);
  const usages = new Map(
    records.flatMap((record) =>
      record.type === 'assistant' && record.message ? [[record.message.id, record.message.usage] as const] : [],
    ),
  );
  const input = [...usages.values()].reduce((sum, usage) => sum + usage.input_tokens, 0);
  const output = [...usages.values()].reduce((sum, usage) => sum + usage.output_tokens, 0);
  return {
    responses: usages.size,
    input,
    output,
    costStates: records.filter((record): record is Record_ & CostState => record.type === 'cost-state'),
  };
}

const usageOf = (facts: readonly TranscriptFact[]) => foldUsage(NO_USAGE, facts);

describe.each(MODES)('the 2.1.332 team recording, %s', (mode) => {
  const members = byMember(mode);

  it('finds the transcripts of the lead, alice and bob, and no one else', () => {
    expect([...members.keys()].sort()).toEqual(['alice', 'bob', 'team-lead']);
    expect(readTranscripts(mode).filter((read) => read.member === undefined)).toEqual([]);
    for (const [name, { decoder }] of members) {
      expect(decoder.counts.invalid, name).toBe(0);
      expect(decoder.counts.skipped, name).toBeGreaterThan(10);
    }
  });

  it.each(['team-lead', 'alice', 'bob'])('%s: the tool calls its script made, in order, each with its result', (name) => {
    const { facts } = members.get(name)!;
    const started = facts.flatMap((fact) => (fact.kind === 'tool-started' ? [[fact.id, fact.name]] : []));
    expect(started).toEqual(CALLS[name]!.map(([step, tool]) => [`toolu_${WHO[name]}_${step}`, tool]));
    const finished = new Map(facts.flatMap((fact) => (fact.kind === 'tool-finished' ? [[fact.id, fact.outcome] as const] : [])));
    // The lead's broadcast ("*") is refused by 2.1.332: the only call that fails. A tmux teammate's
    // process ends as it approves its shutdown: alice's approval has no result in her transcript.
    const noResult = mode === 'tmux' ? 'toolu_alice_sd0_0' : undefined;
    for (const [id] of started)
      expect(finished.get(id!), id).toBe(id === 'toolu_lead_s06_2' ? 'error' : id === noResult ? undefined : 'ok');
  });

  it.each(['team-lead', 'alice', 'bob'])('%s: tokens counted once per response, as the fake API returned them', (name) => {
    const { facts, path } = members.get(name)!;
    const plain = recordsOf(mode, path);
    const responses = RESPONSES[mode][name]!;
    expect(plain.responses).toBe(responses);
    const usage = usageOf(facts);
    expect(usage).toMatchObject({
      inputTokens: 100 * responses,
      outputTokens: 20 * responses,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      responses,
    });
    expect([usage.inputTokens, usage.outputTokens]).toEqual([plain.input, plain.output]);
    expect(usage.toolCalls).toBe(CALLS[name]!.length);
    expect(usage.newest).toEqual({ model: 'claude-opus-5-5', contextTokens: 100 });
  });

  it('matches what the client counted for each process (cost-state)', () => {
    const counted = (name: string) => recordsOf(mode, members.get(name)!.path).costStates;
    const sums = (name: string) => usageOf(members.get(name)!.facts);
    if (mode === 'in-process') {
      // One process: the lead's cost-state covers alice and bob too; theirs hold none.
      const [lead] = counted('team-lead');
      const all = ['team-lead', 'alice', 'bob'].map(sums);
      expect(lead!.modelUsage['claude-opus-5-5']).toMatchObject({
        inputTokens: all.reduce((sum, usage) => sum + usage.inputTokens, 0),
        outputTokens: all.reduce((sum, usage) => sum + usage.outputTokens, 0),
      });
      expect(counted('alice')).toEqual([]);
      expect(counted('bob')).toEqual([]);
      return;
    }
    for (const name of ['team-lead', 'alice'])
      expect(counted(name).at(-1)!.modelUsage['claude-opus-5-5']).toMatchObject({ inputTokens: sums(name).inputTokens });
    // bob's process made one response more after its last record (it was shutting down): its first cost-state
    // matches the transcript, its last counts that response too.
    const [first, last] = counted('bob');
    expect(first!.modelUsage['claude-opus-5-5']).toMatchObject({
      inputTokens: sums('bob').inputTokens,
      outputTokens: sums('bob').outputTokens,
    });
    expect(last!.modelUsage['claude-opus-5-5']).toMatchObject({ inputTokens: sums('bob').inputTokens + 100 });
  });

  it('gives each member its cost, and the team the client figure for each process', () => {
    const view = usageView(
      new Map([...members].map(([name, read]) => [name, { usage: usageOf(read.facts), sessionId: read.decoder.identity?.sessionId }])),
    );
    const cost = (name: string) => [view.members.get(name)?.costUSD, view.members.get(name)?.costEstimated];
    if (mode === 'in-process') {
      // Sharing the lead's process: each is priced from the table, as the client priced claude-opus-5-5 ($4 in, $20 out).
      expect([cost('team-lead'), cost('alice'), cost('bob')]).toEqual([
        [0.012, true],
        [0.0072, true],
        [0.0088, true],
      ]);
      expect(view.team).toMatchObject({ inputTokens: 3500, outputTokens: 700, toolCalls: 32, costUSD: 0.028, costEstimated: false });
    } else {
      expect([cost('team-lead'), cost('alice'), cost('bob')]).toEqual([
        [0.0104, false],
        [0.0072, false],
        [0.0096, false],
      ]);
      // Each process's tokens as its `cost-state` counts them: one response more than the transcripts hold (3,300 in, 660 out).
      expect(view.team).toMatchObject({ inputTokens: 3400, outputTokens: 680, toolCalls: 32, costUSD: 0.0272, costEstimated: false });
    }
    for (const name of members.keys()) expect(view.members.get(name)).toMatchObject({ contextTokens: 100, contextPercent: 0 });
  });

  it('names each tool while it runs, as the records arrive', () => {
    for (const [name, read] of members) {
      const decoder = new TranscriptDecoder();
      let fold = NO_ACTIVITY;
      const shown = new Set<string>();
      for (const line of readProjectFile(mode, read.path).split('\n')) {
        fold = foldActivity(fold, decoder.push(`${line}\n`));
        const now = activityNow(fold, { now: fold.lastAt ?? 0, permissionWaitSince: null });
        if (now.state === 'tool') {
          const newest = fold.open.at(-1)!;
          expect([now.tool, now.since], name).toEqual([newest.name, newest.startedAt]);
          shown.add(newest.id);
        }
      }
      expect([...shown].sort(), name).toEqual(CALLS[name]!.map(([step]) => `toolu_${WHO[name]}_${step}`).sort());
    }
  });

  it('reads the spawn prompt of each teammate from its first record, and its recent steps', () => {
    for (const name of ['alice', 'bob']) {
      const fold = foldActivity(NO_ACTIVITY, members.get(name)!.facts);
      expect(fold.spawnPrompt).toBe(
        name === 'alice' ? 'You are alice. Work on task #1 (Design API).' : 'You are bob. Work on task #2 (Write tests).',
      );
      expect(fold.steps).toContainEqual({
        kind: 'mail',
        from: 'team-lead',
        line: 'shutdown requested: work complete',
        at: expect.any(Number) as number,
      });
      const calls = fold.steps.filter((step) => step.kind === 'tool');
      expect(calls).toHaveLength(CALLS[name]!.length);
      // All but the last (a tmux teammate exits as it approves its shutdown) came back, after they began.
      for (const call of calls.slice(0, -1)) expect(call.outcome === 'ok' && call.endedAt! >= call.at, call.id).toBe(true);
    }
    const lead = foldActivity(NO_ACTIVITY, members.get('team-lead')!.facts);
    expect(lead.spawnPrompt).toBeNull();
    expect(lead.state).toBe('idle');
    expect(lead.steps.at(-2)).toMatchObject({ kind: 'text', line: 'ALL DONE: team finished and shut down.' });
    expect(lead.steps.at(-1)).toMatchObject({ kind: 'turn-end' });
  });
});
