/**
 * What a member is doing now and its recent steps, folded from its transcript's facts (docs/internals/core.md).
 * `failing`: its last turn ended in an API error; `retrying`: a model call tried more than once; `dead`: its process is gone.
 */
import { NO_ACTIVITY, overdueAfterMs } from './activity-fold.js';
import type { ActivityFold, ActivityState, Failure, OpenCall } from './activity-types.js';

export * from './activity-types.js';
export * from './activity-fold.js';

const time = (at: number): number | null => (Number.isFinite(at) ? at : null);

export interface ActivityContext {
  readonly now: number;
  /** Since when the member's process has waited for a permission prompt (null: it does not). */
  readonly permissionWaitSince: number | null;
  /** Since when its process has been gone (null: it runs, or nobody can tell). */
  readonly deadSince?: number | null;
  /** Why its process cannot be seen (null or absent: it is seen, or teamtop has nothing to look at). */
  readonly processUnseen?: string | null;
}

/** A member's own subagent at work, as its member's activity names it. */
export interface SubagentNow {
  readonly agentId: string;
  /** Started in the background: its member's call returned at once. */
  readonly background: boolean;
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: number | null;
}

/** A subagent, as throughSubagents takes it: what it does now, and the call that started it. */
export interface SubagentActivity extends SubagentNow {
  readonly toolUseId: string | null;
}

/** The model call under way was tried this many times, the first at `since`. */
export interface Retry {
  readonly tries: number;
  readonly since: number | null;
}

export interface ActivityNow {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: number | null;
  readonly openCalls: number;
  readonly overdue: boolean;
  /** When the call shown was marked overdue, or when the first open call will be: a time to redraw at. */
  readonly overdueAt: number | null;
  /** Its last turns ended in API errors (kept while it tries again: `retrying` after `failing`). */
  readonly failure?: Failure | null;
  /** The model call under way was tried more than once. */
  readonly retry?: Retry | null;
  /** The id of the call shown (null: none is). */
  readonly callId?: string | null;
  /** Its own subagents at work (see throughSubagents). */
  readonly subagents?: readonly SubagentNow[];
  /** Its call is overdue and its process cannot be seen: why. It may have died where teamtop cannot look. */
  readonly processUnseen?: string | null;
}

/** States of a member (or a subagent) at work. */
const AT_WORK: ReadonlySet<ActivityState> = new Set(['tool', 'thinking', 'writing', 'retrying', 'waiting-permission']);

/** What a subagent is doing, as its member's line says after `›`: `Bash npm test`, `thinking`. */
const subagentDoing = (subagent: SubagentNow): string =>
  subagent.tool === null ? subagent.state : [subagent.tool, subagent.detail].filter(Boolean).join(' ');

/**
 * A member's activity with its subagents': while the call shown is an `Agent`
 * call whose subagent works, what the subagent does is its detail (`› Bash npm
 * test`, since the subagent's call began); a member whose own turn ended while
 * a subagent it started in the background works is shown in its `Agent` call
 * too. The subagents at work are listed (`subagents`).
 */
export function throughSubagents(now: ActivityNow, subagents: readonly SubagentActivity[]): ActivityNow {
  const working = subagents.filter((subagent) => AT_WORK.has(subagent.state));
  if (working.length === 0 || now.state === 'dead') return now;
  const listed: SubagentNow[] = working.map(({ agentId, background, state, tool, detail, since }) => ({
    agentId,
    background,
    state,
    tool,
    detail,
    since,
  }));
  const inCall =
    now.callId === null || now.callId === undefined ? undefined : working.find((subagent) => subagent.toolUseId === now.callId);
  if (inCall && now.state === 'tool')
    return { ...now, detail: `› ${subagentDoing(inCall)}`, since: inCall.since ?? now.since, subagents: listed };
  const behind = working.find((subagent) => subagent.background);
  if (behind && (now.state === 'idle' || now.state === 'unknown'))
    return {
      ...now,
      state: 'tool',
      tool: 'Agent',
      detail: `› ${subagentDoing(behind)}`,
      since: behind.since,
      openCalls: 0,
      overdue: false,
      overdueAt: null,
      callId: behind.toolUseId,
      subagents: listed,
    };
  return { ...now, subagents: listed };
}

/** Nothing runs in a process that is gone: what it did last is over (`tool`: the call it died in, if any). */
const deadNow = (fold: ActivityFold, since: number): ActivityNow => ({
  state: 'dead',
  tool: fold.open[fold.open.length - 1]?.name ?? null,
  detail: null,
  since,
  openCalls: 0,
  overdue: false,
  overdueAt: null,
  failure: fold.failure,
  retry: null,
});

export function activityNow(fold: ActivityFold, context: ActivityContext): ActivityNow {
  if (context.deadSince !== undefined && context.deadSince !== null) return deadNow(fold, context.deadSince);
  const newest = fold.open[fold.open.length - 1];
  const failure = fold.failure;
  if (!newest) {
    const retrying = fold.state === 'thinking' && fold.tries > 1;
    return {
      state: retrying ? 'retrying' : fold.state,
      tool: null,
      detail: null,
      since: retrying ? fold.triesSince : fold.since,
      openCalls: 0,
      overdue: false,
      overdueAt: null,
      failure,
      retry: retrying ? { tries: fold.tries, since: fold.triesSince } : null,
    };
  }
  const shown = (call: OpenCall) => ({ tool: call.name, detail: call.detail, openCalls: fold.open.length, callId: call.id });
  if (context.permissionWaitSince !== null) {
    // Waiting since the prompt came up, or the call began if that is later (or the prompt's time is not known).
    const waited = time(context.permissionWaitSince);
    const started = time(newest.startedAt);
    const since = waited === null ? started : started === null ? waited : Math.max(waited, started);
    return { ...shown(newest), state: 'waiting-permission', since, overdue: false, overdueAt: null, failure, retry: null };
  }
  // A call overdue is what matters most: it is shown even behind newer ones.
  let next: number | null = null;
  for (const call of fold.open) {
    if (!Number.isFinite(call.startedAt)) continue;
    const overdueAt = call.startedAt + overdueAfterMs(fold, call.name);
    if (context.now >= overdueAt) {
      const processUnseen = context.processUnseen ?? null;
      return { ...shown(call), state: 'tool', since: call.startedAt, overdue: true, overdueAt, failure, retry: null, processUnseen };
    }
    next = next === null ? overdueAt : Math.min(next, overdueAt);
  }
  return { ...shown(newest), state: 'tool', since: time(newest.startedAt), overdue: false, overdueAt: next, failure, retry: null };
}

export const NO_ACTIVITY_NOW: ActivityNow = activityNow(NO_ACTIVITY, { now: 0, permissionWaitSince: null });

const iso = (at: number | null | undefined): string | null =>
  at === null || at === undefined || !Number.isFinite(at) ? null : new Date(at).toISOString();

export interface ActivityJson {
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly detail: string | null;
  readonly since: string | null;
  /** Its last turns ended in API errors (null: they did not). */
  readonly failure: {
    readonly status: number | null;
    readonly error: string | null;
    readonly turns: number;
    readonly since: string | null;
  } | null;
  /** The model call under way was tried more than once (null: it was not). */
  readonly retry: { readonly tries: number; readonly since: string | null } | null;
  /** Its own subagents at work: whether each runs in the background, and what it does. */
  readonly subagents: readonly {
    readonly agentId: string;
    readonly background: boolean;
    readonly state: ActivityState;
    readonly tool: string | null;
    readonly detail: string | null;
    readonly since: string | null;
  }[];
  /** Its call is overdue and its process cannot be seen: why (null: it is seen, or no call is overdue). */
  readonly processUnseen: string | null;
}

export const activityJson = (now: ActivityNow): ActivityJson => ({
  state: now.state,
  tool: now.tool,
  detail: now.detail,
  since: iso(now.since),
  failure: now.failure
    ? { status: now.failure.status, error: now.failure.error, turns: now.failure.turns, since: iso(now.failure.since) }
    : null,
  retry: now.retry ? { tries: now.retry.tries, since: iso(now.retry.since) } : null,
  subagents: (now.subagents ?? []).map((subagent) => ({ ...subagent, since: iso(subagent.since) })),
  processUnseen: now.processUnseen ?? null,
});

/** An API error as said to a person: `500 (server_error)`, `429`, `an error`. */
export function apiErrorWords(status: number | null, error: string | null): string {
  if (status === null) return error ?? 'an error';
  return error === null ? `${status}` : `${status} (${error})`;
}
