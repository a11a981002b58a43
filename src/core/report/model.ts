import type { HandshakeState } from '../model/handshakes.js';
import type { MemberStatus } from '../model/member-status.js';
import type { RosterStay } from '../model/roster.js';
import type { TaskState } from '../model/task-graph.js';
import type { ActivitySpan } from './activity.js';
import type { Incident } from '../model/diagnosis.js';
import type { Idle } from '../model/idle.js';
import type { MemberUsage, TeamUsage } from '../model/usage.js';

/** A member's tokens, context and cost as the dashboard shows them (`selectUsage`): null when none of its transcripts was read or recorded. */
export type { MemberUsage, TeamUsage } from '../model/usage.js';

export interface ReportMember {
  readonly name: string;
  readonly isLead: boolean;
  readonly agentType: string;
  readonly model: string | null;
  /** The configured colour name (`blue`, `green`…), else the one its messages carry. */
  readonly color: string | null;
  readonly backendType: string | null;
  /** Its status at the report's instant, as the dashboard shows it. */
  readonly status: MemberStatus;
  /** Its stays on the roster, oldest first; none for a name no roster listed. A NaN `leftAt`: listed to the end. */
  readonly stays: readonly RosterStay[];
  /** When it worked and idled, oldest first (none for the lead: it writes no idle notices). */
  readonly activity: readonly ActivitySpan[];
  readonly sent: number;
  readonly received: number;
  readonly usage: MemberUsage | null;
}

export interface ReportMessage {
  /** Its `msg_id`, else `<inbox>/<from>@<timestamp>`. */
  readonly ref: string;
  readonly at: number;
  readonly from: string;
  readonly to: string;
  /** `text`, or its protocol type (`idle_notification`…). */
  readonly kind: string;
  readonly protocol: boolean;
  /** Its one-line rendering, cut. */
  readonly text: string;
  /** When its recipient took it (NaN: never, or not known when). */
  readonly takenAt: number;
}

/** The mail one member sent another. */
export interface MessagePair {
  readonly from: string;
  readonly to: string;
  readonly count: number;
  readonly plain: number;
  readonly protocol: number;
  /** Protocol messages by type, most first. */
  readonly kinds: readonly { readonly kind: string; readonly count: number }[];
}

export interface ReportHandshake {
  readonly kind: string;
  readonly requestId: string;
  readonly from: string;
  readonly to: string;
  /** NaN for an answer whose request was never seen. */
  readonly requestedAt: number;
  /** Every answer, oldest first. */
  readonly answers: readonly { readonly state: 'approved' | 'rejected'; readonly at: number; readonly from: string }[];
  /** From the request to its first answer (ms); null while unanswered or when either time is unknown. */
  readonly waitedMs: number | null;
  /** As of the report's instant. */
  readonly state: HandshakeState;
  /** Its key fact: the tool and description, the shutdown reason, the plan's first line. */
  readonly fact: string;
}

export interface ReportTask {
  readonly id: string;
  readonly subject: string;
  readonly owner: string | null;
  readonly status: string;
  readonly state: TaskState;
}

export interface RunReport {
  readonly team: string;
  readonly description: string | null;
  /** The report's instant (teamtop's clock): handshake states and diagnoses are as of then. */
  readonly at: number;
  /** When it began: its config's `createdAt`, else its first join or message. */
  readonly startedAt: number;
  /** When it ended: the last change seen before its folder went; null while it runs. */
  readonly endedAt: number | null;
  /** The end of its time axis: `endedAt`, or the report's instant while it runs. */
  readonly until: number;
  /** A team still there, unchanged for a day as of the report's instant (an old capture read today): for the `--now` hint. Null when it ended or is at work. */
  readonly idle: Idle | null;
  /** The members' sums, as the dashboard's header shows them; null when no member's usage is known. */
  readonly usage: TeamUsage | null;
  /** Everyone the files name: roster members first (lead first), then inbox owners no roster listed. */
  readonly members: readonly ReportMember[];
  readonly messages: readonly ReportMessage[];
  /** Most first. */
  readonly pairs: readonly MessagePair[];
  /** Oldest request first. */
  readonly handshakes: readonly ReportHandshake[];
  readonly tasks: {
    readonly done: readonly ReportTask[];
    /** Open (pending, in progress) when the report was made. */
    readonly left: readonly ReportTask[];
    /** Deleted before they were done. */
    readonly dropped: readonly ReportTask[];
  };
  /** Oldest first. */
  readonly incidents: readonly Incident[];
}

/** From start to end (ms); NaN when the start is unknown. */
export const durationOf = (report: Pick<RunReport, 'startedAt' | 'until'>): number => report.until - report.startedAt;
