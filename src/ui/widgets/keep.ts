/**
 * The value last kept under `key` while a new one is `equal` to it, so React's `memo` skips drawing it again
 * (view models are made anew each frame). One scope (a team) is kept at a time: a team that left can go.
 */
export function keeper<T>(equal: (a: T, b: T) => boolean): (scope: string, key: string, value: T) => T {
  let current: string | undefined;
  let kept = new Map<string, T>();
  return (scope, key, value) => {
    if (scope !== current) {
      current = scope;
      kept = new Map();
    }
    const previous = kept.get(key);
    if (previous !== undefined && equal(previous, value)) return previous;
    kept.set(key, value);
    return value;
  };
}
