/**
 * Whose process is the lead's when its session ran twice: the client killed
 * leaves its `sessions/<pid>.json`, and the session resumed writes another.
 */
import { describe, expect, it } from 'vitest';
import type { ProcessSeen } from '../../../src/core/model/liveness.js';
import type { SessionState } from '../../../src/core/model/session-state.js';
import { selectLeadDead, selectLiveness, selectTeamEnded } from '../../../src/core/select/liveness.js';
import { at, config, member, observe } from '../../helpers/observations.js';
import { initialState } from '../../../src/core/app-state.js';

const SESSION = '4b6c1a1e-0000-4000-8000-000000000001';

const seen = (pid: number, state: ProcessSeen['state'], startedAt: number): ProcessSeen => ({
  pid,
  procStart: String(pid * 10),
  agent: null,
  startedAt,
  state,
  why: null,
  since: state === 'dead' ? Number.NaN : at(0),
  checkedAt: at(100),
});

const session = (pid: number, startedAt: number): SessionState => ({
  sessionId: SESSION,
  pid,
  status: 'busy',
  startedAt,
  procStart: String(pid * 10),
});

/** The team, with the lead's sessions' files and processes said in the order given. */
function teamWith(runs: readonly { pid: number; state: ProcessSeen['state']; startedAt: number }[]) {
  let state = observe(
    initialState,
    { kind: 'folder', target: { kind: 'team-dir', team: 'team' }, at: at(0) },
    {
      kind: 'config',
      team: 'team',
      config: config([member('team-lead', { agentType: 'team-lead', agentId: 'team-lead@team' }), member('worker')], {
        leadSessionId: SESSION,
      }),
      at: at(0),
      live: false,
    },
  );
  for (const run of runs) {
    state = observe(
      state,
      {
        kind: 'session-state',
        team: 'team',
        path: `sessions/${run.pid}.json`,
        state: session(run.pid, run.startedAt),
        at: at(100),
        live: false,
      },
      { kind: 'process', team: 'team', path: `sessions/${run.pid}.json`, process: seen(run.pid, run.state, run.startedAt), at: at(100) },
    );
  }
  return state.teams.get('team')!;
}

describe("the lead's process, when its session ran in more than one", () => {
  it('is the newest: the session resumed runs, so the lead and its in-process teammates are alive and the team goes on', () => {
    // The killed run's file is read first (a lower pid, an older start).
    const team = teamWith([
      { pid: 2000, state: 'dead', startedAt: at(0) },
      { pid: 3000, state: 'alive', startedAt: at(60) },
    ]);
    expect(selectLiveness(team).get('team-lead')).toMatchObject({ state: 'alive', pid: 3000 });
    expect(selectLiveness(team).get('worker')).toMatchObject({ state: 'alive', pid: 3000 });
    expect(selectLeadDead(team)).toBe(false);
    expect(selectTeamEnded(team)).toBe(false);
  });

  it('is the newest whatever order the files are read in: the resumed run killed too ends the team', () => {
    const team = teamWith([
      { pid: 3000, state: 'dead', startedAt: at(60) },
      { pid: 2000, state: 'alive', startedAt: at(0) },
    ]);
    expect(selectLiveness(team).get('team-lead')).toMatchObject({ state: 'dead', pid: 3000 });
    expect(selectTeamEnded(team)).toBe(true);
  });
});
