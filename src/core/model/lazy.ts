/** What `make` makes, made at the first call: an `Intl` object costs milliseconds to make, too many as teamtop starts (docs/speed.md). */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
