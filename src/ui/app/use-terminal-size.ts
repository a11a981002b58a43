import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

const read = (stdout: NodeJS.WriteStream): TerminalSize => ({
  columns: stdout.columns || 80,
  rows: stdout.rows || 24,
});

/** The terminal's size, following resizes. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const update = () => setSize(read(stdout));
    stdout.on('resize', update);
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout]);
  return size;
}
