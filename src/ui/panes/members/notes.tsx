import React from 'react';
import { FittedLine } from '../../widgets/fitted-line.js';
import { fit, stringWidth } from '../../../core/text/fit.js';
import { palette, useTheme } from '../../widgets/theme.js';
import { sameList, shallowEqual } from '../../../core/select/memo.js';
import type { PaneNote } from './model.js';

const NOTE_COLORS = { danger: palette.danger, warning: palette.warning, plain: undefined, info: undefined } as const;

/** A note fitted to the width, its tail (how long) kept whole. */
function noteText(note: PaneNote, width: number): string {
  const tail = note.tail ?? '';
  return `${fit(note.text, Math.max(0, width - stringWidth(tail)))}${tail}`;
}

interface NotesProps {
  readonly notes: readonly PaneNote[];
  readonly width: number;
}

/** The same notes: the pane's model is new whenever its title's age moves. */
export const sameNotes = (a: readonly PaneNote[], b: readonly PaneNote[]): boolean => sameList(a, b, shallowEqual);

/** The lines under a bordered pane's info line: what the member does now, the agent's error, its figures; drawn again only when one reads otherwise. */
export const Notes = React.memo(
  function Notes({ notes, width }: NotesProps) {
    const { paint } = useTheme();
    return (
      <>
        {notes.map((note, i) => {
          const color = NOTE_COLORS[note.tone];
          return (
            <FittedLine
              key={i}
              parts={[{ text: noteText(note, width), color: color ? paint(color) : undefined, dimColor: note.tone === 'info' }]}
              width={width}
            />
          );
        })}
      </>
    );
  },
  (a, b) => a.width === b.width && sameNotes(a.notes, b.notes),
);
