import { defineConfig } from 'vitest/config';

export default defineConfig({
  // JSX as the bundle compiles it: React's production runtime, not its development one (see `env`).
  oxc: { jsx: { development: false } },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: {
      // Message times are drawn in local time: pin it so frames are the same everywhere.
      TZ: 'UTC',
      FORCE_COLOR: '0',
      NO_COLOR: '',
      // React and its reconciler as the bundle ships them (scripts/build.mjs), and as fast: the
      // development builds' checks cost a third of the CPU of a test that draws. Their warnings
      // are for `NODE_ENV=development npm test`.
      NODE_ENV: process.env['NODE_ENV'] === 'development' ? 'development' : 'production',
    },
    // Limits for a hang, not for speed: a busy machine (other work on both cores; CI adds two busy
    // processes) takes several times as long as an idle one, and a test waits on conditions, each
    // with its own deadline (test/helpers/wait.ts), well inside these.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 20_000 } },
  },
});
