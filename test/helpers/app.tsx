import { render } from 'ink-testing-library';
import React from 'react';
import { afterEach } from 'vitest';
import { App, type AppProps } from '../../components/app.js';
import { settledSession } from '../../src/cli/session.js';

const mounted: (() => void)[] = [];

afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

/** The interactive App on a fixture dir's settled state, in ink-testing-library, and a way to type into it. */
export async function mountApp(dir: string, props: Partial<AppProps> = {}) {
  const { store } = await settledSession(dir);
  const app = render(<App store={store} claudeDir="/claude" color={false} {...props} />);
  mounted.push(app.unmount);
  const press = async (keys: string) => {
    app.stdin.write(keys);
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { ...app, store, press };
}
