/**
 * The diagnoses pane lists, on `c`, the incidents that cleared: here those of
 * a recording of the real client whose team has ended, nothing wrong with it
 * now, and one shutdown request ignored during the run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../harness/recording.mjs';
import { EntrySchema } from '../../src/io/journal/format.js';
import { Replayer } from '../../src/io/journal/replayer.js';
import { createStore } from '../../src/core/store.js';
import { mountStore } from '../helpers/app.js';
import { CAPTURES } from '../helpers/fixtures.js';
import { journalLines } from '../helpers/recording-journal.js';

function recordedStore(name: string) {
  const recording = loadRecording(join(CAPTURES, name));
  const { lines, end } = journalLines(recording);
  const replayer = new Replayer();
  const store = createStore();
  for (const line of lines)
    store.dispatch({ type: 'observed', observations: replayer.apply({ kind: 'entry', entry: EntrySchema.parse(line) }) });
  return { store, end, team: recordedRun(recording).team };
}

describe('the diagnoses pane, on c', () => {
  it('lists the incidents that cleared, dim, with why and since when, and hides them again', async () => {
    const { store, end } = recordedStore('cc-2.1.330-realcc-ignored-shutdown-tmux');
    const app = mountStore(store, { now: end + 60_000 });
    // Nothing is wrong now: no pane.
    expect(app.lastFrame()).not.toContain(' Diagnoses ');
    await app.press('c');
    const shown = app.lastFrame()!;
    expect(shown).toContain(' Diagnoses  1 cleared');
    expect(shown).toMatch(/✓ ignored-shutdown dave, team-lead +1m {2}cleared \(member left\) · dave has not answered/u);
    await app.press('c');
    expect(app.lastFrame()).not.toContain(' Diagnoses ');
    // The help lists the key.
    await app.press('?');
    expect(app.lastFrame()).toMatch(/c +show\/hide diagnoses that cleared/u);
  });
});
