/** Clusters of a text of any length at a cost proportional to it: the segmenter sees only short slices (docs/internals/core.md). */

/** Grapheme break classes Extend, ZWJ, SpacingMark, Prepend, L, V, T, Regional_Indicator, and CR; a test checks them all. */
const JOINING_CLASS =
  String.raw`\p{M}\p{Cf}\r\p{Default_Ignorable_Code_Point}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Cs}` +
  String.raw`\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\u0E33\u0EB3\uFF9E\uFF9F\u0D4E` +
  String.raw`\u{111C2}\u{111C3}\u{113D1}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}\u{16D63}\u{16D67}-\u{16D6A}`;
const JOINING = new RegExp(`[${JOINING_CLASS}]`, 'gu');
const JOINING_HERE = new RegExp(`[${JOINING_CLASS}]`, 'uy');

export function mayJoin(text: string): boolean {
  JOINING.lastIndex = 0;
  return JOINING.test(text);
}

const segmenter = new Intl.Segmenter();
/** Code units the segmenter is given at once (more only for a single cluster longer than that). */
const SLICE = 256;

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

const sizeAt = (text: string, index: number) =>
  isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1)) ? 2 : 1;

function joinsAt(text: string, index: number): boolean {
  JOINING_HERE.lastIndex = index;
  return JOINING_HERE.test(text);
}

const startBefore = (text: string, index: number) =>
  isLowSurrogate(text.charCodeAt(index - 1)) && isHighSurrogate(text.charCodeAt(index - 2)) ? index - 2 : index - 1;

function windowEnd(text: string, index: number): number {
  let before = true;
  for (let at = index + sizeAt(text, index); at < text.length; at += sizeAt(text, at)) {
    const joins = joinsAt(text, at);
    if (!before && !joins) return at;
    before = joins;
  }
  return text.length;
}

/** A slice's last cluster may go on after it: the next slice starts where it did (no grapheme rule looks back across a boundary). */
function* segmentWindow(text: string, start: number, end: number): Generator<string> {
  for (let from = start, size = SLICE; from < end;) {
    let to = Math.min(end, from + size);
    if (isLowSurrogate(text.charCodeAt(to)) && isHighSurrogate(text.charCodeAt(to - 1))) to++;
    const slice = text.slice(from, to);
    let taken = from;
    for (const { segment, index } of segmenter.segment(slice)) {
      if (to < end && index + segment.length === slice.length) break;
      yield segment;
      taken = from + index + segment.length;
      // A long slice was taken for one long cluster: what follows it goes in short ones again.
      if (size > SLICE) break;
    }
    if (taken === from) {
      size *= 2;
    } else {
      from = taken;
      size = SLICE;
    }
  }
}

/** Code units searched for a joining code point at once: a reader that stops early reads no further. */
const SEARCH = 4096;

export function* clusterRuns(text: string): Generator<readonly [piece: string, run: boolean]> {
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + SEARCH);
    if (isLowSurrogate(text.charCodeAt(to)) && isHighSurrogate(text.charCodeAt(to - 1))) to++;
    JOINING.lastIndex = 0;
    const found = JOINING.exec(text.slice(from, to));
    if (!found) {
      if (to === text.length) {
        yield [text.slice(from), true];
        return;
      }
      // The last code point is held back: it may be the base of a joining one just after.
      const held = startBefore(text, to);
      yield [text.slice(from, held), true];
      from = held;
      continue;
    }
    const at = from + found.index;
    // The code point before a joining one may be its base: the segmenter starts there.
    const start = at > from ? startBefore(text, at) : from;
    if (start > from) yield [text.slice(from, start), true];
    const end = windowEnd(text, at);
    for (const cluster of segmentWindow(text, start, end)) yield [cluster, false];
    from = end;
  }
}

export function* graphemes(text: string): Generator<string> {
  for (const [piece, run] of clusterRuns(text)) {
    if (run) yield* piece;
    else yield piece;
  }
}

/** A cut through an emoji or a surrogate pair would print U+FFFD, or half a flag. */
export function cutGraphemes(text: string, length: number): string {
  if (text.length <= length) return text;
  let end = 0;
  for (const cluster of graphemes(text)) {
    if (end + cluster.length > length) break;
    end += cluster.length;
  }
  return text.slice(0, end);
}
