#!/usr/bin/env node
// Regenerates docs/serve.png, the README's picture of `teamtop serve`: the built
// CLI's `demo --serve`, as a user runs it, its page opened in Debian's chromium
// (headless, through playwright-core) at the moment named, the whole page.
//
//   npm run screenshot            (builds dist/ first; also redraws docs/screenshot.svg)
//   node scripts/screenshot-page.mjs --width 390 --out /tmp/phone.png
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: fileURLToPath(new URL('../docs/serve.png', import.meta.url)) },
    width: { type: 'string', default: '1200' },
    height: { type: 'string', default: '900' },
    speed: { type: 'string', default: '1' },
    // The demo's permission request, stalled (past 10 s here: the demo's own 15 s leaves a second before it is answered).
    'stall-after': { type: 'string', default: '10' },
    until: { type: 'string', default: 'Diagnoses (1)' },
    timeout: { type: 'string', default: '120' },
  },
});
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

const demo = spawn(
  process.execPath,
  [CLI, 'demo', '--serve', '--port', '0', '--speed', values.speed, '--stall-after', values['stall-after']],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const address = await new Promise((resolve, reject) => {
  let out = '';
  demo.stdout.setEncoding('utf8').on('data', (chunk) => {
    out += chunk;
    const found = /teamtop serve: (http:\/\/\S+)\n/u.exec(out);
    if (found) resolve(found[1]);
  });
  demo.once('exit', (code) => reject(new Error(`teamtop demo --serve exited ${code}: ${out}`)));
});

const profile = mkdtempSync(join(tmpdir(), 'teamtop-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: Number(values.width), height: Number(values.height) },
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(address);
  await page
    .getByText(values.until)
    .first()
    .waitFor({ timeout: Number(values.timeout) * 1000 });
  // The next update may be on its way: let the page rest.
  await page.waitForTimeout(300);
  await page.screenshot({ path: values.out, fullPage: true });
  process.stdout.write(`wrote ${values.out}\n`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  demo.kill('SIGTERM');
}
