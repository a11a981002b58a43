/**
 * An inbox is read whatever its owner is called (issue 26 §4.3): a line break,
 * a carriage return, U+2028 or U+2029 in the name, a name starting with `.`, a
 * name holding `.tmp.` that is not 2.1.330's temp file. Only the writers' own
 * bookkeeping is left alone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyFile, isWatchable } from '../../../src/core/model/paths.js';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watch, writeJson } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

const ODD = ['line\nbreak', 'carriage\rreturn', 'line\u2028separator', 'paragraph\u2029separator', '.dotted', 'a.tmp.b', 'x.tmp.notes'];

/** Who got each message, by text. */
const owners = (json: { teams: { messages: { to: string; text: string }[] }[] }) =>
  Object.fromEntries(json.teams.flatMap((team) => team.messages.map((m) => [m.text, m.to])));

describe('inboxes with odd names', () => {
  it('takes them for inboxes, and a writer temp file or lock for bookkeeping', () => {
    for (const name of ODD) {
      expect(classifyFile(`teams/t/inboxes/${name}.json`), JSON.stringify(name)).toEqual({ kind: 'inbox', team: 't', member: name });
      expect(isWatchable(`teams/t/inboxes/${name}.json`), JSON.stringify(name)).toBe(true);
    }
    for (const path of [
      'teams/t/inboxes/worker.json.tmp.1a2b3c4d',
      'teams/t/inboxes/.worker.json.tmp.1A2B3C4D',
      'teams/t/inboxes/worker.json.lock',
      'teams/t/inboxes/.lock',
      'teams/t/inboxes/.json',
      'teams/.t/inboxes/worker.json',
    ]) {
      expect(classifyFile(path), path).toBeUndefined();
    }
  });

  it('reads them at start-up and as they are written', async () => {
    const dir = tempDir();
    const inboxes = join(dir, 'teams', 'odd', 'inboxes');
    writeJson(join(dir, 'teams', 'odd', 'config.json'), { name: 'odd', members: [{ name: 'team-lead' }, { name: 'worker' }] });
    const [first, ...rest] = ODD;
    writeJson(join(inboxes, `${first}.json`), [entry('team-lead', `to ${first}`)]);
    const live = await watch(dir);
    await waitFor(() => expect(owners(live.json())).toEqual({ [`to ${first}`]: first }));
    for (const name of rest) writeFileSync(join(inboxes, `${name}.json`), JSON.stringify([entry('team-lead', `to ${name}`)]));
    await waitFor(() => expect(owners(live.json())).toEqual(Object.fromEntries(ODD.map((name) => [`to ${name}`, name]))));
    expect(live.json().problems).toEqual([]);
  });
});
