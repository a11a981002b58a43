import { Table } from '@alcalzone/ink-table';
import { Box, Text } from 'ink';
import React from 'react';
import { KEYMAP } from './keymap.js';
import { READ_MARK, UNREAD_MARK } from './message-line.js';
import { palette, useTheme } from './theme.js';

const KEY_ROWS = KEYMAP.map((binding) => ({ keys: binding.label, action: binding.description }));

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

/** The keymap, drawn from the same table the keys are matched against, and a legend. */
export function HelpScreen({ rows }: { readonly rows: number }) {
  // The table takes two lines per key; below that, a plain list fits more.
  const asTable = rows >= KEY_ROWS.length * 2 + 3;
  return (
    <Box flexDirection="column">
      <Text bold>Keys</Text>
      {asTable ? (
        <Table data={KEY_ROWS} header={HeaderCell} skeleton={Skeleton} />
      ) : (
        KEY_ROWS.map((row) => (
          <Text key={row.keys} wrap="truncate-end">
            <Text bold>{row.keys.padEnd(10)}</Text> {row.action}
          </Text>
        ))
      )}
      <Text> </Text>
      <Text wrap="truncate-end">
        <Text bold>Messages </Text>
        {UNREAD_MARK} unread · {READ_MARK} read · newest at the bottom · delivered messages stay (Claude Code deletes them)
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Handshakes </Text>
        ⚠ stalled · ◷ pending · ✓ approved · ✗ rejected · ⇢ waits on · ⇠ owes an answer
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Status </Text>
        lead · shut down · stopping · waiting · idle · interrupted · failed · working
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Tasks </Text>
        blocked by #n: open blockers · cycle: in a dependency cycle · missing #n: blocker that does not exist
      </Text>
      <Text dimColor>esc or ? to close</Text>
    </Box>
  );
}
