import { byTime, type InboxMessage } from '../model/inbox.js';
import { isFiltered, passes, sameFilters, type MessageFilters } from '../model/message-filter.js';
import { buildTimeline, type TimelineEntry } from '../model/timeline.js';
import type { InboxHistory, TeamState } from '../facts/index.js';
import { memoize } from './memo.js';

/** Every message of the team, oldest first: each inbox is in time order already, so they are merged, not sorted. */
export const selectTeamMessages = memoize((inboxes: TeamState['inboxes']): InboxMessage[] => {
  const lists = [...inboxes.values()].map((inbox) => inbox.messages).filter((list) => list.length > 0);
  const heads = lists.map(() => 0);
  const all: InboxMessage[] = [];
  for (;;) {
    let pick = -1;
    for (let i = 0; i < lists.length; i++) {
      if (heads[i]! < lists[i]!.length && (pick < 0 || byTime(lists[i]![heads[i]!]!, lists[pick]![heads[pick]!]!) < 0)) pick = i;
    }
    if (pick < 0) return all;
    all.push(lists[pick]![heads[pick]!++]!);
  }
});

export const selectTimeline = memoize((inboxes: TeamState['inboxes']): TimelineEntry[] => buildTimeline(selectTeamMessages(inboxes)));

function memoizeFiltered<K extends object, V>(compute: (key: K, filters: MessageFilters) => V) {
  const cache = new WeakMap<K, { filters: MessageFilters; value: V }>();
  return (key: K, filters: MessageFilters): V => {
    const hit = cache.get(key);
    if (hit && sameFilters(hit.filters, filters)) return hit.value;
    const value = compute(key, filters);
    cache.set(key, { filters, value });
    return value;
  };
}

/** An inbox's history, oldest first, with what the filters hide left out (the same array while nothing is hidden). */
export const selectInboxMessages = memoizeFiltered((inbox: InboxHistory, filters: MessageFilters): readonly InboxMessage[] =>
  isFiltered(filters) ? inbox.messages.filter((message) => passes(message, filters)) : inbox.messages,
);

const filterTimeline = memoizeFiltered((entries: readonly TimelineEntry[], filters: MessageFilters) =>
  entries.filter((entry) => entry.copies.some((copy) => passes(copy, filters))),
);

/** The timeline with what the filters hide left out: a broadcast stays while one of its copies passes. */
export const selectTimelineEntries = (inboxes: TeamState['inboxes'], filters: MessageFilters): readonly TimelineEntry[] =>
  filterTimeline(selectTimeline(inboxes), filters);
