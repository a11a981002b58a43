#!/usr/bin/env node
// Regenerates docs/screenshot.svg, the README's picture of teamtop: the built
// CLI's demo in a pseudo-terminal, as a user runs it, read by a headless xterm
// until the moment named, and drawn cell by cell with its colours.
//
//   npm run screenshot            (builds dist/ first)
//   node scripts/screenshot.mjs --until 'Handshakes' --cols 100 --rows 30 --out /tmp/shot.svg
import xterm from '@xterm/headless';
import { spawn } from 'node-pty';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { screenToSvg } from './screen-svg.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: fileURLToPath(new URL('../docs/screenshot.svg', import.meta.url)) },
    cols: { type: 'string', default: '120' },
    rows: { type: 'string', default: '36' },
    speed: { type: 'string', default: '1' },
    // The demo's permission request has waited past the stall threshold (38 s
    // in, at speed 1): every part of the screen has something to show.
    until: { type: 'string', default: 'Diagnoses  1 warning' },
    timeout: { type: 'string', default: '120' },
  },
});
const cols = Number(values.cols);
const rows = Number(values.rows);
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

// A user's terminal: nothing a CI or a test runner sets decides colour or drawing.
const env = { ...process.env, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
for (const key of ['CI', 'FORCE_COLOR', 'NO_COLOR', 'COLORTERM']) delete env[key];

const screen = new xterm.Terminal({ cols, rows, allowProposedApi: true });
const child = spawn(process.execPath, [CLI, 'demo', '--speed', values.speed], { cols, rows, env, name: 'xterm-256color' });
let lastOutput = performance.now();
child.onData((data) => {
  lastOutput = performance.now();
  screen.write(data);
});
const exited = new Promise((resolveExit) => child.onExit(resolveExit));

const text = () => {
  const buffer = screen.buffer.active;
  return Array.from({ length: rows }, (_, y) => buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '').join('\n');
};
const flushed = () => new Promise((resolveWrite) => screen.write('', resolveWrite));
const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

const deadline = performance.now() + Number(values.timeout) * 1000;
for (;;) {
  await flushed();
  if (text().includes(values.until)) break;
  if (performance.now() > deadline) {
    child.kill();
    throw new Error(`the screen never showed ${JSON.stringify(values.until)}; it last showed:\n${text()}`);
  }
  await sleep(20);
}
// The frame that showed it may still be arriving: wait for the output to rest.
while (performance.now() - lastOutput < 150) await sleep(20);
await flushed();

writeFileSync(values.out, screenToSvg(screen, { title: `teamtop demo at ${cols}x${rows}` }));
process.stdout.write(`${text()}\n\nwrote ${values.out}\n`);
child.write('q');
await exited;
