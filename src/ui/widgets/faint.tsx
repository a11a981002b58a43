import { Text } from 'ink';
import React from 'react';
import { useTheme } from './theme.js';

/** Text that is secondary: faint, but plain in the high-contrast theme. */
export function Faint({ children, when = true }: React.PropsWithChildren<{ readonly when?: boolean }>) {
  const { dim } = useTheme();
  return <Text dimColor={dim && when}>{children}</Text>;
}
