/** Memoisation on identity: the state is immutable, so the same input gives the same result and nothing is drawn again. */
import { weakMapMemoize } from 'reselect';
import type { InboxMessage } from '../model/inbox.js';
import type { InboxHistory } from '../facts/index.js';

/** Memoise on the identity of the one argument: weakMapMemoize keys on every argument it gets (a `map` callback gets three). */
export function memoize<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const memoized = weakMapMemoize(compute);
  return (key) => memoized(key);
}

/** A fold over an inbox's messages that a grown version (`grewFrom`) extends; a replaced one goes to `replace`, else it starts over. */
export function memoizeGrowing<V>(
  fold: (messages: readonly InboxMessage[], start: number, base: V | undefined) => V,
  replace?: (base: V, before: InboxMessage, after: InboxMessage) => V | undefined,
): (inbox: InboxHistory) => V {
  const cache = new WeakMap<readonly InboxMessage[], V>();
  return ({ messages, grewFrom, replaced }) => {
    if (cache.has(messages)) return cache.get(messages)!;
    let base = grewFrom && cache.has(grewFrom) ? cache.get(grewFrom) : undefined;
    for (const position of replaced ?? []) {
      // Added since, then changed: it is folded as added.
      if (base === undefined || position >= grewFrom!.length) continue;
      base = replace?.(base, grewFrom![position]!, messages[position]!);
    }
    const value = fold(messages, base === undefined ? 0 : grewFrom!.length, base);
    cache.set(messages, value);
    return value;
  };
}

/** Two objects with the same keys holding the same values (`Object.is`: a NaN time is the same NaN time). */
export function shallowEqual<T extends object>(a: T | null, b: T | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

export const sameList = <T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => equal(item, b[i]!)));
