/**
 * Filters shared by the inboxes and the timeline.
 */
import { isUnread, type InboxMessage } from './inbox.js';

export interface MessageFilters {
  readonly showIdle: boolean;
  readonly protocolOnly: boolean;
  readonly unreadOnly: boolean;
  /** Only messages from or to this member. */
  readonly member: string | null;
}

export const NO_FILTERS: MessageFilters = { showIdle: true, protocolOnly: false, unreadOnly: false, member: null };

/** Whether two sets of filters let the same messages through (every field, so a new one is never forgotten). */
export function sameFilters(a: MessageFilters, b: MessageFilters): boolean {
  return a === b || (Object.keys(a) as (keyof MessageFilters)[]).every((key) => a[key] === b[key]);
}

export function isFiltered(filters: MessageFilters): boolean {
  return !filters.showIdle || filters.protocolOnly || filters.unreadOnly || filters.member !== null;
}

export function passes(message: InboxMessage, filters: MessageFilters): boolean {
  if (!filters.showIdle && message.kind === 'idle_notification') return false;
  if (filters.protocolOnly && message.kind === 'text') return false;
  if (filters.unreadOnly && !isUnread(message)) return false;
  if (filters.member !== null && message.from !== filters.member && message.to !== filters.member) return false;
  return true;
}

/** Words for the footer: what is hidden right now. */
export function describeFilters(filters: MessageFilters): string[] {
  const notes: string[] = [];
  if (!filters.showIdle) notes.push('idle hidden');
  if (filters.protocolOnly) notes.push('protocol only');
  if (filters.unreadOnly) notes.push('unread only');
  if (filters.member !== null) notes.push(`only ${filters.member}`);
  return notes;
}
