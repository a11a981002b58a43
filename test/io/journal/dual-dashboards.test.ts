/**
 * Two dashboards on the same config dir and state dir record the same team at
 * once, each in a run file of its own. A restore replays runs one after the
 * other, oldest first: one begun later that quit first must not take the team
 * back to where it was when it quit, and an incident both saw is one incident.
 * Real files, the real watcher, the real journal.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalOptions } from '../../../src/cli/session.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { restore, withoutCovered } from '../../../src/io/journal/restore.js';
import { listAllRuns, namespaceDir } from '../../../src/io/journal/store-dir.js';
import { advance } from '../../../src/core/app-state.js';
import { selectIncidents } from '../../../src/core/judge/index.js';
import { snapshot } from '../../../src/core/snapshot.js';
import { createStore } from '../../../src/core/store.js';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../../helpers/live.js';
import { at, stalledIncident, teamState } from '../../helpers/observations.js';
import { waitFor } from '../../helpers/wait.js';

const options = (stateDir: string): JournalOptions => ({ stateDir, write: true, maxBytes: 50 * 1024 * 1024 });

describe('two dashboards recording the same team at once', () => {
  it('restore the team as it ended, not as the one that quit first left it', async () => {
    const dir = tempDir();
    const state = tempDir();
    writeJson(join(dir, 'teams/alpha/config.json'), {
      name: 'alpha',
      members: [{ name: 'team-lead', agentType: 'team-lead' }, { name: 'worker' }],
    });
    writeJson(join(dir, 'teams/alpha/inboxes/worker.json'), []);
    const first = await watchRecorded(dir, options(state));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The second begins later, sees mail come and go, and quits while the first runs on.
    const second = await watchRecorded(dir, options(state));
    writeJson(join(dir, 'teams/alpha/inboxes/worker.json'), [entry('team-lead', 'the parser, please')]);
    await waitFor(() => expect(JSON.stringify(second.json())).toContain('the parser, please'));
    await waitFor(() => expect(JSON.stringify(first.json())).toContain('the parser, please'));
    writeJson(join(dir, 'teams/alpha/inboxes/worker.json'), []);
    await waitFor(() => expect(second.json().teams[0]!.messages[0]!.delivered).toBe(true));
    second.stop();
    // The team is cleaned up: only the first sees it end.
    rmSync(join(dir, 'teams/alpha'), { recursive: true });
    await waitFor(() => expect(first.json().teams[0]!.ended).toBe(true));
    const now = Date.now();
    const seen = first.json(now).teams;
    first.stop();
    expect(listAllRuns(state)).toHaveLength(2);

    const store = createStore();
    restore(namespaceDir(state, dir), (observations) => store.dispatch({ type: 'observed', observations }));
    const restored = snapshot(store.getState(), { thresholds: DEFAULT_THRESHOLDS, claudeDir: dir, now }).teams;
    expect(restored[0]!.ended).toBe(true);
    expect(restored[0]!.members.map(({ name, departed }) => `${name} ${departed}`)).toEqual(
      seen[0]!.members.map(({ name, departed }) => `${name} ${departed}`),
    );
    expect(restored[0]!.messages.map(({ text, delivered }) => `${text} ${delivered}`)).toEqual(['the parser, please true']);
  });

  it('keep an incident both recorded once, though each saw it clear a moment apart', () => {
    const incident = stalledIncident();
    const run = (seconds: number) => ({ kind: 'run' as const, team: 'team', at: at(seconds), thresholds: DEFAULT_THRESHOLDS });
    const lines = (start: number, clearedAt: number) => [
      run(start),
      { kind: 'incidents' as const, team: 'team', at: at(start), raised: [], cleared: [], whole: true },
      { kind: 'incidents' as const, team: 'team', at: at(60), raised: [incident], cleared: [], whole: false },
      {
        kind: 'incidents' as const,
        team: 'team',
        at: clearedAt,
        raised: [],
        cleared: [{ ...incident, clearedAt, cleared: 'answered' }],
        whole: false,
      },
    ];
    // The first dashboard's run, then the second's (begun later), replayed one after the other.
    const state = advance(
      teamState(),
      { type: 'observed', observations: [...lines(0, at(70) + 1), ...lines(30, at(70) + 4)] },
      DEFAULT_THRESHOLDS,
    );
    const incidents = selectIncidents(state, state.teams.get('team')!, at(100), DEFAULT_THRESHOLDS);
    expect(incidents.map(({ id, raisedAt, clearedAt }) => [id, raisedAt, clearedAt])).toEqual([
      ['stalled:handshake:p1', at(60), at(70) + 1],
    ]);
  });

  it('keep a run begun later whose end cannot be read from its last 64 KB', () => {
    const folder = tempDir();
    const run = (name: string, started: number, last: object) => {
      const path = join(folder, name);
      const header = { teamtop: 'journal', v: 2, run: name, team: 'alpha', claudeDir: '/c', started };
      writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(last)}\n`);
      return { path };
    };
    const inbox = (t: number, text: string) => ({
      op: 'inbox',
      t,
      live: true,
      path: 'teams/alpha/inboxes/worker.json',
      messages: [entry('team-lead', text)],
    });
    const first = run('a.jsonl', 0, inbox(1000, 'short'));
    // Begun later, ended before the first: covered, and not replayed.
    const covered = run('b.jsonl', 100, inbox(200, 'short'));
    expect(withoutCovered([first, covered])).toEqual([first]);
    // Its last line alone is longer than what is read of its end: when it ended is not known, and it is kept.
    const unknown = run('c.jsonl', 100, inbox(2000, 'x'.repeat(100_000)));
    expect(withoutCovered([first, unknown])).toEqual([first, unknown]);
  });
});
