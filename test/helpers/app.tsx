import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { render } from 'ink-testing-library';
import React from 'react';
import { afterEach, expect } from 'vitest';
import { App, type AppProps } from '../../src/ui/app/app.js';
import { settledSession } from '../../src/cli/session.js';
import type { Store } from '../../src/core/store.js';
import { waitFor } from './wait.js';

const mounted: (() => void)[] = [];

afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The interactive App on a store, in ink-testing-library, and a way to type into it. */
export function mountStore(store: Store, props: Partial<AppProps> = {}) {
  const app = render(<App store={store} claudeDir="/claude" color={false} thresholds={DEFAULT_THRESHOLDS} {...props} />);
  mounted.push(app.unmount);
  /**
   * Type `keys` and wait for the frame they make. Keys that leave the screen
   * as it was say so (`unchanged`): then the wait is for Ink to have handled
   * them, two turns of the event loop (a lone escape is told from the start of
   * a sequence on the first, and React draws on the next).
   */
  const press = async (keys: string, { unchanged = false } = {}) => {
    const before = app.frames.length;
    app.stdin.write(keys);
    if (unchanged) {
      await nextTurn();
      await nextTurn();
      expect(app.frames.length).toBe(before);
    } else {
      await waitFor(() => expect(app.frames.length).toBeGreaterThan(before));
    }
  };
  return { ...app, store, press };
}

/** The same on a fixture dir's settled state. */
export async function mountApp(dir: string, props: Partial<AppProps> = {}) {
  const { store } = await settledSession(dir);
  return mountStore(store, props);
}
