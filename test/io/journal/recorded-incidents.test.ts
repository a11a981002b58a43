/**
 * A live dashboard records the incidents it judged in its journal, so that a
 * restore takes them as they were instead of judging every moment of a long
 * history again (a judgement walks the team's history: 20,000 of them took a
 * minute). Real files, the real watcher, the real journal.
 */
import { stalling } from '../../helpers/thresholds.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalOptions } from '../../../src/cli/session.js';
import { misaddressed, selectIncidents } from '../../../src/core/judge/index.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import type { Observation } from '../../../src/core/model/observation.js';
import { replayRuns, restore } from '../../../src/io/journal/restore.js';
import { advance } from '../../../src/core/app-state.js';
import { listAllRuns, namespaceDir } from '../../../src/io/journal/store-dir.js';
import { createStore } from '../../../src/core/store.js';
import { tempDir } from '../../helpers/fixtures.js';
import { entry, watchRecorded, writeJson } from '../../helpers/live.js';
import { at, message, stalledIncident, teamState } from '../../helpers/observations.js';
import { waitFor } from '../../helpers/wait.js';
import { incidentsOf, misaddressedRun } from '../../helpers/misaddressed-run.js';

const options = (stateDir: string): JournalOptions => ({ stateDir, write: true, maxBytes: 50 * 1024 * 1024 });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('incidents recorded in the journal', () => {
  it('are what a restore shows, taken from the journal without judging the history again', async () => {
    const dir = tempDir();
    const state = tempDir();
    // Mail to two names on no roster: raised. One is read after all (cleared), the other waits (standing).
    const { seen, now } = await misaddressedRun(dir, options(state));

    // The run says it records them, and does: one line as they were raised, one as one cleared.
    const [run] = listAllRuns(state);
    const lines = readFileSync(run!.path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ teamtop: 'journal', incidents: DEFAULT_THRESHOLDS });
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
      ['at', 'kind', 'n', 'ref', 'to'],
      ['at', 'kind', 'n', 'ref', 'to'],
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

    // Replayed with other thresholds than the run judged with: judged again, not taken.
    const other = createStore({ tracking: stalling(5000) });
    restore(namespaceDir(state, dir), (observations) => other.dispatch({ type: 'observed', observations }));
    expect(detect).toHaveBeenCalled();

    // A later run, in which nothing changes but one new message: its file says what still stands, so
    // it replays on its own (an export of it, or the journal once the first run was pruned).
    const later = await watchRecorded(dir, options(state));
    writeJson(join(dir, 'teams/alpha/inboxes/team-lead.json'), [entry('worker', 'still here')]);
    await waitFor(() => expect(JSON.stringify(later.json())).toContain('still here'));
    later.stop();
    detect.mockClear();
    const second = listAllRuns(state).find((candidate) => candidate.run === later.journal!.run)!;
    const alone = createStore();
    replayRuns([second], (observations) => alone.dispatch({ type: 'observed', observations }));
    expect(detect).not.toHaveBeenCalled();
    expect(incidentsOf(alone.getState(), now).map(({ id, cleared }) => `${id} ${cleared}`)).toEqual(['misaddressed:inbox:helper null']);
  });

  it('are judged again where a recorded run is followed by one that did not record them', () => {
    const plan = message('worker', 'team-lead', { type: 'plan_approval_request', requestId: 'p1', plan: 'x' }, 3);
    const answer = message('team-lead', 'worker', { type: 'plan_approval_response', requestId: 'p1', approve: true }, 100);
    const inbox = (member: string, seconds: number, messages: ReturnType<typeof message>[]): Observation => ({
      kind: 'inbox',
      team: 'team',
      member,
      messages,
      at: at(seconds),
      live: true,
    });
    // One batch, as a restore or an export plays it: a recorded run, then an older teamtop's, in
    // which a plan waits past the stall and is then answered.
    const state = advance(
      teamState(),
      {
        type: 'observed',
        observations: [
          { kind: 'run', team: 'team', at: at(0), thresholds: DEFAULT_THRESHOLDS },
          inbox('team-lead', 1, []),
          { kind: 'run', team: 'team', at: at(2), thresholds: null },
          inbox('team-lead', 3, [plan]),
          inbox('worker', 100, [answer]),
        ],
      },
      DEFAULT_THRESHOLDS,
    );
    // Judged moment by moment in the second run: raised at the stall, cleared by the answer.
    const incidents = selectIncidents(state, state.teams.get('team')!, at(100), DEFAULT_THRESHOLDS);
    expect(incidents.map(({ kind, raisedAt, clearedAt, cleared }) => [kind, raisedAt, clearedAt, cleared])).toEqual([
      ['stalled', at(63), at(100), 'answered'],
    ]);
  });

  it('take no cleared incident that says no time it cleared', () => {
    const standing = stalledIncident();
    const state = advance(
      teamState(),
      {
        type: 'observed',
        observations: [
          { kind: 'run', team: 'team', at: at(0), thresholds: DEFAULT_THRESHOLDS },
          { kind: 'incidents', team: 'team', at: at(60), raised: [standing], cleared: [], whole: true },
          {
            kind: 'incidents',
            team: 'team',
            at: at(61),
            raised: [],
            cleared: Array.from({ length: 10_000 }, () => standing),
            whole: false,
          },
        ],
      },
      DEFAULT_THRESHOLDS,
    );
    expect(state.incidents.get('team')!.cleared).toEqual([]);
    expect([...state.incidents.get('team')!.open.keys()]).toEqual(['stalled:handshake:p1']);
  });
});
