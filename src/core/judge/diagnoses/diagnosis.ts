/**
 * A diagnosis: one thing wrong with a team, named in a line with its evidence
 * and what usually unblocks it. Each kind is found by its own detector, a pure
 * function of the team's facts as of an instant (see registry.ts).
 */
import type { InboxMessage } from '../../model/inbox.js';
import type { TaskNode } from '../../model/task-graph.js';
import type { TeamFacts } from './facts.js';

/** `warning`: it blocks work. `info`: worth knowing, nothing waits on it. */
export type Severity = 'warning' | 'info';

/** What a diagnosis rests on, each by its id and time, so a view can open it. */
export type Evidence =
  | {
      readonly kind: 'message';
      /** Its `msg_id`, else `<inbox>/<from>@<timestamp>`. */
      readonly ref: string;
      readonly at: number;
      readonly message: InboxMessage;
    }
  /** A task (its id), a member (its name) or an inbox (its owner's name). */
  | { readonly kind: 'task' | 'member' | 'inbox'; readonly ref: string; readonly at: number };

export interface Diagnosis {
  /** `<kind>:<subject>`: the same problem keeps its id for as long as it lasts. */
  readonly id: string;
  readonly kind: string;
  readonly severity: Severity;
  /**
   * What it is about (`handshake:<request id>`, `member:<name>`…). Kinds that
   * explain the same thing share a subject, and the first in the registry, the
   * most specific, is the one said.
   */
  readonly subject: string;
  /** The members it is about, the one that has to act first. */
  readonly members: readonly string[];
  /** Since when (epoch ms); NaN when the files do not say. */
  readonly since: number;
  /** What is wrong, in one line. */
  readonly summary: string;
  /** What usually unblocks it, in one line. */
  readonly action: string;
  /** Oldest first. */
  readonly evidence: readonly Evidence[];
}

export interface Detector {
  readonly kind: string;
  /** This kind's diagnoses of the team as of `facts.clock`. */
  detect(facts: TeamFacts): Diagnosis[];
}

/** A diagnosis of `kind` about `subject`. */
export const diagnosis = (kind: string, subject: string, fields: Omit<Diagnosis, 'id' | 'kind' | 'subject'>): Diagnosis => ({
  id: `${kind}:${subject}`,
  kind,
  subject,
  ...fields,
});

/** The most evidence one diagnosis lists: the first and the latest, for a loop that went on for hours. */
const MAX_EVIDENCE = 20;

/** A message's id for a reader: its `msg_id`, else where and when it was written. */
export function messageRef(message: InboxMessage): string {
  // A key is the msg_id when the message has one; without, it holds the message's text.
  return message.key.includes('\u0000') ? `${message.to}/${message.from}@${message.timestamp}` : message.key;
}

export const messageEvidence = (message: InboxMessage): Evidence => ({
  kind: 'message',
  ref: messageRef(message),
  at: message.time,
  message,
});

export const taskEvidence = (task: Pick<TaskNode, 'id'>): Evidence => ({ kind: 'task', ref: task.id, at: Number.NaN });
export const memberEvidence = (name: string, at: number): Evidence => ({ kind: 'member', ref: name, at });
export const inboxEvidence = (owner: string, at: number): Evidence => ({ kind: 'inbox', ref: owner, at });

/** At most MAX_EVIDENCE messages as evidence: the first ones and the latest ones of a long run. */
export function messagesEvidence(messages: readonly InboxMessage[]): Evidence[] {
  const shown =
    messages.length <= MAX_EVIDENCE
      ? messages
      : [...messages.slice(0, MAX_EVIDENCE / 2), ...messages.slice(messages.length - MAX_EVIDENCE / 2)];
  return shown.map(messageEvidence);
}

/** Evidence oldest first; what has no time goes last. */
export const oldestFirst = (evidence: readonly Evidence[]): Evidence[] =>
  [...evidence].sort((a, b) => (Number.isNaN(a.at) ? 1 : 0) - (Number.isNaN(b.at) ? 1 : 0) || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

/** `a`, `a and b`, `a, b and c` (or `or`). */
export function listed(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]!}`;
}

/** Each name once, in first-seen order. */
export const unique = (names: Iterable<string>): string[] => [...new Set(names)];

/** Task ids as the task list shows them: `#1`, `#1 and #2`. */
export const taskIds = (ids: readonly string[]): string => listed(ids.map((id) => `#${id}`));

/** What a request is called in a sentence. */
export function requestName(kind: string): string {
  switch (kind) {
    case 'shutdown':
      return 'shutdown request';
    case 'permission':
      return 'permission request';
    case 'plan_approval':
      return 'plan approval request';
    case 'sandbox_permission':
      return 'sandbox access request';
    case 'join':
      return 'join request';
    default:
      return `${kind} request`;
  }
}
