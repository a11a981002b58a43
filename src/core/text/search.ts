/**
 * The search (`/`): text matched as a substring, with smart case as vim and
 * ripgrep have it: a query in lower case matches any case, one with a capital
 * letter matches its case exactly.
 */

export interface Matcher {
  readonly query: string;
  /** Whether `text` holds the query. */
  test(text: string): boolean;
  /** Whether one of `texts` holds it. */
  any(texts: readonly string[]): boolean;
  /** Where it is in `text`: each match's start and end, in UTF-16 units, in order, none overlapping. */
  ranges(text: string): readonly (readonly [number, number])[];
}

function makeMatcher(query: string): Matcher {
  const exact = query !== query.toLowerCase();
  const needle = exact ? query : query.toLowerCase();
  // toLowerCase keeps the length of all but a few characters (İ): those are matched as they are.
  const fold = (text: string): string => {
    if (exact) return text;
    const lower = text.toLowerCase();
    return lower.length === text.length ? lower : text;
  };
  const test = (text: string) => needle !== '' && fold(text).includes(needle);
  return {
    query,
    test,
    any: (texts) => texts.some(test),
    ranges: (text) => {
      if (needle === '') return [];
      const haystack = fold(text);
      const found: (readonly [number, number])[] = [];
      for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length))
        found.push([at, at + needle.length]);
      return found;
    },
  };
}

let last: Matcher = makeMatcher('');

/** The matcher of `query`; the same one while the query is (a list filtered calls this once per item). */
export function matcherOf(query: string): Matcher {
  if (last.query !== query) last = makeMatcher(query);
  return last;
}
