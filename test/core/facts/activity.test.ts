import { describe, expect, it } from 'vitest';
import { parseSessionState, permissionWaitSince } from '../../../src/core/model/session-state.js';
import type { ToolOutcome, TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import {
  activityJson,
  activityNow,
  foldActivity,
  NO_ACTIVITY,
  overdueAfterMs,
  STEPS_KEPT,
  type ActivityFold,
} from '../../../src/core/model/activity.js';

const T = Date.parse('2026-11-25T10:00:00.000Z');
const started = (id: string, at: number, name = 'Bash', detail: string | null = 'npm test', messageId = `m-${id}`): TranscriptFact => ({
  kind: 'tool-started',
  id,
  name,
  detail,
  messageId,
  at,
});
const finished = (id: string, at: number, outcome: ToolOutcome = 'ok'): TranscriptFact => ({
  kind: 'tool-finished',
  id,
  outcome,
  byPerson: false,
  at,
});
const ended = (at: number, messageId: string | null = null): TranscriptFact => ({ kind: 'turn-ended', messageId, at });
const now = (fold: ActivityFold, at: number, permissionWaitSince: number | null = null) =>
  activityNow(fold, { now: at, permissionWaitSince });
const fold = (...facts: TranscriptFact[]) => foldActivity(NO_ACTIVITY, facts);
/** What `--json` says of a member that neither failed, nor tried again, nor started a subagent, and is not overdue unseen. */
const CALM = { failure: null, retry: null, subagents: [], processUnseen: null };

describe('what a member is doing now', () => {
  it('is unknown with nothing read', () => {
    expect(activityJson(now(NO_ACTIVITY, T))).toEqual({ state: 'unknown', tool: null, detail: null, since: null, ...CALM });
  });

  it('follows a turn: mail taken, thinking, a tool, writing, idle, each since it began', () => {
    const steps: [TranscriptFact, string, string | null, number][] = [
      [{ kind: 'mail-taken', from: 'team-lead', line: 'kickoff', at: T }, 'thinking', null, T],
      [{ kind: 'thinking', messageId: 'm1', at: T + 1000 }, 'thinking', null, T],
      [started('t1', T + 2000), 'tool', 'Bash', T + 2000],
      [finished('t1', T + 5000), 'thinking', null, T + 5000],
      [{ kind: 'text', line: 'done', messageId: 'm2', at: T + 6000 }, 'writing', null, T + 6000],
      [ended(T + 6000, 'm2'), 'idle', null, T + 6000],
      // A later record of the response that ended the turn does not start another.
      [{ kind: 'text', line: 'more', messageId: 'm2', at: T + 6001 }, 'idle', null, T + 6000],
    ];
    let activity = NO_ACTIVITY;
    for (const [fact, state, tool, since] of steps) {
      activity = foldActivity(activity, [fact]);
      expect(activityJson(now(activity, T + 7000)), fact.kind).toEqual({
        state,
        tool,
        detail: tool === null ? null : 'npm test',
        since: new Date(since).toISOString(),
        ...CALM,
      });
    }
    expect(activity.steps.map((step) => step.kind)).toEqual(['mail', 'tool', 'text', 'turn-end', 'text']);
    expect(activity.steps[1]).toMatchObject({ endedAt: T + 5000, outcome: 'ok' });
    expect(activity.steps[3]).toEqual({ kind: 'turn-end', at: T + 6000, durationMs: 6000 });
    expect(activity.lastAt).toBe(T + 6001);
  });

  it('shows the newest of calls running side by side, and says how many are open', () => {
    const activity = fold(started('t1', T, 'Read', 'a.ts', 'm1'), started('t2', T + 10, 'Grep', 'TODO', 'm1'));
    expect(now(activity, T + 20)).toMatchObject({ state: 'tool', tool: 'Grep', detail: 'TODO', since: T + 10, openCalls: 2 });
    expect(now(foldActivity(activity, [finished('t2', T + 30)]), T + 40)).toMatchObject({ tool: 'Read', since: T, openCalls: 1 });
  });

  it('waits for a permission while a call has no result and the process waits for a prompt', () => {
    const activity = fold(started('t1', T, 'Bash', 'rm -rf build'));
    expect(activityJson(now(activity, T + 40_000, T + 500))).toEqual({
      state: 'waiting-permission',
      tool: 'Bash',
      detail: 'rm -rf build',
      since: new Date(T + 500).toISOString(),
      ...CALM,
    });
    expect(now(activity, T + 40_000, Number.NaN)).toMatchObject({ state: 'waiting-permission', since: T });
    // The process waits, but this member has no call waiting: it is not the one asking.
    expect(now(fold(started('t1', T), finished('t1', T + 1)), T + 40_000, T + 500)).toMatchObject({ state: 'thinking' });
  });

  it('marks a call running far longer than the member others of its tool', () => {
    const history = [1, 2, 3].flatMap((n) => [started(`b${n}`, T + n * 100_000), finished(`b${n}`, T + n * 100_000 + 20_000)]);
    const activity = fold(
      ...history,
      started('read', T + 390_000, 'Read', 'x'),
      finished('read', T + 390_001),
      started('slow', T + 400_000),
    );
    // 5 × the 90th percentile of 20 s: 100 s.
    expect(overdueAfterMs(activity, 'Bash')).toBe(100_000);
    expect(now(activity, T + 499_999)).toMatchObject({ overdue: false, overdueAt: T + 500_000 });
    expect(now(activity, T + 500_000)).toMatchObject({ state: 'tool', tool: 'Bash', overdue: true });
    // Never under a minute; with fewer than three calls of a tool to go by, ten minutes.
    const quick = [1, 2, 3].flatMap((n) => [started(`r${n}`, T + n, 'Read'), finished(`r${n}`, T + n + 5)]);
    expect(overdueAfterMs(fold(...quick), 'Read')).toBe(60_000);
    expect(overdueAfterMs(fold(...quick), 'Bash')).toBe(600_000);
  });

  it('says why its process cannot be seen once its call is overdue, and only then', () => {
    const activity = fold(started('hung', T, 'Bash', 'sleep 9999'));
    const unseen = (at: number) =>
      activityNow(activity, { now: at, permissionWaitSince: null, processUnseen: 'it runs on another machine or in another container' });
    expect(unseen(T + 599_999).overdue).toBe(false);
    expect(activityJson(unseen(T + 599_999)).processUnseen).toBeNull();
    expect(unseen(T + 600_000)).toMatchObject({ overdue: true, processUnseen: 'it runs on another machine or in another container' });
    expect(activityJson(unseen(T + 600_000)).processUnseen).toBe('it runs on another machine or in another container');
    // A process seen (or nothing to look at): overdue as before.
    expect(now(activity, T + 600_000)).toMatchObject({ overdue: true, processUnseen: null });
  });

  it('shows an overdue call even behind a newer one', () => {
    const activity = fold(started('hung', T, 'Bash', 'sleep 9999'), started('new', T + 700_000, 'Read', 'a.ts'));
    expect(now(activity, T + 700_001)).toMatchObject({ tool: 'Bash', detail: 'sleep 9999', overdue: true, since: T });
  });

  it('closes the calls a turn ended without, and keeps at most the last steps', () => {
    const activity = fold(started('t1', T), ended(T + 10));
    expect(activity.open).toEqual([]);
    expect(activity.steps[0]).toMatchObject({ kind: 'tool', endedAt: T + 10, outcome: null });
    const many = fold(
      ...Array.from({ length: STEPS_KEPT + 50 }, (_, n): TranscriptFact => ({
        kind: 'text',
        line: `line ${n}`,
        messageId: 'm',
        at: T + n,
      })),
    );
    expect(many.steps).toHaveLength(STEPS_KEPT);
    expect(many.steps.at(-1)).toMatchObject({ line: `line ${STEPS_KEPT + 49}` });
  });

  it('keeps the spawn prompt, ignores a result it never saw the call of, and returns the same fold for facts that change nothing', () => {
    const activity = fold({ kind: 'spawn-prompt', line: 'You are alice.', at: T }, finished('unseen', T + 1, 'error'));
    expect(activity.spawnPrompt).toBe('You are alice.');
    expect(activity.steps).toEqual([{ kind: 'prompt', line: 'You are alice.', spawn: true, at: T }]);
    expect(foldActivity(activity, [{ kind: 'cost', totalUSD: 1, models: [] }])).toBe(activity);
  });
});

describe('the lead session live state', () => {
  it('says since when it waits for a permission prompt, and nothing for other waits', () => {
    const state = (fields: object) => parseSessionState(JSON.stringify({ pid: 1, sessionId: 's', ...fields }));
    expect(permissionWaitSince(state({ status: 'waiting', waitingFor: 'permission prompt', updatedAt: T }))).toBe(T);
    expect(permissionWaitSince(state({ status: 'waiting', waitingFor: 'permission prompt', updatedAt: new Date(T).toISOString() }))).toBe(
      T,
    );
    expect(permissionWaitSince(state({ status: 'waiting', waitingFor: 'permission prompt' }))).toBeNaN();
    expect(permissionWaitSince(state({ status: 'waiting', waitingFor: 'input needed', updatedAt: T }))).toBeNull();
    expect(permissionWaitSince(state({ status: 'busy', updatedAt: T }))).toBeNull();
    expect(permissionWaitSince(undefined)).toBeNull();
    expect(parseSessionState('{"status":"busy"}')).toBeUndefined();
    expect(parseSessionState('{torn')).toBeUndefined();
    expect(state({ status: 'busy', waitingFor: 7 })).toMatchObject({ sessionId: 's', status: 'busy' });
  });
});
