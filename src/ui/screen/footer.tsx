import { Box, Text } from 'ink';
import React from 'react';
import type { Problem } from '../../core/facts/index.js';
import { FittedLine, type Part } from '../widgets/fitted-line.js';
import type { Keymap } from '../keys/keymap.js';
import type { SearchModel } from './frame.js';
import { plural } from '../../core/text/words.js';
import { palette, useTheme } from '../widgets/theme.js';
import { fit, stringWidth } from '../../core/text/fit.js';
import { Faint } from '../widgets/faint.js';

interface FooterProps {
  readonly width: number;
  /** Why the last key did nothing: first, and not dimmed. */
  readonly note: string | null;
  readonly notes: readonly string[];
  readonly replay: boolean;
  /** Keys work: the footer lists them. A frame printed once says only what is in force, if anything. */
  readonly interactive: boolean;
  readonly keymap: Keymap;
  /** How many teams there are: with one, `] team` is not offered. */
  readonly teams?: number;
  /** The note is how to move (before the first key): drawn as a hint, not a warning. */
  readonly hint?: boolean;
  /** The search, while it is typed: the footer is its prompt. */
  readonly search?: SearchModel | null;
  /** The note is a notice from the start: it takes the whole line. */
  readonly notice?: boolean;
}

/** The search as it is typed: `/auth▏`, and the keys that end it. */
function SearchPrompt({ search, width, keymap }: { search: SearchModel; width: number; keymap: Keymap }) {
  const { paint } = useTheme();
  const keys = ` ${keymap.keyOf('open')} keep · ${keymap.keyOf('close')} clear · ${search.text === '' ? 'type to search' : plural(search.matches, 'match', 'matches')}`;
  const room = Math.max(1, width - stringWidth(keys) - 2);
  return (
    <FittedLine
      parts={[
        { text: '/', bold: true, color: paint(palette.accent) },
        // The end of what is typed stays in view, as a shell's line does.
        { text: stringWidth(search.text) < room ? search.text : `…${[...search.text].slice(-(room - 2)).join('')}`, bold: true },
        { text: '▏', color: paint(palette.accent) },
        { text: keys, dimColor: true },
      ]}
      width={width}
    />
  );
}

type Hint = ReturnType<Keymap['footer']>[number];

/** Where help is, and how to leave: said whatever else gives way (the help lists every key). */
const ALWAYS = new Set(['help', 'quit']);

/** The key hints in `width`: `? help` and `q quit` always, then the others in order while they fit, each whole. */
function fittedHints(hints: readonly Hint[], width: number): Hint[] {
  const columns = (hint: Hint) => stringWidth(`${hint.keys} ${hint.what}`) + 2;
  let used = hints.filter((hint) => ALWAYS.has(hint.what)).reduce((sum, hint) => sum + columns(hint), -2);
  const kept = new Set<Hint>();
  for (const hint of hints) {
    if (ALWAYS.has(hint.what)) kept.add(hint);
    else if (used + columns(hint) <= width) {
      kept.add(hint);
      used += columns(hint);
    } else break;
  }
  return hints.filter((hint) => kept.has(hint) || ALWAYS.has(hint.what));
}

/** `parts` joined by ` · `, whole, while they fit in `room`; what is in force (`cut`) ends ` …` where parts are left out, or is cut where none fits. */
function wholeParts(parts: readonly string[], room: number, cut = false): string {
  let text = '';
  let kept = 0;
  for (const part of parts) {
    const next = text === '' ? part : `${text} · ${part}`;
    if (stringWidth(next) > room) break;
    text = next;
    kept++;
  }
  if (kept === parts.length || !cut || room < 2) return text;
  if (text === '') return fit(parts[0]!, room);
  return stringWidth(`${text} …`) <= room ? `${text} …` : text;
}

const sameFooter = (a: FooterProps, b: FooterProps): boolean =>
  a.width === b.width &&
  a.note === b.note &&
  a.replay === b.replay &&
  a.interactive === b.interactive &&
  a.keymap === b.keymap &&
  a.hint === b.hint &&
  a.search === b.search &&
  a.notice === b.notice &&
  a.teams === b.teams &&
  a.notes.length === b.notes.length &&
  a.notes.every((note, i) => note === b.notes[i]);

/** The main keys on the left; on the right, at most half the row, a note on the last key and what is in force. */
export const Footer = React.memo(function Footer({
  width,
  note,
  hint = false,
  search = null,
  notice = false,
  notes,
  replay,
  interactive,
  keymap,
  teams = 2,
}: FooterProps) {
  const { paint } = useTheme();
  if (!interactive) return notes.length > 0 ? <FittedLine parts={[{ text: notes.join(' · '), dimColor: true }]} width={width} /> : null;
  if (search?.typing) return <SearchPrompt search={search} width={width} keymap={keymap} />;
  if (notice && note) return <FittedLine parts={[{ text: `⚠ ${note}`, color: paint(palette.warning) }]} width={width} />;
  const half = Math.floor(width / 2);
  const said: Part[] = [];
  // What is in force comes before how to move: the hint takes what room it leaves, in whole parts.
  const inForce = wholeParts(notes, hint ? half : half - (note ? stringWidth(fit(note, half)) + 3 : 0), true);
  const told = note && hint ? wholeParts(note.split(' · '), half - (inForce ? stringWidth(inForce) + 3 : 0)) : note && fit(note, half);
  if (told) said.push(hint ? { text: told, color: paint(palette.accent) } : { text: told, bold: true, color: paint(palette.warning) });
  if (inForce) said.push({ text: `${told ? ' · ' : ''}${inForce}`, dimColor: true });
  const saidWidth = Math.min(half, stringWidth(said.map((part) => part.text).join('')));
  const keysWidth = width - (saidWidth > 0 ? saidWidth + 2 : 0);
  return (
    <Box width={width}>
      <Box width={keysWidth}>
        <Text wrap="truncate-end">
          {fittedHints(
            keymap.footer(replay).filter((hint) => teams > 1 || hint.what !== 'team'),
            keysWidth,
          ).map(({ keys, what }, i) => (
            <Text key={what}>
              {i > 0 ? '  ' : ''}
              <Text bold color={paint(palette.accent)}>
                {keys}
              </Text>
              <Faint> {what}</Faint>
            </Text>
          ))}
        </Text>
      </Box>
      {saidWidth > 0 ? (
        <Box marginLeft={2}>
          <FittedLine parts={said} width={saidWidth} />
        </Box>
      ) : null}
    </Box>
  );
}, sameFooter);

/** The first problem, with its file (the config dir's own say which dir), and how many more there are: drawn again only when they change (the list is memoised). */
export const ProblemsLine = React.memo(function ProblemsLine({
  problems,
  width,
}: {
  readonly problems: readonly Problem[];
  readonly width: number;
}) {
  const { paint } = useTheme();
  const [first] = problems;
  if (!first) return null;
  const more = problems.length > 1 ? `  (+${problems.length - 1} more, see --json)` : '';
  return (
    <Text wrap="truncate-end" color={paint(palette.warning)}>
      ⚠ {fit(first.path === '.' ? first.message : `${first.path}: ${first.message}`, Math.max(10, width - more.length - 3))}
      {more}
    </Text>
  );
});
