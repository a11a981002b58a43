import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Message times are drawn in local time: pin it so frames are the same everywhere.
    env: { TZ: 'UTC', FORCE_COLOR: '0', NO_COLOR: '' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
