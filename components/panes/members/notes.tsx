import React from 'react';
import { FittedLine } from '../../fitted-line.js';
import { fit } from '../../text.js';
import { palette, useTheme } from '../../theme.js';
import type { MemberPaneModel } from './model.js';

/** The lines under a bordered pane's info line: the agent's error, its figures. */
export function Notes({ pane, width }: { pane: MemberPaneModel; width: number }) {
  const { paint } = useTheme();
  return (
    <>
      {pane.notes.map((note, i) => (
        <FittedLine
          key={i}
          parts={[
            {
              text: fit(note.text, width),
              color: note.tone === 'danger' ? paint(palette.danger) : undefined,
              dimColor: note.tone === 'info',
            },
          ]}
          width={width}
        />
      ))}
    </>
  );
}
