import { isUnread, type InboxMessage } from './inbox.js';
import { sanitizeLine } from '../text/sanitize.js';
import { matcherOf } from '../text/search.js';

export interface MessageFilters {
  readonly showIdle: boolean;
  readonly protocolOnly: boolean;
  readonly unreadOnly: boolean;
  readonly member: string | null;
  /** Only messages that match this text (`/`); '' for all. */
  readonly search: string;
}

export const NO_FILTERS: MessageFilters = { showIdle: true, protocolOnly: false, unreadOnly: false, member: null, search: '' };

/** Compares every field, so a new one is never forgotten. */
export function sameFilters(a: MessageFilters, b: MessageFilters): boolean {
  return a === b || (Object.keys(a) as (keyof MessageFilters)[]).every((key) => a[key] === b[key]);
}

export function isFiltered(filters: MessageFilters): boolean {
  return !filters.showIdle || filters.protocolOnly || filters.unreadOnly || filters.member !== null || filters.search !== '';
}

/** What of a message a search looks in: who sent it and to whom, its summary, its line. */
export const messageFields = (message: InboxMessage): readonly string[] => [message.from, message.to, message.summary ?? '', message.text];

export function passes(message: InboxMessage, filters: MessageFilters): boolean {
  if (!filters.showIdle && message.kind === 'idle_notification') return false;
  if (filters.protocolOnly && message.kind === 'text') return false;
  if (filters.unreadOnly && !isUnread(message)) return false;
  if (filters.member !== null && message.from !== filters.member && message.to !== filters.member) return false;
  if (filters.search !== '' && !matcherOf(filters.search).any(messageFields(message))) return false;
  return true;
}

export function describeFilters(filters: MessageFilters): string[] {
  const notes: string[] = [];
  if (!filters.showIdle) notes.push('idle hidden');
  if (filters.protocolOnly) notes.push('protocol only');
  if (filters.unreadOnly) notes.push('unread only');
  // A member's name is the files' text: the footer and the timeline draw this as it is.
  if (filters.member !== null) notes.push(`only ${sanitizeLine(filters.member)}`);
  return notes;
}
