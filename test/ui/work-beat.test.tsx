/**
 * The members' work (their transcripts, the lead's session), which a busy team
 * writes many times a second, is drawn on the clock's beat, not in frames of
 * its own; a change of the team files is drawn at once. Whatever the clock:
 * with a fixed `--now` there is no beat of ages, and work is drawn all the same.
 */
import { describe, expect, it } from 'vitest';
import { createStore, type Change } from '../../src/core/store.js';
import { mountStore } from '../helpers/app.js';
import { tempDir } from '../helpers/fixtures.js';
import { watch } from '../helpers/live.js';
import { teamStateObservations } from '../helpers/observations.js';
import type { Observation } from '../../src/core/model/observation.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { waitFor } from '../helpers/wait.js';

function team() {
  const files = new TeamFiles(tempDir());
  files.config([files.teammate('alice')]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice', 1);
  return { files, lead };
}

describe("the members' work on the dashboard", () => {
  for (const clock of ['moving', 'fixed'] as const) {
    it(`is drawn as it comes, with a ${clock} clock`, async () => {
      const { files, lead } = team();
      const live = await watch(files.dir);
      const app = mountStore(live.store, { claudeDir: files.dir, now: clock === 'fixed' ? files.at(3) : undefined });
      await waitFor(() => expect(app.lastFrame()).toContain('team-lead'));
      lead.toolUse('toolu_lead_1', 'Bash', { command: 'make release' }, 2);
      await waitFor(() => expect(app.lastFrame()).toContain('▶ Bash make release'));
      lead.toolResult('toolu_lead_1', 3);
      lead.toolUse('toolu_lead_2', 'Grep', { pattern: 'TODO' }, 3);
      await waitFor(() => expect(app.lastFrame()).toContain('▶ Grep TODO'));
    });
  }
});

describe("the store's notices", () => {
  /** The lead's session busy or idle, as the transcripts' reader says it. */
  const session = (status: string, at: number): Observation => ({
    kind: 'session-state',
    team: 'team',
    path: 'sessions/1.json',
    state: { sessionId: 's', pid: 1, cwd: '/work', status, waitingFor: null, updatedAt: at },
    at,
    live: true,
  });

  it("say whether the team files changed, or only the members' work", async () => {
    const store = createStore();
    const heard: Change[] = [];
    store.subscribe((change) => heard.push(change));
    const turn = () => new Promise((resolve) => setTimeout(resolve, 30));
    const [folder, config] = teamStateObservations('team');
    store.dispatch({ type: 'observed', observations: [folder!, config!] });
    await turn();
    store.dispatch({ type: 'observed', observations: [session('busy', 1)] });
    await turn();
    // Work and a file in one notice: the files changed.
    store.dispatch({ type: 'observed', observations: [session('idle', 2)] });
    store.dispatch({ type: 'observed', observations: [{ kind: 'problem', path: 'teams/team/x.json', message: 'odd', at: 2 }] });
    await turn();
    expect(heard).toEqual(['files', 'work', 'files']);
  });

  it('say mail taken is the team files’ news where it changed an inbox, and the work’s where it did not', async () => {
    const store = createStore();
    const heard: Change[] = [];
    store.subscribe((change) => heard.push(change));
    const turn = () => new Promise((resolve) => setTimeout(resolve, 30));
    store.dispatch({ type: 'observed', observations: teamStateObservations('team') });
    await turn();
    const taken = (): Observation => ({
      kind: 'mail-taken',
      team: 'team',
      member: 'worker',
      mail: [{ from: 'lead', summary: null, color: null, text: 'a message the inbox never showed', at: 5 }],
      at: 6,
      live: true,
    });
    // Recovered: a message new to the worker's inbox.
    store.dispatch({ type: 'observed', observations: [session('busy', 5), taken()] });
    await turn();
    // The same record read again (a transcript read from its start): nothing new, but what the member does.
    store.dispatch({ type: 'observed', observations: [session('idle', 7), taken()] });
    await turn();
    expect(heard).toEqual(['files', 'files', 'work']);
  });
});
