import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
/**
 * The incidents fold (src/core/judge/incidents.ts): what was wrong during a run,
 * judged at each moment of its history and at the thresholds between, the
 * same whichever batches the history came in.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../../harness/recording.mjs';
import type { Observation } from '../../../src/core/model/observation.js';
import { EntrySchema } from '../../../src/io/journal/format.js';
import { Replayer } from '../../../src/io/journal/replayer.js';
import { advance } from '../../../src/core/app-state.js';
import { clearedIncidents, selectIncidents } from '../../../src/core/judge/index.js';
import { CAPTURES } from '../../helpers/fixtures.js';
import { at, config, member, message, observe, T0 } from '../../helpers/observations.js';
import { journalLines } from '../../helpers/recording-journal.js';
import { initialState, type AppState } from '../../../src/core/app-state.js';

const STALL = DEFAULT_THRESHOLDS;
const TEAM = 'team';

const incidentsOf = (state: AppState, team: string, now: number) =>
  selectIncidents(state, state.teams.get(team)!, now, STALL).map(({ kind, members, raisedAt, clearedAt, cleared }) => ({
    kind,
    members,
    raisedAt,
    clearedAt,
    cleared,
  }));

/** A recording's journal, as the observations of each of its lines. */
function recordedObservations(name: string): { team: string; lines: Observation[][]; end: number } {
  const recording = loadRecording(join(CAPTURES, name));
  const { lines, end } = journalLines(recording);
  const replayer = new Replayer();
  return {
    team: recordedRun(recording).team,
    lines: lines.map((line) => replayer.apply({ kind: 'entry', entry: EntrySchema.parse(line) })),
    end,
  };
}

const inbox = (owner: string, messages: ReturnType<typeof message>[], seconds: number): Observation => ({
  kind: 'inbox',
  team: TEAM,
  member: owner,
  messages,
  at: at(seconds),
  live: true,
});
const roster = (names: string[], seconds: number): Observation => ({
  kind: 'config',
  team: TEAM,
  config: config(names.map((name) => member(name, name === 'team-lead' ? { agentType: 'team-lead' } : {}))),
  at: at(seconds),
  live: true,
});
const started: Observation[] = [{ kind: 'folder', target: { kind: 'team-dir', team: TEAM }, at: T0 }, roster(['team-lead', 'worker'], 0)];
const request = { type: 'shutdown_request', requestId: 'shutdown-1@worker', from: 'team-lead', reason: 'done' };
const approval = { type: 'shutdown_approved', requestId: 'shutdown-1@worker', from: 'worker' };

describe('incidents', () => {
  it.each(['cc-2.1.330-realcc-ignored-shutdown-in-process', 'cc-2.1.330-realcc-lost-with-member-in-process'])(
    'are the same whether the history came one change at a time (live) or in one batch (a restored journal): %s',
    (name) => {
      const { team, lines, end } = recordedObservations(name);
      const live = lines.reduce(
        (state, observations) => advance(state, { type: 'observed', observations }, DEFAULT_THRESHOLDS),
        initialState,
      );
      const restored = advance(initialState, { type: 'observed', observations: lines.flat() }, DEFAULT_THRESHOLDS);
      expect(incidentsOf(live, team, end).length).toBeGreaterThan(0);
      expect(incidentsOf(restored, team, end)).toEqual(incidentsOf(live, team, end));
    },
  );

  it('are raised at the instant a threshold passed between two changes, and cleared with why', () => {
    const state = observe(
      initialState,
      ...started,
      inbox('worker', [message('worker', 'team-lead', request, 1)], 1),
      inbox('team-lead', [message('team-lead', 'worker', approval, 100)], 100),
    );
    // (As of 150 s: a minute after its approval, still on the roster, the worker would be a zombie.)
    expect(incidentsOf(state, TEAM, at(150))).toEqual([
      { kind: 'stalled', members: ['worker', 'team-lead'], raisedAt: at(61), clearedAt: at(100), cleared: 'answered' },
    ]);
    // Before the answer, as of an instant past the threshold with no change since: standing.
    const waiting = observe(initialState, ...started, inbox('worker', [message('worker', 'team-lead', request, 1)], 1));
    expect(incidentsOf(waiting, TEAM, at(70))).toEqual([
      { kind: 'stalled', members: ['worker', 'team-lead'], raisedAt: at(61), clearedAt: null, cleared: null },
    ]);
    expect(incidentsOf(waiting, TEAM, at(30))).toEqual([]);
    // On a live team, those that cleared within the hour follow the current ones (doctor, the pane's c); not older ones.
    const team = state.teams.get(TEAM)!;
    const cleared = (now: number) => clearedIncidents(selectIncidents(state, team, now, STALL), team, now).map((incident) => incident.kind);
    expect(cleared(at(100) + 59 * 60_000)).toEqual(['stalled']);
    expect(cleared(at(100) + 61 * 60_000)).toEqual([]);
  });

  it('at the end of a run, judge what waits for the client to settle as if the team had lived on', () => {
    // worker approves and leaves the roster; the lead writes to it 1 s before it exits.
    const state = observe(
      initialState,
      ...started,
      inbox('worker', [message('worker', 'team-lead', request, 1)], 1),
      inbox('worker', [], 2),
      inbox('team-lead', [message('team-lead', 'worker', approval, 3)], 3),
      roster(['team-lead'], 4),
      inbox('worker', [message('worker', 'team-lead', 'worker, one more thing', 20)], 20),
      { kind: 'folder-gone', target: { kind: 'team-dir', team: TEAM }, at: at(21) },
    );
    expect(incidentsOf(state, TEAM, at(3600)).filter((incident) => incident.kind === 'to-departed')).toEqual([
      // Raised 5 s after the message came, as if the team had lived on; the mail is lost for good.
      { kind: 'to-departed', members: ['worker', 'team-lead'], raisedAt: at(25), clearedAt: null, cleared: null },
    ]);
  });
});
