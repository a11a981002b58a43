import React from 'react';
import { FittedLine } from '../../widgets/fitted-line.js';
import { fit, stringWidth } from '../../../core/text/fit.js';
import { palette, useTheme } from '../../widgets/theme.js';
import type { MemberPaneModel, PaneNote } from './model.js';

const NOTE_COLORS = { danger: palette.danger, warning: palette.warning, plain: undefined, info: undefined } as const;

/** A note fitted to the width, its tail (how long) kept whole. */
function noteText(note: PaneNote, width: number): string {
  const tail = note.tail ?? '';
  return `${fit(note.text, Math.max(0, width - stringWidth(tail)))}${tail}`;
}

/** The lines under a bordered pane's info line: what the member does now, the agent's error, its figures. */
export function Notes({ pane, width }: { pane: MemberPaneModel; width: number }) {
  const { paint } = useTheme();
  return (
    <>
      {pane.notes.map((note, i) => {
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
}
