/**
 * Lists whose length the user's files decide. `list.push(...items)` and
 * `Math.max(...values)` put every element on the stack as an argument, and
 * throw `RangeError: Maximum call stack size exceeded` past about 120,000 of
 * them (an inbox of 200,000 messages did): these loop instead. The lint rule
 * `no-restricted-syntax` keeps spread arguments out of src/ and src/ui/.
 */

export function append<T>(list: T[], items: Iterable<T>): void {
  for (const item of items) list.push(item);
}

/** Past `most` keys, the least recently set goes. */
export function putLatest<V>(map: Map<string, V>, key: string, value: V, most: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value!);
}

export function maxOf(values: Iterable<number>, floor = Number.NEGATIVE_INFINITY): number {
  let max = floor;
  for (const value of values) max = Math.max(max, value);
  return max;
}

export function minOf(values: Iterable<number>, ceiling = Number.POSITIVE_INFINITY): number {
  let min = ceiling;
  for (const value of values) min = Math.min(min, value);
  return min;
}
