import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files whose time is real time, whatever the machine: recordings of the real
 * client played at their own pace (a minute, for the conformance suite), a
 * team run, a threshold waited for. Vitest starts the files that took longest
 * last time first; a fresh clone has no last time, and it starts the largest.
 * These start first either way, and the rest fill the cores around them.
 */
const REAL_TIME = [
  'test/conformance/recordings.test.ts',
  'test/core/judge/recordings.test.ts',
  'test/io/demo/demo-work.test.ts',
  'test/e2e/conformance.test.ts',
  'test/cli/follow.test.ts',
  'test/cli/report.test.ts',
];

class RealTimeFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = REAL_TIME.findIndex((name) => file.moduleId.endsWith(name));
      return at < 0 ? REAL_TIME.length : at;
    };
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

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
    sequence: { sequencer: RealTimeFirst },
    // One file more than there are cores (vitest's own default is one fewer: a single file at a time
    // on a 2-core machine). Most of a file's time is waiting (recordings at their own pace, the CLI
    // in a terminal, a threshold), and one at a time the suite used under half a core.
    maxWorkers: availableParallelism() + 1,
    // The concurrent files are recordings played at their own pace (vitest's default is 5 at once):
    // their tests wait on the recording's gaps, and 5 at a time made one file the suite's longest.
    maxConcurrency: 12,
  },
});
