/** A diagnosis names one thing wrong with a team in a line, with its evidence and what usually unblocks it. */
import type { InboxMessage } from '../../model/inbox.js';
import { messageRef, type Diagnosis, type Evidence } from '../../model/diagnosis.js';
import { listed } from '../../text/words.js';
import type { TaskNode } from '../../model/task-graph.js';
import type { TeamFacts } from './facts.js';

export interface Detector {
  readonly kind: string;
  /** This kind's diagnoses of the team as of `facts.clock`. */
  detect(facts: TeamFacts): Diagnosis[];
}

export const diagnosis = (kind: string, subject: string, fields: Omit<Diagnosis, 'id' | 'kind' | 'subject'>): Diagnosis => ({
  id: `${kind}:${subject}`,
  kind,
  subject,
  ...fields,
});

/** The most evidence one diagnosis lists: the first and the latest, for a loop that went on for hours. */
const MAX_EVIDENCE = 20;

export const messageEvidence = (message: InboxMessage): Evidence => ({
  kind: 'message',
  ref: messageRef(message),
  at: message.time,
  message,
});

export const taskEvidence = (task: Pick<TaskNode, 'id'>): Evidence => ({ kind: 'task', ref: task.id, at: Number.NaN });
export const memberEvidence = (name: string, at: number): Evidence => ({ kind: 'member', ref: name, at });
export const inboxEvidence = (owner: string, at: number): Evidence => ({ kind: 'inbox', ref: owner, at });

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

export const unique = (names: Iterable<string>): string[] => [...new Set(names)];

/** Task ids as the task list shows them: `#1`, `#1 and #2`. */
export const taskIds = (ids: readonly string[]): string => listed(ids.map((id) => `#${id}`));

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
