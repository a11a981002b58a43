/**
 * An inbox whose name holds `\` is a name like any other on Linux and macOS
 * (issue 26 §4.4): its removal is seen live, its messages are delivered and
 * `misaddressed` clears.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watch, writeJson } from '../../helpers/live.js';
import { waitFor } from '../../helpers/wait.js';

describe('an inbox with a backslash in its name', () => {
  for (const when of ['at start-up', 'live'] as const) {
    it(`is seen going when it was read ${when}`, async () => {
      const dir = tempDir();
      const inboxes = join(dir, 'teams', 'slash', 'inboxes');
      writeJson(join(dir, 'teams', 'slash', 'config.json'), { name: 'slash', members: [{ name: 'team-lead' }, { name: 'worker' }] });
      writeJson(join(inboxes, 'team-lead.json'), []);
      const odd = join(inboxes, 'back\\slash.json');
      if (when === 'at start-up') writeJson(odd, [entry('team-lead', 'for back\\slash')]);
      const live = await watch(dir);
      if (when === 'live') writeJson(odd, [entry('team-lead', 'for back\\slash')]);
      const kinds = () => live.json().teams[0]!.diagnoses.map((diagnosis) => diagnosis.kind);
      await waitFor(() => expect(kinds()).toEqual(['misaddressed']));
      rmSync(odd);
      await waitFor(() => expect(live.json().teams[0]!.messages.map((m) => [m.to, m.delivered])).toEqual([['back\\slash', true]]));
      expect(kinds()).toEqual([]);
    });
  }
});
