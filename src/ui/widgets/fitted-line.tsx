import { Text } from 'ink';
import React from 'react';
import { fitParts } from '../../core/text/fit.js';

/** A piece of a line in its own style. Its text is safe already: fitted, sanitised, or our own words. */
export interface Part {
  readonly text: string;
  readonly color?: string | undefined;
  readonly bold?: boolean;
  readonly dimColor?: boolean;
  readonly inverse?: boolean;
}

interface FittedLineProps {
  readonly parts: readonly Part[];
  /** Columns the line may take: it is cut here, at a cluster boundary, never by Ink. */
  readonly width: number;
  readonly inverse?: boolean;
  readonly bold?: boolean;
}

/** One line of styled pieces, cut to `width`: Ink's own cut keeps a wide character across the edge (a backstop only). */
export function FittedLine({ parts, width, inverse, bold }: FittedLineProps) {
  const texts = fitParts(
    parts.map((part) => part.text),
    width,
  );
  return (
    <Text wrap="truncate-end" inverse={inverse} bold={bold}>
      {parts.map((part, i) =>
        texts[i] ? (
          <Text key={i} color={part.color} bold={part.bold} dimColor={part.dimColor} inverse={part.inverse}>
            {texts[i]}
          </Text>
        ) : null,
      )}
    </Text>
  );
}
