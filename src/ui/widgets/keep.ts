/**
 * What a frame's view models are kept as: a model that says what the last one
 * said is the last one, so React's `memo` skips drawing it again. Selectors
 * memoise on the identity of what they read (src/core/select/memo.ts); a
 * view model is made anew on every frame and compared by what it holds.
 */

/**
 * The value last kept under a key, while a new one is `equal` to it: what was
 * drawn from it is then not drawn again. Only one scope (a team) is kept at a
 * time, so what a team that left the screen held can go.
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
