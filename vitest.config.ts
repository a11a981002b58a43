import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Message times are drawn in local time: pin it so frames are the same everywhere.
    env: { TZ: 'UTC', FORCE_COLOR: '0', NO_COLOR: '' },
    // Limits for a hang, not for speed: a busy machine (other work on both cores; CI adds two busy
    // processes) takes several times as long as an idle one, and a test waits on conditions, each
    // with its own deadline (test/helpers/wait.ts), well inside these.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 20_000 } },
  },
});
