/**
 * A live dashboard's run with one incident raised and cleared and one standing
 * (mail to two names on no roster, one of them read after all), recorded in its
 * journal: for the tests of what a restore makes of recorded incidents.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { JournalOptions } from '../../src/cli/session.js';
import { selectIncidents } from '../../src/core/judge/index.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import type { AppState } from '../../src/core/app-state.js';
import { entry, watchRecorded, writeJson } from './live.js';
import { waitFor } from './wait.js';

/** What a user is shown of team alpha's incidents, as of `now`. */
export const incidentsOf = (state: AppState, now: number) =>
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

/** The run, watched until both incidents are shown and one cleared; what it showed then, and when. */
export async function misaddressedRun(
  dir: string,
  journal: JournalOptions,
): Promise<{ seen: ReturnType<typeof incidentsOf>; now: number }> {
  writeJson(join(dir, 'teams/alpha/config.json'), {
    name: 'alpha',
    members: [{ name: 'team-lead', agentType: 'team-lead' }, { name: 'worker' }],
  });
  writeJson(join(dir, 'teams/alpha/inboxes/team-lead.json'), []);
  const live = await watchRecorded(dir, journal);
  const parser = entry('team-lead', 'the parser, please');
  writeJson(join(dir, 'teams/alpha/inboxes/wroker.json'), [parser]);
  writeJson(join(dir, 'teams/alpha/inboxes/helper.json'), [entry('team-lead', 'the docs, please')]);
  await waitFor(() => expect(incidentsOf(live.store.getState(), Date.now())).toHaveLength(2));
  writeJson(join(dir, 'teams/alpha/inboxes/wroker.json'), [{ ...parser, read: true }]);
  await waitFor(() => expect(incidentsOf(live.store.getState(), Date.now()).filter((incident) => incident.cleared)).toHaveLength(1));
  const now = Date.now();
  const seen = incidentsOf(live.store.getState(), now);
  live.stop();
  return { seen, now };
}
