import type { Terminal } from '@xterm/headless';

export function screenToSvg(terminal: Terminal, options?: { fontSize?: number; title?: string }): string;
