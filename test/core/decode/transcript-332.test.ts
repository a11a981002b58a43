/**
 * What the real 2.1.332 wrote in the moments issue 35 is about, decoded and
 * folded: the tries of a model call and a turn whose every try failed
 * (`api-errors`), a compaction (`compaction`), a refused permission and the
 * `TaskUpdate` that claimed a task (`refused-permission`).
 */
import { describe, expect, it } from 'vitest';
import { TranscriptDecoder } from '../../../src/core/decode/transcript/decoder.js';
import { activityNow, foldActivity, NO_ACTIVITY, type ActivityFold } from '../../../src/core/model/activity.js';
import type { TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { transcript332, transcripts332 } from '../../helpers/recordings-332.js';

const decode = (text: string): TranscriptFact[] => new TranscriptDecoder().push(text);
const ofKind = <K extends TranscriptFact['kind']>(facts: readonly TranscriptFact[], kind: K) =>
  facts.filter((fact): fact is Extract<TranscriptFact, { kind: K }> => fact.kind === kind);

/** The fold after each line, and what it says as of that line's time. */
function lineByLine(text: string): { fold: ActivityFold; state: string; tries: number }[] {
  const decoder = new TranscriptDecoder();
  let fold = NO_ACTIVITY;
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      fold = foldActivity(fold, decoder.push(`${line}\n`));
      const now = activityNow(fold, { now: fold.lastAt ?? 0, permissionWaitSince: null });
      return { fold, state: now.state, tries: now.retry?.tries ?? 0 };
    });
}

describe('api-errors (in process): carol gets 500 every time, alice 529, 529 and 429 before a success', () => {
  const carol = transcript332('api-errors-in-process', /agent-acarol-/u);
  const alice = transcript332('api-errors-in-process', /agent-aalice-/u);

  it("reads each try of a model call (`api-request`) and each failed turn's error record, never its text", () => {
    const facts = decode(carol);
    expect(ofKind(facts, 'api-request')).toHaveLength(15);
    expect(ofKind(facts, 'api-error').map(({ status, error }) => [status, error])).toEqual([
      [500, 'server_error'],
      [500, 'server_error'],
      [500, 'server_error'],
    ]);
    // The client's words for the error are no text of the model's, and its usage (all zeros) is no response.
    expect(ofKind(facts, 'text')).toEqual([]);
    expect(ofKind(facts, 'usage')).toEqual([]);
    // Each failed turn ends with its error.
    expect(ofKind(facts, 'turn-ended')).toHaveLength(3);
  });

  it('shows carol failing, three turns in a row, and retrying while a woken turn tries again', () => {
    const states = lineByLine(carol);
    const { fold } = states.at(-1)!;
    const now = activityNow(fold, { now: fold.lastAt!, permissionWaitSince: null });
    expect(now).toMatchObject({ state: 'failing', failure: { status: 500, error: 'server_error', turns: 3 } });
    expect(now.failure!.since).toBe(Date.parse('2026-11-28T16:20:28.806Z'));
    // Woken by the lead's message: a try, then more (retrying), each turn.
    const seen = states.map(({ state }) => state).filter((state, i, all) => state !== all[i - 1]);
    expect(seen).toEqual(['thinking', 'retrying', 'failing', 'thinking', 'retrying', 'failing', 'thinking', 'retrying', 'failing']);
    expect(Math.max(...states.map(({ tries }) => tries))).toBe(5);
    // The steps say each failure.
    expect(fold.steps.filter((step) => step.kind === 'api-error')).toHaveLength(3);
  });

  it('shows alice retrying through 529, 529 and 429, then working again: not failing', () => {
    const states = lineByLine(alice);
    expect(Math.max(...states.map(({ tries }) => tries))).toBe(4);
    expect(states.some(({ state }) => state === 'failing')).toBe(false);
    const retried = states.findIndex(({ state }) => state === 'retrying');
    expect(retried).toBeGreaterThan(0);
    // The response after the last try: a tool call, and the tries are over.
    const after = states.slice(retried).find(({ state }) => state !== 'retrying')!;
    expect(after).toMatchObject({ state: 'tool', tries: 0 });
    expect(states.at(-1)!.fold.failure).toBeNull();
  });
});

describe('compaction (in process): the lead compacts at a 200K window', () => {
  const lead = transcript332('compaction-in-process', /projects\/[^/]+\/[^/]+\.jsonl$/u);

  it('reads the compact_boundary (trigger, tokens before and after, how long) and never takes the summary for a prompt', () => {
    const facts = decode(lead);
    expect(ofKind(facts, 'compacted')).toEqual([
      // The recording's trigger is x'd out (redacted); the client writes `auto`.
      {
        kind: 'compacted',
        trigger: 'xxxx',
        preTokens: 190_529,
        postTokens: 3202,
        durationMs: 99,
        at: Date.parse('2026-11-28T16:32:13.478Z'),
      },
    ]);
    // The summary (`isCompactSummary`, written at 16:32:13.447) is the client's: no prompt, no turn.
    expect(ofKind(facts, 'prompt').map(({ at }) => new Date(at).toISOString())).not.toContain('2026-11-28T16:32:13.447Z');
    const fold = foldActivity(NO_ACTIVITY, facts);
    expect(fold.steps.filter((step) => step.kind === 'compaction')).toEqual([
      {
        kind: 'compaction',
        trigger: 'xxxx',
        preTokens: 190_529,
        postTokens: 3202,
        durationMs: 99,
        at: Date.parse('2026-11-28T16:32:13.478Z'),
      },
    ]);
  });
});

describe('refused-permission: alice’s `rm -rf` is refused at the prompt', () => {
  for (const mode of ['in-process', 'tmux'] as const) {
    it(`${mode}: keeps the refusal (its tool, by a person) and the task her TaskUpdate claimed`, () => {
      // In tmux her own session, whose records name her; in process her transcript under the lead's.
      const alice =
        mode === 'tmux'
          ? transcripts332('refused-permission-tmux').find(
              ({ path, text }) => !path.includes('subagents') && text.includes('"agentName":"alice"'),
            )!.text
          : transcript332('refused-permission-in-process', /agent-aalice-/u);
      const fold = foldActivity(NO_ACTIVITY, decode(alice));
      expect(fold.refusals.map(({ id, tool, byPerson }) => ({ id, tool, byPerson }))).toEqual([
        { id: 'toolu_alice_a03_0', tool: 'Bash', byPerson: true },
      ]);
      expect(fold.taskSets.get('1')).toMatchObject({ status: 'in_progress', owner: 'alice' });
    });
  }
});
