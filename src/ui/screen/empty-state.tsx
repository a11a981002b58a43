import { Box, Text } from 'ink';
import React from 'react';
import { palette, useTheme } from '../widgets/theme.js';
import { ELLIPSIS, fit, stringWidth, tildify, wrapWords } from '../../core/text/fit.js';
import { emptyNote, emptyTitle, type ConfigDirLook } from '../../core/model/config-dir.js';

/** A paragraph of the empty state: its text, and whether it gives way before the others when rows are short. */
interface Paragraph {
  readonly text: string;
  /** Lower goes first. */
  readonly keep: number;
}

interface EmptyStateProps {
  readonly claudeDir: string;
  /** What is wrong with the config dir itself (not there, a file), said instead of where teamtop watches. */
  readonly dirProblem: string | undefined;
  /** Replaying a recording: nothing is watched, and the advice is about the recording. */
  readonly replay: boolean;
  /** What the config dir holds, for what is said of it (undefined: not looked at). */
  readonly look?: ConfigDirLook | undefined;
  readonly now: number;
  readonly width: number;
  readonly rows: number | undefined;
}

function paragraphs({ claudeDir, dirProblem, replay, look, now }: EmptyStateProps): { title: string; body: Paragraph[] } {
  if (replay)
    return {
      title: 'No team at this point of the recording',
      body: [{ text: 'Its teams show as it plays: space plays or pauses, > jumps to its end.', keep: 2 }],
    };
  const dir = tildify(claudeDir);
  const note = dirProblem ? undefined : emptyNote(dir, look && { ...look, meant: look.meant === null ? null : tildify(look.meant) }, now);
  return {
    title: dirProblem ? emptyTitle(undefined) : emptyTitle(look),
    body: [
      ...(note === undefined ? [] : [{ text: note, keep: 4 }]),
      {
        text: dirProblem
          ? `${dirProblem}. teamtop watches for it: its teams show here once it is there.`
          : `Watching ${dir}/teams and ${dir}/tasks.`,
        keep: 3,
      },
      {
        text:
          'A team appears here as soon as a Claude Code lead creates one (the TeamCreate tool; agent teams are enabled with ' +
          'CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1). Nothing needs restarting: teamtop picks it up live.',
        keep: 1,
      },
      { text: 'Another config dir? Use --dir or set CLAUDE_CONFIG_DIR. To see a team without Claude Code: teamtop demo.', keep: 2 },
    ],
  };
}

/** The last line shown of a paragraph cut short: it says that more follows. */
const cutShort = (line: string, width: number): string =>
  stringWidth(line) + 2 <= width ? `${line} ${ELLIPSIS}` : fit(`${line}${ELLIPSIS.repeat(2)}`, width);

/** The title, then the paragraphs; short of rows, the blank lines go first, then the paragraphs that matter least. */
function emptyStateLines(props: EmptyStateProps): { readonly title: string; readonly lines: readonly string[] } {
  const width = Math.max(1, props.width - 2);
  const { title, body } = paragraphs(props);
  const rows = props.rows ?? Number.POSITIVE_INFINITY;
  const wrapped = body.map((paragraph) => ({ ...paragraph, lines: wrapWords(paragraph.text, width) }));
  const spaced = (kept: typeof wrapped) => kept.flatMap((paragraph) => ['', ...paragraph.lines]);
  let kept = wrapped;
  let lines = spaced(kept);
  if (1 + lines.length > rows) lines = kept.flatMap((paragraph) => paragraph.lines);
  while (1 + lines.length > rows && kept.length > 1) {
    const least = kept.reduce((low, paragraph) => (paragraph.keep < low.keep ? paragraph : low));
    kept = kept.filter((paragraph) => paragraph !== least);
    lines = kept.flatMap((paragraph) => paragraph.lines);
  }
  const room = Math.max(0, rows - 1);
  if (lines.length > room) lines = room > 0 ? [...lines.slice(0, room - 1), cutShort(lines[room - 1]!, width)] : [];
  return { title: fit(title, width), lines };
}

/** No team yet: say where teamtop looks and what makes a team appear, in the rows there are. */
export function EmptyState(props: EmptyStateProps) {
  const { paint } = useTheme();
  const { title, lines } = emptyStateLines(props);
  return (
    <Box flexDirection="column" paddingX={1} width={props.width}>
      <Text bold color={paint(palette.accent)}>
        {title}
      </Text>
      {lines.map((line, i) => (
        <Text key={i}>{line === '' ? ' ' : line}</Text>
      ))}
    </Box>
  );
}
