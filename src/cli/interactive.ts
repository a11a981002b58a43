/**
 * The interactive modes' hold on the terminal: every way out (`q`, Ctrl+C, an ending signal, a crash) gives it back before
 * anything is printed; a terminal that hung up is not drawn on again.
 */
import chalk from 'chalk';
import { render, type Instance, type RenderOptions } from 'ink';
import { constants } from 'node:os';
import type { ReactElement } from 'react';
import { claimTerminal, colorLevel } from './claim-terminal.js';
import { version } from './version.js';
import { TerminalInput } from './terminal-input.js';
import { chooseTheme } from './theme-detect.js';
import type { ThemeChoice } from './config-file.js';
import type { ThemeName } from '../ui/widgets/theme-names.js';
import type { MouseSource } from '../ui/app/mouse.js';

/** Ending signals JavaScript may handle (signal(7)): not SIGUSR1 (inspector), SIGPIPE, SIGXFSZ, SIGPROF, nor faults. */
const ENDING_SIGNALS = (
  [
    'SIGHUP',
    'SIGINT',
    'SIGQUIT',
    'SIGTERM',
    'SIGUSR2',
    'SIGALRM',
    'SIGVTALRM',
    'SIGXCPU',
    'SIGTRAP',
    'SIGSYS',
    'SIGIO',
    'SIGPWR',
    'SIGSTKFLT',
    'SIGABRT',
  ] as const
).filter((signal) => signal in constants.signals);

/** The exit status after a signal, as a shell reports a process it ended. */
const afterSignal = (signal: NodeJS.Signals) => 128 + constants.signals[signal];

/** The exit status after a crash (sysexits' EX_SOFTWARE). */
export const CRASHED = 70;

const detail = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** The crash, then anything that failed while the terminal was given back after it. */
export function crashReport([error, ...whileClosing]: readonly unknown[]): string {
  return [
    `teamtop crashed: ${detail(error)}`,
    ...whileClosing.map((next) => `\nand then, while closing: ${detail(next)}`),
    '',
    `This is a bug in teamtop ${version}, not a problem with your team's files.`,
    'Please report it, with the text above and what the dashboard was showing.',
    '',
  ].join('\n');
}

type Listener = readonly [emitter: NodeJS.EventEmitter, event: string, listener: Parameters<NodeJS.EventEmitter['on']>[1], order?: 'first'];

function listen(listeners: readonly Listener[]): () => void {
  for (const [emitter, event, listener, order] of listeners) {
    if (order === 'first') emitter.prependListener(event, listener);
    else emitter.on(event, listener);
  }
  return () => {
    for (const [emitter, event, listener] of listeners) emitter.off(event, listener);
  };
}

/** At most 60 frames a second, each only the lines that changed (Ink's incremental renderer, as patched in patches/). */
const RENDER_OPTIONS: RenderOptions = { exitOnCtrlC: true, patchConsole: false, incrementalRendering: true, maxFps: 60 };

export interface TerminalRun {
  /** Colour wanted (`wantsColor`); emphasis is drawn either way. */
  readonly color: boolean;
  /** Stop what feeds the view (watchers, timers); runs once, before the screen is left. */
  readonly onClose: () => void;
  /** The theme asked for (`auto`: from the terminal's background). */
  readonly theme?: ThemeChoice;
  /** Take the mouse (not with `--no-mouse`). */
  readonly mouse?: boolean;
  /** The terminal's input and theme, taken as teamtop started; else they are taken here. */
  readonly ahead?: { readonly input: TerminalInput; readonly theme: Promise<ThemeName>; known(): ThemeName | undefined };
}

/** What the terminal gives the view: the theme its background asks for, the mouse if it was taken. */
export interface OnTerminal {
  readonly theme: ThemeName;
  readonly mouse: MouseSource | undefined;
}

/** Draw what `draw` makes until the user quits; resolves to the exit status. */
export async function runOnTerminal(
  draw: (terminal: OnTerminal) => ReactElement,
  { color, onClose, theme = 'auto', mouse = false, ahead }: TerminalRun,
): Promise<number> {
  chalk.level = colorLevel(color);
  const fault = process.env['TEAMTOP_FAULT'];
  const injected = fault ? (await import('./faults.js')).faults(fault) : undefined;
  const terminal = claimTerminal({ mouse });
  // Teamtop reads the terminal and hands Ink the keys: mouse reports and answers to its questions are not keys.
  const input = ahead?.input ?? new TerminalInput(process.stdin);
  let instance: Instance | undefined;
  // What threw while closing: each step still runs, and the terminal is given back before any is reported.
  const failures: unknown[] = [];
  const attempt = (step: () => void) => {
    try {
      step();
    } catch (error) {
      failures.push(error);
    }
  };
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    // A terminal that hung up gets no last frame: there is no one to draw it for.
    if (!terminal.gone()) attempt(() => instance?.unmount());
    attempt(() => {
      onClose();
      injected?.closing();
    });
    input.close();
    terminal.restore();
  };
  const end = (status: number, crash?: unknown) => {
    close();
    const errors = crash === undefined ? failures : [crash, ...failures];
    if (errors.length > 0) process.stderr.write(crashReport(errors));
    process.exit(errors.length > 0 ? CRASHED : status);
  };

  const onSignal = (signal: NodeJS.Signals) => end(afterSignal(signal));
  const onCrash = (error: unknown) => end(CRASHED, error);
  // The terminal went away under a write or a read (before, or instead of, SIGHUP).
  const onStreamError = (error: NodeJS.ErrnoException) => (error.code === 'EIO' ? end(afterSignal('SIGHUP')) : onCrash(error));
  const onInputEnd = () => end(afterSignal('SIGHUP'));
  const stopListening = listen([
    ...ENDING_SIGNALS.map((signal) => [process, signal, onSignal] as const),
    [process, 'uncaughtException', onCrash],
    [process, 'unhandledRejection', onCrash],
    // First: the listeners before it say what a failed write means where there is no dashboard.
    [process.stdout, 'error', onStreamError, 'first'],
    [process.stdin, 'error', onStreamError],
    // A terminal in raw mode has no end of input: only a hang-up ends it.
    [process.stdin, 'end', onInputEnd],
  ]);
  const drawn = (name: ThemeName) => {
    const element = draw({ theme: name, mouse: mouse ? input : undefined });
    return injected ? injected.draw(element) : element;
  };
  try {
    // Asked ahead, the answer is not waited on: dark until it comes (a terminal that answers does so while teamtop loads).
    // Without colour the theme does not matter: the terminal is not asked.
    const chosen = ahead
      ? (ahead.known() ?? 'dark')
      : await (color ? chooseTheme(theme, { env: process.env, input, write: (text) => process.stdout.write(text) }) : 'dark');
    instance = render(drawn(chosen), { ...RENDER_OPTIONS, stdin: input.keys as unknown as NodeJS.ReadStream });
    void ahead?.theme.then((answered) => {
      if (answered !== chosen && !closed) instance?.rerender(drawn(answered));
    });
    await instance.waitUntilExit();
  } catch (error) {
    failures.push(error);
  } finally {
    // The answer is in (or the deadline past) before the terminal is given back: none reaches the shell.
    await ahead?.theme;
    close();
    stopListening();
  }
  if (failures.length === 0) return 0;
  process.stderr.write(crashReport(failures));
  return CRASHED;
}
