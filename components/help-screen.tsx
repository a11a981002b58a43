import { Table } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import React from 'react';
import type { Binding } from './keymap.js';
import { KEYMAP } from './views.js';
import { READ_MARK, UNREAD_MARK } from './message-line.js';
import { palette, useTheme } from './theme.js';
import { fitPad } from './text.js';

const rowsOf = (bindings: readonly Binding[]) => bindings.map((binding) => ({ keys: binding.label, action: binding.description }));
const LIVE_ROWS = rowsOf(KEYMAP.bindings.filter((binding) => !binding.replay));
const REPLAY_ROWS = rowsOf(KEYMAP.bindings);

/** Lines of the help that are not keys: the title, a blank, the legend, the closing hint. */
const LEGEND_LINES = 8;
const KEYS_WIDTH = 10;

function HeaderCell({ children }: React.PropsWithChildren) {
  const { paint } = useTheme();
  return (
    <Text bold color={paint(palette.accent)}>
      {children}
    </Text>
  );
}

function Skeleton({ children }: React.PropsWithChildren) {
  return <Text dimColor>{children}</Text>;
}

function KeyLine({ row, width }: { row: { keys: string; action: string }; width: number }) {
  return (
    <Text wrap="truncate-end">
      <Text bold>{row.keys.padEnd(KEYS_WIDTH)}</Text> {fitPad(row.action, Math.max(0, width - KEYS_WIDTH - 1))}
    </Text>
  );
}

/**
 * The keymap, drawn from the same table the keys are matched against, and a
 * legend: a table when there is room, else a list, in two columns on a wide
 * terminal that is too short for one. Replay keys only while replaying.
 */
export function HelpScreen({ rows, width, replay }: { readonly rows: number; readonly width: number; readonly replay: boolean }) {
  const keys = replay ? REPLAY_ROWS : LIVE_ROWS;
  const room = rows - LEGEND_LINES;
  // The table takes two lines per key; below that, a plain list fits more.
  const asTable = room >= keys.length * 2 + 3;
  const twoColumns = !asTable && room < keys.length && width >= 100;
  const half = Math.ceil(keys.length / 2);
  const columnWidth = Math.floor((width - 2) / 2);
  let list: React.ReactNode;
  if (asTable) list = <Table data={keys} header={HeaderCell} skeleton={Skeleton} />;
  else if (twoColumns) {
    list = keys.slice(0, half).map((row, i) => {
      const other = keys[half + i];
      return (
        <Box key={row.keys} flexDirection="row">
          <Box width={columnWidth + 2}>
            <KeyLine row={row} width={columnWidth} />
          </Box>
          {other ? <KeyLine row={other} width={columnWidth} /> : null}
        </Box>
      );
    });
  } else list = keys.map((row) => <KeyLine key={row.keys} row={row} width={width} />);
  return (
    <Box flexDirection="column">
      <Text bold>Keys</Text>
      {list}
      <Text> </Text>
      <Text wrap="truncate-end">
        <Text bold>Messages </Text>
        {UNREAD_MARK} unread · {READ_MARK} read · newest at the bottom · delivered messages stay (Claude Code deletes them)
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Handshakes </Text>⚠ stalled · ◷ pending · ✓ approved · ✗ rejected · ⊘ abandoned · ⇢ waits on · ⇠ owes an answer
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Status </Text>
        lead · joining · refused · shut down · stopping · waiting · idle · interrupted · failed · done · working · quiet
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Tasks </Text>
        blocked by #n: open blockers · cycle: in a dependency cycle · missing #n: blocker that does not exist
      </Text>
      <Text dimColor>esc or ? to close</Text>
    </Box>
  );
}
