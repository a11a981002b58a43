/**
 * What happens to the teams, as events (messages, handshakes, tasks, diagnoses, teams, activity): from the store's changes, and
 * from the clock for what passes a threshold with no file changing. Never from the disk.
 */
import { stallsAt, type Thresholds } from '../core/model/settings.js';
import { positionOf, type InboxHistory, type TeamState } from '../core/facts/index.js';
import type { Handshake, HandshakeState } from '../core/model/handshakes.js';
import { byTime, type InboxMessage } from '../core/model/inbox.js';
import { append } from '../core/model/lists.js';
import type { TaskNode, TaskState } from '../core/model/task-graph.js';
import { sameSaid, selectDiagnoses } from '../core/judge/index.js';
import { timerDelay } from '../core/model/time.js';
import { onClockStep } from '../core/clock-steps.js';
import { selectHandshakes } from '../core/select/handshakes.js';
import { selectTaskGraph } from '../core/select/tasks.js';
import { selectTeams } from '../core/select/teams.js';
import { activityChanged, selectActivity, selectUsage } from '../core/select/work.js';
import type { Store } from '../core/store.js';
import type { Diagnosis } from '../core/model/diagnosis.js';
import type { ActivityNow, ActivityState } from '../core/model/activity.js';
import type { MemberUsage } from '../core/model/usage.js';
import { selectTeamEnded } from '../core/select/liveness.js';

export type TeamEvent =
  | { readonly kind: 'team'; readonly team: string; readonly change: 'new' | 'ended' }
  /** `taken`: its recipient's transcript shows its model took it (after it was said new or delivered). */
  | { readonly kind: 'message'; readonly team: string; readonly change: 'new' | 'delivered' | 'taken'; readonly message: InboxMessage }
  | { readonly kind: 'handshake'; readonly team: string; readonly handshake: Handshake; readonly previous: HandshakeState | null }
  | { readonly kind: 'task'; readonly team: string; readonly task: TaskNode; readonly previous: TaskState | null }
  | {
      readonly kind: 'diagnosis';
      readonly team: string;
      readonly change: 'raised' | 'changed' | 'cleared';
      readonly diagnosis: Diagnosis;
      /** As it was before it changed. */
      readonly previous: Diagnosis | null;
    }
  | {
      readonly kind: 'activity';
      readonly team: string;
      readonly member: string;
      readonly activity: ActivityNow;
      /** What it did before (null: nothing was known). */
      readonly previous: { readonly state: ActivityState; readonly tool: string | null } | null;
      readonly usage: MemberUsage | null;
    };

type MessageEvent = Extract<TeamEvent, { kind: 'message' }>;

export interface TeamEventOptions {
  readonly team?: string | undefined;
  readonly thresholds: Thresholds;
  /** The clock (fixed with `--now`: nothing then changes with time). */
  readonly now: () => number;
  /** Follows the clock: look again when a diagnosis would change. */
  readonly ticking: boolean;
  /** Only diagnoses (the bell): messages, handshakes and tasks are not worked out. */
  readonly diagnosesOnly?: boolean;
}

interface Said {
  readonly team: TeamState;
  readonly handshakes: ReadonlyMap<string, HandshakeState>;
  readonly tasks: ReadonlyMap<string, TaskState>;
  readonly diagnoses: ReadonlyMap<string, Diagnosis>;
  readonly activity: ReadonlyMap<string, ActivityNow>;
}

/** Messages new to an inbox, or seen leaving it, since the version before. */
function messageEvents(team: string, before: InboxHistory | undefined, after: InboxHistory): MessageEvent[] {
  if (before === after) return [];
  const events: MessageEvent[] = [];
  // Grown from the version before: what it added and the places it replaced are all there is to look at.
  if (before && after.grewFrom === before.messages) {
    for (const position of after.replaced ?? []) {
      if (position < before.messages.length) changed(events, team, before.messages[position]!, after.messages[position]!);
    }
    for (const message of after.messages.slice(before.messages.length)) events.push({ kind: 'message', team, change: 'new', message });
    return events;
  }
  for (const message of after.messages) {
    const position = before ? positionOf(before, message.key) : undefined;
    if (position === undefined) events.push({ kind: 'message', team, change: 'new', message });
    else changed(events, team, before!.messages[position]!, message);
  }
  return events;
}

/** A message left its file, and (then, or later) its recipient's transcript shows it taken. */
function changed(events: MessageEvent[], team: string, before: InboxMessage, message: InboxMessage): void {
  if (message.delivered && !before.delivered) events.push({ kind: 'message', team, change: 'delivered', message });
  if (Number.isFinite(message.takenAt) && !Number.isFinite(before.takenAt))
    events.push({ kind: 'message', team, change: 'taken', message });
}

function activityEvents(
  team: TeamState,
  before: ReadonlyMap<string, ActivityNow> | undefined,
  after: ReadonlyMap<string, ActivityNow>,
): TeamEvent[] {
  const events: TeamEvent[] = [];
  for (const [member, activity] of after) {
    const previous = before?.get(member);
    if (!activityChanged(previous, activity)) continue;
    const usage = selectUsage(team).members.get(member) ?? null;
    events.push({
      kind: 'activity',
      team: team.name,
      member,
      activity,
      previous: previous ? { state: previous.state, tool: previous.tool } : null,
      usage,
    });
  }
  return events;
}

/** Tells `emit` what happens to the teams from now on (`initial`: how things stand, without messages); returns a stop. */
export function followTeams(
  store: Store,
  options: TeamEventOptions,
  emit: (events: readonly TeamEvent[], initial: boolean) => void,
): () => void {
  const said = new Map<string, Said>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const look = (initial: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    const now = options.now();
    const events: TeamEvent[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const team of selectTeams(store.getState().teams)) {
      if (options.team !== undefined && team.name !== options.team) continue;
      const name = team.name;
      const before = said.get(name);
      if (!before) events.push({ kind: 'team', team: name, change: 'new' });
      else if (!selectTeamEnded(before.team) && selectTeamEnded(team)) events.push({ kind: 'team', team: name, change: 'ended' });

      const handshakes = new Map<string, HandshakeState>();
      const tasks = new Map<string, TaskState>();
      const activity = options.diagnosesOnly ? new Map<string, ActivityNow>() : selectActivity(team, now);
      if (!options.diagnosesOnly) {
        // A team that appears while followed comes with what it holds; at the start, `--json` says that.
        if (!initial) {
          const messages = [...team.inboxes].flatMap(([owner, inbox]) => messageEvents(name, before?.team.inboxes.get(owner), inbox));
          append(
            events,
            messages.sort((a, b) => byTime(a.message, b.message)),
          );
        }
        for (const handshake of selectHandshakes(team, now, options.thresholds)) {
          handshakes.set(handshake.requestId, handshake.state);
          const previous = before?.handshakes.get(handshake.requestId) ?? null;
          if (previous !== handshake.state) events.push({ kind: 'handshake', team: name, handshake, previous });
          // A pending request stalls at the threshold whether or not a file changes.
          if (handshake.state === 'pending' && handshake.agedFrom !== null)
            next = Math.min(next, stallsAt(handshake.agedFrom, options.thresholds));
        }
        for (const task of selectTaskGraph(team.tasks)) {
          tasks.set(task.id, task.state);
          const previous = before?.tasks.get(task.id) ?? null;
          if (previous !== task.state) events.push({ kind: 'task', team: name, task, previous });
        }
        append(events, activityEvents(team, before?.activity, activity));
      }

      const judgement = selectDiagnoses(team, now, options.thresholds);
      next = Math.min(next, judgement.nextChangeAt);
      const diagnoses = new Map(judgement.diagnoses.map((diagnosis) => [diagnosis.id, diagnosis]));
      for (const diagnosis of judgement.diagnoses) {
        const previous = before?.diagnoses.get(diagnosis.id);
        if (!previous) events.push({ kind: 'diagnosis', team: name, change: 'raised', diagnosis, previous: null });
        // What it prints holds no `detail`: a call's input that changed is no change to say.
        else if (!sameSaid(previous, diagnosis)) events.push({ kind: 'diagnosis', team: name, change: 'changed', diagnosis, previous });
      }
      for (const [id, previous] of before?.diagnoses ?? []) {
        if (!diagnoses.has(id)) events.push({ kind: 'diagnosis', team: name, change: 'cleared', diagnosis: previous, previous });
      }
      said.set(name, { team, handshakes, tasks, diagnoses, activity });
    }
    if (events.length > 0 || initial) emit(events, initial);
    if (options.ticking && Number.isFinite(next)) {
      // A millisecond past the instant: diagnosed at it, exactly at the threshold counts.
      timer = setTimeout(() => look(false), timerDelay(next - now + 1));
      timer.unref?.();
    }
  };

  const unsubscribe = store.subscribe(() => look(false));
  look(true);
  // A wall clock that stepped makes stalls and their clearing due now, not when the timer says.
  const stopWatching = options.ticking ? onClockStep(() => look(false)) : () => undefined;
  return () => {
    unsubscribe();
    clearTimeout(timer);
    stopWatching();
  };
}
