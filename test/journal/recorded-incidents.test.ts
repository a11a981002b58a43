/**
 * A live dashboard records the incidents it judged in its journal, so that a
 * restore takes them as they were instead of judging every moment of a long
 * history again (a judgement walks the team's history: 20,000 of them took a
 * minute). Real files, the real watcher, the real journal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalOptions } from '../../src/cli/session.js';
import { misaddressed } from '../../src/domain/diagnoses/misaddressed.js';
import { DEFAULT_THRESHOLDS } from '../../src/domain/thresholds.js';
import { restore } from '../../src/journal/restore.js';
import { listAllRuns, namespaceDir } from '../../src/journal/store-dir.js';
import { selectIncidents } from '../../src/store/selectors/incidents.js';
import type { AppState } from '../../src/store/state.js';
import { createStore } from '../../src/store/store.js';
import { tempDir } from '../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../helpers/live.js';
import { waitFor } from '../helpers/wait.js';

const options = (stateDir: string): JournalOptions => ({ stateDir, write: true, maxBytes: 50 * 1024 * 1024 });

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a user is shown of a team's incidents, as of `now`. */
const incidentsOf = (state: AppState, now: number) =>
  selectIncidents(state, state.teams.get('alpha')!, now, DEFAULT_THRESHOLDS).map(
    ({ id, raisedAt, clearedAt, cleared, summary, evidence }) => ({
      id,
      raisedAt,
      clearedAt,
      cleared,
      summary,
      evidence: evidence.map((item) => (item.kind === 'message' ? `${item.ref} ${item.message.text}` : item.ref)),
    }),
  );

describe('incidents recorded in the journal', () => {
  it('are what a restore shows, taken from the journal without judging the history again', async () => {
    const dir = tempDir();
    const state = tempDir();
    writeJson(join(dir, 'teams/alpha/config.json'), {
      name: 'alpha',
      members: [{ name: 'team-lead', agentType: 'team-lead' }, { name: 'worker' }],
    });
    writeJson(join(dir, 'teams/alpha/inboxes/team-lead.json'), []);
    const live = await watchRecorded(dir, options(state));
    // Mail to two names on no roster: raised. One is read after all (cleared), the other waits (standing).
    const parser = entry('team-lead', 'the parser, please');
    writeJson(join(dir, 'teams/alpha/inboxes/wroker.json'), [parser]);
    writeJson(join(dir, 'teams/alpha/inboxes/helper.json'), [entry('team-lead', 'the docs, please')]);
    await waitFor(() => expect(incidentsOf(live.store.getState(), Date.now())).toHaveLength(2));
    writeJson(join(dir, 'teams/alpha/inboxes/wroker.json'), [{ ...parser, read: true }]);
    await waitFor(() => expect(incidentsOf(live.store.getState(), Date.now()).filter((incident) => incident.cleared)).toHaveLength(1));
    const now = Date.now();
    const seen = incidentsOf(live.store.getState(), now);
    live.stop();

    // The run says it records them, and does: one line as they were raised, one as one cleared.
    const [run] = listAllRuns(state);
    const lines = readFileSync(run!.path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ teamtop: 'journal', incidents: true });
    const recorded = lines.filter((line) => line['op'] === 'incidents');
    expect(recorded.flatMap((line) => (line['raised'] as { id: string }[]).map((incident) => incident.id)).sort()).toEqual([
      'misaddressed:inbox:helper',
      'misaddressed:inbox:wroker',
    ]);
    expect(
      recorded.flatMap((line) => (line['cleared'] as { id: string; cleared: string }[]).map(({ id, cleared }) => `${id} ${cleared}`)),
    ).toEqual(['misaddressed:inbox:wroker mail taken']);
    // The messages themselves are in the inbox lines: an incident names them, by inbox and key.
    const evidence = recorded.flatMap((line) =>
      (line['raised'] as { evidence: Record<string, unknown>[] }[]).flatMap((incident) => incident.evidence),
    );
    expect(evidence.filter((item) => item['kind'] === 'message').map((item) => Object.keys(item).sort())).toEqual([
      ['at', 'key', 'kind', 'ref', 'to'],
      ['at', 'key', 'kind', 'ref', 'to'],
    ]);

    // Restored: the same incidents, the same evidence, and no detector ran while the history was replayed.
    const detect = vi.spyOn(misaddressed, 'detect');
    const store = createStore();
    restore(namespaceDir(state, dir), (observations) => store.dispatch({ type: 'observed', observations }));
    expect(detect).not.toHaveBeenCalled();
    expect(incidentsOf(store.getState(), now)).toEqual(seen);
    expect(seen.map(({ id, cleared }) => `${id} ${cleared}`)).toEqual([
      'misaddressed:inbox:wroker mail taken',
      'misaddressed:inbox:helper null',
    ]);
  });
});
