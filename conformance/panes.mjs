// Watches every pane of the run's tmux server: keeps each new screen in
// log/screens/, and, for scenarios that need it, answers Claude Code's
// permission and plan dialogs by pressing keys on the highlighted "Yes", or
// refuses one whose screen matches a pattern (Escape), as a person says no.
// Run as a child process (fork): node panes.mjs <socket> <log dir> [--answer [--deny REGEX]].
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Tmux } from './tmux.mjs';

const DIALOG =
  /(Do you want to (proceed|make this edit|create|allow)|Enter plan mode\?|Exit plan mode\?|wants to (use|run)|Would you like to proceed|requesting permission|permission request)/iu;
/** The highlighted choice is Yes: Enter takes it. */
const YES = /^\s*❯\s*(1\.\s*)?Yes/mu;
/** No is highlighted just above Yes: Down, then Enter. */
const NO_ABOVE_YES = /^\s*❯\s*No\s*$\n^\s+Yes/mu;
/** A pane that keeps asking is left alone after this many answers. */
const MAX_ANSWERS = 20;

const [socket, logDir, flag, denyFlag, denySource] = process.argv.slice(2);
const answer = flag === '--answer';
const deny = denyFlag === '--deny' && denySource ? new RegExp(denySource, 'u') : undefined;
const tmux = new Tmux(socket, process.env);
const screens = join(logDir, 'screens');
mkdirSync(screens, { recursive: true });
const last = new Map();
const answered = new Map();
let running = true;
process.on('SIGTERM', () => (running = false));
process.on('disconnect', () => (running = false));

while (running) {
  for (const { id } of await tmux.panes()) {
    const screen = await tmux.capture(id);
    if (!screen || screen === last.get(id)) continue;
    last.set(id, screen);
    writeFileSync(join(screens, `${(Date.now() / 1000).toFixed(3)}_${id.slice(1)}.txt`), screen);
    const count = answered.get(id) ?? 0;
    if (answer && count < MAX_ANSWERS && DIALOG.test(screen) && (YES.test(screen) || NO_ABOVE_YES.test(screen))) {
      await sleep(300);
      if (deny?.test(screen)) {
        await tmux.keys(id, 'Escape');
        answered.set(id, count + 1);
        appendFileSync(join(logDir, 'answers.jsonl'), `${JSON.stringify({ t: Date.now() / 1000, pane: id, denied: true, screen })}\n`);
        last.delete(id);
        continue;
      }
      if (!YES.test(screen)) {
        await tmux.keys(id, 'Down');
        await sleep(200);
      }
      await tmux.keys(id, 'Enter');
      answered.set(id, count + 1);
      appendFileSync(join(logDir, 'answers.jsonl'), `${JSON.stringify({ t: Date.now() / 1000, pane: id, screen })}\n`);
      // Look at the pane afresh: the same dialog may come again.
      last.delete(id);
    }
  }
  await sleep(200);
}
process.exit(0);
