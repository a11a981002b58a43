/**
 * A list as the user asked for it: narrowed to what the search matches (`/`),
 * sorted by a column (`S`). Each is worked out once per list and query or
 * order, so a frame that changed neither finds the same array (and the keys
 * and memoised rows built on it).
 */
import { matcherOf } from '../../core/text/search.js';
import type { SortOrder } from '../keys/view-state.js';

/** `items` narrowed to those one of whose `fields` holds the search; the same array with no search. */
export function narrower<T>(fields: (item: T) => readonly string[]): (items: readonly T[], search: string) => readonly T[] {
  const cache = new WeakMap<readonly T[], { readonly search: string; readonly items: readonly T[] }>();
  return (items, search) => {
    if (search === '') return items;
    const hit = cache.get(items);
    if (hit?.search === search) return hit.items;
    const matcher = matcherOf(search);
    const found = items.filter((item) => matcher.any(fields(item)));
    cache.set(items, { search, items: found });
    return found;
  };
}

/** How to order a list by each column: ties keep the order the list came in. */
export type SortKeys<T> = Readonly<Record<Exclude<SortOrder, 'default'>, (a: T, b: T) => number>>;

/** `items` in `order` (as they came for the default); the same array each time for the same list and order. */
export function sorter<T>(keys: SortKeys<T>): (items: readonly T[], order: SortOrder) => readonly T[] {
  const cache = new WeakMap<readonly T[], Map<SortOrder, readonly T[]>>();
  return (items, order) => {
    if (order === 'default') return items;
    let sorted = cache.get(items);
    if (!sorted) {
      sorted = new Map<SortOrder, readonly T[]>();
      cache.set(items, sorted);
    }
    let list = sorted.get(order);
    if (!list) sorted.set(order, (list = [...items].sort(keys[order])));
    return list;
  };
}

/** Names in order, what has none last. */
export const byName = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** What a pane's title says of its order: ` · by state`, and the key that changes it. */
export const orderNote = (order: SortOrder, key: string | null): string =>
  order === 'default' ? '' : ` · by ${order}${order === 'age' ? ', oldest first' : ''}${key ? ` (${key})` : ''}`;
