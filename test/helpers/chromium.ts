/**
 * Debian's `chromium`, headless, as a reader's browser: a screenshot of a
 * page, or the page as the browser parsed it. Run as root in CI, so without
 * its sandbox; a fresh profile each time, and nothing that reaches out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

function chromium(args: readonly string[]): string {
  const profile = mkdtempSync(join(tmpdir(), 'teamtop-chromium-'));
  try {
    const run = spawnSync('chromium', [...FLAGS, `--user-data-dir=${profile}`, ...args], { encoding: 'utf8', timeout: 60_000 });
    if (run.error)
      throw new Error(`Debian's chromium is needed here (apt-get install -y chromium; .ci/run installs it): ${run.error.message}`);
    if (run.status !== 0) throw new Error(`chromium exited ${run.status}: ${run.stderr}`);
    return run.stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

export interface Screenshot {
  readonly width: number;
  readonly height: number;
  readonly at: (x: number, y: number) => readonly [number, number, number];
}

/** A screenshot of `page` in a window `width` × `height`, saved to `png` and read back. */
export function screenshot(page: string, png: string, width: number, height: number): Screenshot {
  chromium([`--screenshot=${png}`, `--window-size=${width},${height}`, pathToFileURL(page).href]);
  const image = PNG.sync.read(readFileSync(png));
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => {
      const i = (y * image.width + x) * 4;
      return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    },
  };
}

/** The page as the browser parsed it, serialised. */
export const parsedPage = (page: string): string => chromium(['--dump-dom', pathToFileURL(page).href]);
