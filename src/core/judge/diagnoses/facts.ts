/** What the detectors read: a team's facts as of one instant, gathered by ../diagnose.ts; the detectors are pure functions of them. */
import { DEFAULT_THRESHOLDS, quietAt, stallsAt, type Thresholds } from '../../model/settings.js';
import type { Handshake } from '../../model/handshakes.js';
import { cameAt, isUnread, type InboxMessage } from '../../model/inbox.js';
import type { MemberStatus } from '../../model/member-status.js';
import type { RosterStay } from '../../model/roster.js';
import type { TaskNode } from '../../model/task-graph.js';
import type { Spending, WorkFacts } from '../../select/work.js';

export interface MemberFacts {
  readonly name: string;
  readonly isLead: boolean;
  /** As the dashboard shows it, before quiet is decided (quiet counts as working). */
  readonly status: MemberStatus;
  readonly agentType: string;
  /** Some roster teamtop read listed it, it wrote, it asked to join, or its runner keeps records of it: it exists. */
  readonly known: boolean;
  readonly listed: boolean;
  /** It has shut down or left the roster (the team's end aside: see TeamFacts.ended). */
  readonly gone: boolean;
  /** When it went: it approved its shutdown or was seen leaving the roster, whichever came first (NaN: not gone, or not known when). */
  readonly goneAt: number;
  /** Its approval of its newest shutdown request since it last joined (null: it has not approved one). */
  readonly approval: InboxMessage | null;
  readonly stays: readonly RosterStay[];
  /** Since when its process has been gone (NaN: not known since when); null: it runs, or nobody can tell. */
  readonly deadSince: number | null;
  /** Its process's pid, where known. */
  readonly pid: number | null;
  /** `tmux`, `in-process`, … as its roster entry says (null: it does not). */
  readonly backendType: string | null;
  /** Its model, as its roster entry says (null: it does not). */
  readonly model: string | null;
}

export interface InboxFacts {
  /** Every message ever seen in it, oldest first (those gone from the file are `delivered`). */
  readonly messages: readonly InboxMessage[];
  readonly exists: boolean;
  /** Not taken yet: in the file unread, or gone from it and not yet in its model's transcript where that is read. */
  readonly waiting: readonly InboxMessage[];
  /** When its owner last took a message, as the files say: the latest arrival of one read or gone, or its going (NaN: never). */
  readonly lastTaken: number;
}

/** An instant to diagnose against, which notes when a diagnosis made on it would change: a follower wakes then, not on a timer. */
export class Clock {
  private due = Number.POSITIVE_INFINITY;

  constructor(
    readonly now: number,
    readonly thresholds: Thresholds = DEFAULT_THRESHOLDS,
  ) {}

  /** Whether `ms` have passed since `since` (exactly `ms` counts, as for stalls); if not yet, when they will is noted. */
  passed(since: number, ms: number): boolean {
    return this.reached(since, (from) => from + ms);
  }

  stalled(since: number): boolean {
    return this.reached(since, (from) => stallsAt(from, this.thresholds));
  }

  quiet(since: number): boolean {
    return this.reached(since, (from) => quietAt(from, this.thresholds));
  }

  private reached(since: number, due: (from: number) => number): boolean {
    if (!Number.isFinite(since)) return false;
    // A time in the future (a clock that stepped back, a file stamped 2100) counts from now, not from then.
    const at = due(Math.min(since, this.now));
    if (this.now >= at) return true;
    this.due = Math.min(this.due, at);
    return false;
  }

  /** The next instant at which a diagnosis made on this clock would change (Infinity: none would). */
  get nextChange(): number {
    return this.due;
  }
}

export interface TeamFacts {
  readonly team: string;
  readonly clock: Clock;
  /** `teams/<team>/` is gone: nobody is left to answer, read or act. */
  readonly ended: boolean;
  /** A `config.json` was read: a name on no roster is a stranger. */
  readonly hasRoster: boolean;
  /** Everyone the files name: roster members, inbox owners, applicants, agents. */
  readonly members: ReadonlyMap<string, MemberFacts>;
  readonly inboxes: ReadonlyMap<string, InboxFacts>;
  readonly sentBy: (name: string) => readonly InboxMessage[];
  /** When a name first wrote (the time of the oldest message it sent; NaN: none with a time). */
  readonly firstSentAt: (name: string) => number;
  /** The answered handshakes: the same list while none changes, so what a detector derives from them alone can be kept. */
  readonly answered: readonly Handshake[];
  /** The unanswered ones as of the clock (abandoned once a side is gone or the team ended): the few the clock can change. */
  readonly unanswered: readonly Handshake[];
  readonly tasks: readonly TaskNode[];
  /** Each member's work, where a transcript of it was read (none with `--no-transcripts`). */
  readonly work: ReadonlyMap<string, WorkFacts>;
  /** What the team and each member spent, from the transcripts read. */
  readonly spending: Spending;
  /** What the team may spend, in dollars (`--budget`); null when there is no budget. */
  readonly budget: number | null;
}

/** On the team and able to act: not gone, and the team has not ended. */
export const isPresent = (facts: TeamFacts, name: string): boolean => {
  const member = facts.members.get(name);
  return !facts.ended && member !== undefined && !member.gone;
};

/** How long 2.1.330 takes to settle on its own: a message is lost only once it has waited this long (docs/internals/diagnoses.md). */
export const SETTLING_MS = 5_000;

/** When a message came: when teamtop saw it arrive, else its timestamp (it was there before teamtop looked). */
export { cameAt };

/**
 * Waiting to be taken: its recipient's transcript does not show it taken, or,
 * where no transcript of it is read, it is neither marked read nor gone from
 * its file (isTaken).
 */
export const isWaiting = isUnread;
