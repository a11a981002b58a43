/**
 * Memoisation on identity: the state is immutable, so a selector whose input is
 * the same object returns the same result, and what is drawn from it is not
 * drawn again.
 */
import { weakMapMemoize } from 'reselect';
import type { InboxMessage } from '../model/inbox.js';
import type { InboxHistory } from '../facts/index.js';

/**
 * Memoise a one-argument function on the identity of its (object) argument:
 * reselect's weakMapMemoize, handed that argument alone (it keys on every
 * argument it is given: a callback of `map` is given three).
 */
export function memoize<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const memoized = weakMapMemoize(compute);
  return (key) => memoized(key);
}

/**
 * Memoise a fold over an inbox's messages. A version that grew from another
 * (see `InboxHistory.grewFrom`) extends that one's result with the messages it
 * added, so a selector costs the same at 10 or 10,000 messages. A message it
 * replaced (delivered, marked read) is handed to `replace` with the one it
 * replaced; without `replace`, or when it returns undefined, the fold starts over.
 */
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

/** Two lists of the same length whose items are equal one by one. */
export const sameList = <T>(a: readonly T[], b: readonly T[], equal: (x: T, y: T) => boolean): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => equal(item, b[i]!)));
