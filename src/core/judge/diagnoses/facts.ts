/**
 * What the detectors read: a team's facts as of one instant, in domain terms.
 * The store gathers them (src/core/judge/diagnose.ts); the detectors are pure
 * functions of them.
 */
import { DEFAULT_THRESHOLDS, quietAt, stallsAt, type Thresholds } from '../../model/settings.js';
import type { Handshake } from '../../model/handshakes.js';
import { cameAt, isUnread, type InboxMessage } from '../../model/inbox.js';
import type { MemberStatus } from '../../model/member-status.js';
import type { RosterStay } from '../../model/roster.js';
import type { TaskNode } from '../../model/task-graph.js';
import type { WorkFacts } from '../../select/work.js';

export interface MemberFacts {
  readonly name: string;
  readonly isLead: boolean;
  /** As the dashboard shows it (not judged quiet: quiet is working). */
  readonly status: MemberStatus;
  readonly agentType: string;
  /** Some roster teamtop read listed it, it wrote, it asked to join, or its runner keeps records of it: it exists. */
  readonly known: boolean;
  /** The latest roster lists it. */
  readonly listed: boolean;
  /** It has shut down or left the roster (the team's end aside: see TeamFacts.ended). */
  readonly gone: boolean;
  /** When it went: it approved its shutdown or was seen leaving the roster, whichever came first (NaN: not gone, or not known when). */
  readonly goneAt: number;
  /** Its approval of its newest shutdown request since it last joined (null: it has not approved one). */
  readonly approval: InboxMessage | null;
  /** Every stay on the roster, oldest first. */
  readonly stays: readonly RosterStay[];
}

export interface InboxFacts {
  /** Every message ever seen in it, oldest first (those gone from the file are `delivered`). */
  readonly messages: readonly InboxMessage[];
  /** The file is there. */
  readonly exists: boolean;
  /** Its messages not taken yet, oldest first (in the file unread, or gone from it and not taken by a model whose transcript is read). */
  readonly waiting: readonly InboxMessage[];
  /** When its owner last took a message, as far as the files say: the latest arrival of one read or gone, or its going (NaN: never). */
  readonly lastTaken: number;
}

/**
 * An instant to judge against, which notes when a judgement made on it would
 * change: a follower wakes up then, not on a timer.
 */
export class Clock {
  private due = Number.POSITIVE_INFINITY;

  constructor(
    readonly now: number,
    private readonly thresholds: Thresholds = DEFAULT_THRESHOLDS,
  ) {}

  /** Whether `ms` have passed since `since` (exactly `ms` counts, as for stalls); if not yet, when they will is noted. */
  passed(since: number, ms: number): boolean {
    return this.reached(since, (from) => from + ms);
  }

  /** Whether what began at `since` (a request, mail waiting) is stalled by now. */
  stalled(since: number): boolean {
    return this.reached(since, (from) => stallsAt(from, this.thresholds));
  }

  /** Whether a member whose last sign of life was at `since` is quiet by now. */
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

  /** The next instant at which a judgement made on this clock would change (Infinity: none would). */
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
  /** What a name sent, wherever it went, oldest first. */
  sentBy(name: string): readonly InboxMessage[];
  /** When a name first wrote (the time of the oldest message it sent; NaN: none with a time). */
  firstSentAt(name: string): number;
  /**
   * The handshakes with an answer, judged once: the same list while no
   * handshake changes, so what a detector works out of them alone can be kept.
   */
  readonly answered: readonly Handshake[];
  /**
   * Those with no answer yet, judged as of the clock (one with a side that is
   * gone, or of an ended team, is abandoned): the few the clock can change,
   * among a long run's thousands.
   */
  readonly unanswered: readonly Handshake[];
  readonly tasks: readonly TaskNode[];
  /** Each member's work, where a transcript of it was read (none with `--no-transcripts`). */
  readonly work: ReadonlyMap<string, WorkFacts>;
}

/** On the team and able to act: not gone, and the team has not ended. */
export const isPresent = (facts: TeamFacts, name: string): boolean => {
  const member = facts.members.get(name);
  return !facts.ended && member !== undefined && !member.gone;
};

/**
 * What 2.1.330 settles on its own within a moment: an in-process teammate
 * messaged after it left comes back, the lead reads what a teammate wrote as
 * it approved its shutdown. A message is lost only once it has waited this long.
 */
export const SETTLING_MS = 5_000;

/** When a message came: when teamtop saw it arrive, else its timestamp (it was there before teamtop looked). */
export { cameAt };

/**
 * Waiting to be taken: its recipient's transcript does not show it taken, or,
 * where no transcript of it is read, it is neither marked read nor gone from
 * its file (isTaken).
 */
export const isWaiting = isUnread;
