import { Box, Text } from 'ink';
import React from 'react';
import { palette, useTheme } from './theme.js';
import { fit } from './text.js';

/** No team yet: say where teamtop looks and what makes a team appear. */
export function EmptyState({ claudeDir, width }: { readonly claudeDir: string; readonly width: number }) {
  const { paint } = useTheme();
  return (
    <Box flexDirection="column" paddingX={1} width={width}>
      <Text bold color={paint(palette.accent)}>
        No agent teams yet
      </Text>
      <Text> </Text>
      <Text wrap="wrap">
        Watching {fit(`${claudeDir}/teams`, width - 12)} and {fit(`${claudeDir}/tasks`, width - 12)}.
      </Text>
      <Text wrap="wrap">
        A team appears here as soon as a Claude Code lead creates one (the TeamCreate tool; agent teams are enabled with
        CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1). Nothing needs restarting: teamtop picks it up live.
      </Text>
      <Text> </Text>
      <Text wrap="wrap">
        Another config dir? Use <Text bold>--dir</Text> or set <Text bold>CLAUDE_CONFIG_DIR</Text>. To see a team without Claude Code:{' '}
        <Text bold>teamtop demo</Text>.
      </Text>
    </Box>
  );
}
