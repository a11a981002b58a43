/**
 * The interactive modes' hold on the terminal: the alternate screen, Ink's raw
 * mode and hidden cursor, and the promise that every way out gives them back
 * before anything else is printed: `q`, Ctrl+C, SIGTERM, SIGHUP, and a crash
 * (an uncaught error, or one thrown while drawing), which is then reported
 * on the restored screen.
 */
import chalk from 'chalk';
import { render, type Instance, type RenderOptions } from 'ink';
import React, { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { colorLevel, enterAlternateScreen } from './terminal.js';
import { version } from './version.js';

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
type Signal = keyof typeof SIGNALS;

/** The exit status after a crash (sysexits' EX_SOFTWARE). */
export const CRASHED = 70;

export function crashReport(error: unknown): string {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return [
    `teamtop crashed: ${detail}`,
    '',
    `This is a bug in teamtop ${version}, not a problem with your team's files.`,
    'Please report it, with the text above and what the dashboard was showing.',
    '',
  ].join('\n');
}

/**
 * Faults injected on purpose, so the tests can prove the terminal survives
 * them (TEAMTOP_FAULT=uncaught|render, a moment after the first frame).
 */
function Faulty({ fault, children }: { readonly fault: string | undefined; readonly children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (fault !== 'uncaught' && fault !== 'render') return undefined;
    const timer = setTimeout(() => {
      if (fault === 'render') setDue(true);
      else throw new Error('injected fault (TEAMTOP_FAULT=uncaught)');
    }, 300);
    return () => clearTimeout(timer);
  }, [fault]);
  if (due) throw new Error('injected fault (TEAMTOP_FAULT=render)');
  return children;
}

export interface TerminalRun {
  readonly options: RenderOptions;
  /** Colour wanted (`wantsColor`); emphasis is drawn either way. */
  readonly color: boolean;
  /** Stop what feeds the view (watchers, timers); runs once, before the screen is left. */
  readonly onClose: () => void;
}

/** Draw `element` until the user quits; resolves to the exit status. */
export async function runOnTerminal(element: ReactElement, { options, color, onClose }: TerminalRun): Promise<number> {
  chalk.level = colorLevel(color);
  const screen = enterAlternateScreen();
  let instance: Instance | undefined;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      instance?.unmount();
    } catch {
      // A view that throws while unmounting must not keep the terminal.
    }
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // The terminal is gone (hang-up).
    }
    onClose();
    screen.leave();
  };
  const onSignal = (signal: Signal) => {
    restore();
    process.exit(128 + SIGNALS[signal]);
  };
  const onCrash = (error: unknown) => {
    restore();
    process.stderr.write(crashReport(error));
    process.exit(CRASHED);
  };
  const handlers = (Object.keys(SIGNALS) as Signal[]).map((signal) => [signal, () => onSignal(signal)] as const);
  for (const [signal, handler] of handlers) process.once(signal, handler);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  try {
    // Raw before the first frame, not after it (Ink turns raw mode on only once its
    // input hook is mounted): a key typed as the dashboard appears is kept for it
    // instead of being lost to the line discipline, and Ctrl+C then is a key too.
    if (process.stdin.isTTY) process.stdin.setRawMode(true);
    instance = render(<Faulty fault={process.env['TEAMTOP_FAULT']}>{element}</Faulty>, options);
    await instance.waitUntilExit();
    return 0;
  } catch (error) {
    restore();
    process.stderr.write(crashReport(error));
    return CRASHED;
  } finally {
    restore();
    for (const [signal, handler] of handlers) process.off(signal, handler);
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
}
