import { execFileSync } from 'node:child_process';

/** The end-to-end tests drive the built CLI: build it once per run. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
