// The baseline of a conformance run: the least any watcher does to see a new
// message (bench/bare-watch.mjs, for every inbox of a config dir). fs.watch on
// the folders on the way to the inboxes, each as it appears (Node's recursive
// watch misses the first file of a new folder); on each event for an inbox,
// read it, parse it and print the id of each message not seen before. No
// validation, no layout, no terminal: on a machine busy with the real client,
// what teamtop adds on top is its own cost.
import { readdirSync, readFileSync, statSync, watch } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2];
const FOLDER = /^(teams|teams\/[^/]+|teams\/[^/]+\/inboxes)$/u;
const INBOX = /^teams\/[^/]+\/inboxes\/[^/]+\.json$/u;
const followed = new Set();
const seen = new Set();

function follow(folder) {
  if (followed.has(folder)) return;
  try {
    watch(folder, (_event, name) => name && visit(join(folder, name)));
    followed.add(folder);
    for (const name of readdirSync(folder)) visit(join(folder, name));
  } catch {
    // Gone meanwhile.
  }
}

function visit(path) {
  const rel = relative(root, path);
  try {
    if (FOLDER.test(rel) && statSync(path).isDirectory()) follow(path);
    else if (INBOX.test(rel)) print(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // Gone, or read half-written: the next event brings the rest.
  }
}

function print(messages) {
  for (const message of messages) {
    if (seen.has(message.msg_id)) continue;
    seen.add(message.msg_id);
    process.stdout.write(`${message.msg_id}\n`);
  }
}

watch(root, (_event, name) => name && visit(join(root, name)));
visit(join(root, 'teams'));
process.stdout.write('watching\n');
