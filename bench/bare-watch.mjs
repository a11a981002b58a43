// The latency baseline: the least any watcher does to show a new message. It
// watches one inbox's folder with fs.watch and, on every event, reads the inbox,
// parses it and prints the newest message's text. No debounce, no validation,
// no layout: what teamtop adds on top of this is its own cost.
import { readFileSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

const inbox = process.argv[2];
let last = '';
watch(dirname(inbox), (_event, name) => {
  if (name !== basename(inbox)) return;
  try {
    const text = JSON.parse(readFileSync(inbox, 'utf8')).at(-1)?.text ?? '';
    if (text !== last) process.stdout.write(`${(last = text)}\n`);
  } catch {
    // Read half-written: the next event brings the rest.
  }
});
process.stdout.write('watching\n');
