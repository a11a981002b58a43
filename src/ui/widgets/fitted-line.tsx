import { Text } from 'ink';
import React, { createContext, useContext } from 'react';
import { fitParts } from '../../core/text/fit.js';
import { matcherOf } from '../../core/text/search.js';
import { useTheme, type MatchStyle } from './theme.js';

/** A piece of a line in its own style. Its text is safe already: fitted, sanitised, or our own words. */
export interface Part {
  readonly text: string;
  readonly color?: string | undefined;
  readonly backgroundColor?: string | undefined;
  readonly bold?: boolean;
  readonly dimColor?: boolean;
  readonly inverse?: boolean;
  readonly underline?: boolean;
}

/** The search on screen (`/`): the rows of the lists mark where it matches. */
export const SearchContext = createContext('');

interface FittedLineProps {
  readonly parts: readonly Part[];
  /** Columns the line may take: it is cut here, at a cluster boundary, never by Ink. */
  readonly width: number;
  readonly inverse?: boolean;
  readonly bold?: boolean;
  /** A row of a list: where the search matches it is marked. */
  readonly marks?: boolean;
}

/** A part cut where the search matches, each match in the match's style. */
function marked(part: Part, search: string, style: MatchStyle): Part[] {
  const ranges = matcherOf(search).ranges(part.text);
  if (ranges.length === 0) return [part];
  const pieces: Part[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) pieces.push({ ...part, text: part.text.slice(at, start) });
    pieces.push({ ...part, ...style, dimColor: false, text: part.text.slice(start, end) });
    at = end;
  }
  if (at < part.text.length) pieces.push({ ...part, text: part.text.slice(at) });
  return pieces;
}

/** Two parts that draw the same: parts are made anew each frame. */
export const samePart = (a: Part, b: Part): boolean =>
  a.text === b.text &&
  a.color === b.color &&
  a.backgroundColor === b.backgroundColor &&
  a.bold === b.bold &&
  a.dimColor === b.dimColor &&
  a.inverse === b.inverse &&
  a.underline === b.underline;

/** Lines that say the same in the same style: parts are made anew each frame, so they are compared by value. */
export const sameLine = (a: FittedLineProps, b: FittedLineProps): boolean =>
  a.width === b.width &&
  a.inverse === b.inverse &&
  a.bold === b.bold &&
  a.marks === b.marks &&
  a.parts.length === b.parts.length &&
  a.parts.every((part, i) => samePart(part, b.parts[i]!));

/** One line of styled pieces, cut to `width`: Ink's own cut keeps a wide character across the edge (a backstop only). */
export const FittedLine = React.memo(function FittedLine({ parts, width, inverse, bold, marks = false }: FittedLineProps) {
  const { dim, match } = useTheme();
  const search = useContext(SearchContext);
  const texts = fitParts(
    parts.map((part) => part.text),
    width,
  );
  const fitted = parts.flatMap((part, i) => (texts[i] ? [{ ...part, text: texts[i] }] : []));
  const shown = marks && search !== '' ? fitted.flatMap((part) => marked(part, search, match)) : fitted;
  return (
    <Text wrap="truncate-end" inverse={inverse} bold={bold}>
      {shown.map((part, i) => (
        <Text
          key={i}
          color={part.color}
          backgroundColor={part.backgroundColor}
          bold={part.bold}
          dimColor={dim && part.dimColor}
          inverse={part.inverse}
          underline={part.underline}
        >
          {part.text}
        </Text>
      ))}
    </Text>
  );
}, sameLine);
