import { render } from 'ink';
import React from 'react';
import { App } from '../../components/app.js';
import { watchClaudeDir } from '../watch/watcher.js';
import { openSession, type JournalOptions } from './session.js';
import { enterAlternateScreen } from './terminal.js';

export interface LiveOptions {
  readonly claudeDir: string;
  readonly team: string | undefined;
  readonly color: boolean;
  readonly now: number | undefined;
  readonly stallAfterMs: number;
  readonly journal: JournalOptions | undefined;
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/** The interactive dashboard, following the files until the user quits. */
export async function runLive(options: LiveOptions): Promise<number> {
  const session = openSession(options.claudeDir, options.journal);
  const screen = enterAlternateScreen();
  const instance = render(
    <App
      store={session.store}
      claudeDir={options.claudeDir}
      color={options.color}
      team={options.team}
      now={options.now}
      stallAfterMs={options.stallAfterMs}
    />,
    { exitOnCtrlC: true, patchConsole: false, incrementalRendering: false, maxFps: 60 },
  );

  const watching = new AbortController();
  const stop = (signal: keyof typeof SIGNALS) => {
    instance.unmount();
    watching.abort();
    session.close();
    screen.leave();
    process.exit(128 + SIGNALS[signal]);
  };
  for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) process.once(signal, () => stop(signal));

  // Start watching once the first frame is out: chokidar is not needed to draw it.
  setImmediate(() => {
    watchClaudeDir({
      claudeDir: options.claudeDir,
      loader: session.loader,
      emit: session.observe,
      folders: session.folders,
      signal: watching.signal,
    }).catch((error: unknown) => {
      session.store.dispatch({
        type: 'observed',
        observations: [{ kind: 'problem', path: '.', message: `cannot watch: ${(error as Error).message}`, at: Date.now() }],
      });
    });
  });

  try {
    await instance.waitUntilExit();
    return 0;
  } catch (error) {
    screen.leave();
    process.stderr.write(`teamtop: ${(error as Error).stack ?? String(error)}\n`);
    return 1;
  } finally {
    watching.abort();
    session.close();
    screen.leave();
  }
}
