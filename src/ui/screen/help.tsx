import { Table } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import React from 'react';
import type { Binding, Keymap } from '../keys/keymap.js';
import { READ_MARK, UNREAD_MARK } from '../widgets/message-line.js';
import { FittedLine, type Part } from '../widgets/fitted-line.js';
import { palette, useTheme } from '../widgets/theme.js';
import { maxOf } from '../../core/model/lists.js';
import { fitPad, stringWidth, wrapWords } from '../../core/text/fit.js';
import { Faint } from '../widgets/faint.js';

/** A type, not an interface: the table takes rows as string-keyed records. */
type KeyRow = { readonly keys: string; readonly action: string };

const rowsOf = (bindings: readonly Binding[]): KeyRow[] =>
  bindings.map((binding) => ({ keys: binding.label, action: binding.description }));

/** What the marks on screen mean: a label, then the marks. */
const LEGEND: readonly (readonly [string, string])[] = [
  ['Header', 'team (5): the team and its members · 3m ago: its last change · ⚠2: its stalled handshakes · ended: its folder is gone'],
  [
    'Panes',
    '⇢ waits on bob 3m: its open request to bob, asked 3m ago · ⇢ waits on 2 3m: 2 open requests of its own, the oldest 3m old · ⇠ owes: requests to it, unanswered',
  ],
  ['Messages', `${UNREAD_MARK} unread · ${READ_MARK} read · newest at the bottom · delivered messages stay (Claude Code deletes them)`],
  ['Handshakes', '⚠ stalled · ◷ pending · ✓ approved · ✗ rejected · ⊘ abandoned · ⇢ waits on · ⇠ owes an answer'],
  ['Status', 'lead · joining · refused · shut down · stopping · waiting · idle · interrupted · failed · done · working · quiet'],
  ['Tasks', 'blocked by #n: open blockers · cycle: in a dependency cycle · missing #n: blocker that does not exist'],
];

const KEYS_WIDTH = 10;
/** From this width, the keys that do not fit one page are listed in two columns. */
const TWO_COLUMNS_WIDTH = 100;

/** One line of the help: keys (one or two side by side), a line of the legend (its label bold on its first), or a blank. */
export type HelpLine =
  | { readonly kind: 'keys'; readonly rows: readonly KeyRow[] }
  | { readonly kind: 'legend'; readonly label: string; readonly text: string }
  | { readonly kind: 'blank' };

export interface HelpModel {
  /** Every line, for the keys to scroll through; the table instead when all of it fits. */
  readonly lines: readonly HelpLine[];
  readonly table: readonly KeyRow[] | null;
  readonly page: number;
  readonly scroll: number;
  /** Whether the title line is drawn (not on a terminal with almost no rows). */
  readonly title: boolean;
}

function legendLines(width: number): HelpLine[] {
  return LEGEND.flatMap(([label, marks]) =>
    wrapWords(`${label} ${marks}`, width).map((line, i): HelpLine => ({ kind: 'legend', label: i === 0 ? label : '', text: line })),
  );
}

function keyLines(keys: readonly KeyRow[], twoColumns: boolean): HelpLine[] {
  if (!twoColumns) return keys.map((row) => ({ kind: 'keys', rows: [row] }));
  const half = Math.ceil(keys.length / 2);
  return keys.slice(0, half).map((row, i) => ({ kind: 'keys', rows: keys[half + i] ? [row, keys[half + i]!] : [row] }));
}

/** A table of the keys when all of it fits, else a list that scrolls (in two columns on a wide, short terminal). */
export function helpModel(width: number, rows: number | undefined, replay: boolean, scroll: number, keymap: Keymap): HelpModel {
  const keys = rowsOf(replay ? keymap.bindings : keymap.bindings.filter((binding) => !binding.replay));
  const legend = legendLines(width);
  const available = rows ?? Number.POSITIVE_INFINITY;
  // The title and the closing line are not scrolled: they say what this is and how to leave or see more.
  const title = available >= 3;
  const page = Math.max(0, available - 1 - (title ? 1 : 0));
  const oneColumn = [...keyLines(keys, false), { kind: 'blank' } as const, ...legend];
  // The table takes two lines per key and three of its own, and its widest cells with their borders.
  const tableWidth = maxOf(keys.map((row) => stringWidth(row.keys))) + maxOf(keys.map((row) => stringWidth(row.action))) + 7;
  if (keys.length * 2 + 3 + 1 + legend.length <= page && tableWidth <= width) {
    const below: HelpLine[] = [{ kind: 'blank' }, ...legend];
    return { lines: below, table: keys, page: below.length, scroll: 0, title };
  }
  const lines =
    oneColumn.length > page && width >= TWO_COLUMNS_WIDTH ? [...keyLines(keys, true), { kind: 'blank' } as const, ...legend] : oneColumn;
  const shown = Number.isFinite(page) ? page : lines.length;
  return { lines, table: null, page: shown, scroll: Math.max(0, Math.min(scroll, lines.length - shown)), title };
}

function HeaderCell({ children }: React.PropsWithChildren) {
  const { paint } = useTheme();
  return (
    <Text bold color={paint(palette.accent)}>
      {children}
    </Text>
  );
}

function Skeleton({ children }: React.PropsWithChildren) {
  return <Faint>{children}</Faint>;
}

const keyParts = (row: KeyRow, width: number): Part[] => [
  { text: fitPad(row.keys, Math.min(KEYS_WIDTH, width)), bold: true },
  { text: width > KEYS_WIDTH ? ` ${fitPad(row.action, width - KEYS_WIDTH - 1)}` : '' },
];

function Line({ line, width }: { line: HelpLine; width: number }) {
  if (line.kind === 'blank') return <Text> </Text>;
  if (line.kind === 'legend') {
    // The label is bold where the line begins with it whole (a very narrow line may have cut it).
    const labelled = line.label !== '' && line.text.startsWith(`${line.label} `);
    const parts: Part[] = labelled
      ? [{ text: line.label, bold: true }, { text: line.text.slice(line.label.length) }]
      : [{ text: line.text }];
    return <FittedLine parts={parts} width={width} />;
  }
  const column = line.rows.length === 2 ? Math.floor((width - 2) / 2) : width;
  const [left, right] = line.rows.map((row) => keyParts(row, column));
  return <FittedLine parts={[...left!, ...(right ? [{ text: '  ' }, ...right] : [])]} width={width} />;
}

/** How much more there is below and above, then how to leave: what matters most first, as a narrow line is cut at its end. */
function closing({ lines, page, scroll }: HelpModel): string {
  const below = lines.length - scroll - page;
  return [below > 0 ? `↓ PgDn: ${below} more` : '', scroll > 0 ? `↑ ${scroll} above` : '', 'esc or ? to close'].filter(Boolean).join(' · ');
}

/** The keymap, drawn from the same table the keys are matched against, and a legend. Replay keys only while replaying. */
export function HelpScreen({ model, width }: { readonly model: HelpModel; readonly width: number }) {
  const { lines, table, page, scroll } = model;
  const shown = table ? lines : lines.slice(scroll, scroll + page);
  const position = table || lines.length <= page ? '' : ` · ${scroll + 1}-${scroll + shown.length} of ${lines.length}`;
  return (
    <Box flexDirection="column">
      {model.title ? (
        <FittedLine
          parts={[
            { text: 'Keys', bold: true },
            { text: position, dimColor: true },
          ]}
          width={width}
        />
      ) : null}
      {table ? <Table data={[...table]} header={HeaderCell} skeleton={Skeleton} /> : null}
      {shown.map((line, i) => (
        <Line key={scroll + i} line={line} width={width} />
      ))}
      <FittedLine parts={[{ text: closing(model), dimColor: true }]} width={width} />
    </Box>
  );
}
