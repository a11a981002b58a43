/**
 * The inbox comes first (issue 36 §2): an inbox whose change is known is read
 * before the transcript reader's next slice, however much of a transcript is
 * left to read, and a slice is short in time as well as in bytes, so no
 * transcript delays mail by more than one short slice.
 */
import { describe, expect, it } from 'vitest';
import { openSession, settledSession } from '../../../src/cli/session.js';
import type { TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { selectTranscriptTeams } from '../../../src/core/select/work.js';
import { TranscriptReader } from '../../../src/io/watch/transcripts/reader.js';
import type { Store } from '../../../src/core/store.js';
import { tempDir } from '../../helpers/fixtures.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';

describe('the inbox first', () => {
  it('reads an inbox whose change is known before the next slice of a transcript', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('bob')]);
    const lead = new TranscriptFiles(files).lead();
    // Three slices and more (SLICE_BYTES is 4 MB): the attachments are skipped unparsed.
    for (let i = 0; i < 14; i++) {
      lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, 1 + i / 100);
      lead.attachment(1024 * 1024, 1 + i / 100);
    }
    const session = openSession(files.dir);
    const order: string[] = [];
    const dispatch = session.store.dispatch;
    let sent = false;
    (session.store as { dispatch: Store['dispatch'] }).dispatch = (action) => {
      if (action.type === 'observed') {
        for (const observation of action.observations) {
          if (observation.kind === 'transcript') order.push('transcript');
          if (observation.kind === 'inbox' && observation.messages.some((message) => message.text === 'now')) order.push('inbox');
        }
        // After the first slice, as the watcher would: the change is known once the slice is done
        // and the next is already on its way (a microtask runs after the turn that queued it).
        if (!sent && order.includes('transcript')) {
          sent = true;
          queueMicrotask(() => {
            files.send('bob', 'team-lead', 'now', 3);
            session.reader.take([{ kind: 'changed', path: `teams/${files.team}/inboxes/bob.json` }]);
          });
        }
      }
      dispatch(action);
    };
    session.transcripts!.start();
    await session.transcripts!.settled();
    await session.reader.settled();
    session.close();
    expect(order.filter((kind) => kind === 'transcript').length).toBeGreaterThan(3);
    // Read before the transcript's second slice, though that was queued before the change was known.
    expect(order.slice(0, 3)).toEqual(['transcript', 'inbox', 'transcript']);
  });
});

describe('a slice of a transcript', () => {
  it('is a slice of time too: however much is left to read, a turn ends once its time is up', async () => {
    const files = new TeamFiles(tempDir());
    files.config([]);
    const lead = new TranscriptFiles(files).lead();
    for (let i = 0; i < 40; i++) {
      lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, 1 + i / 100);
      lead.attachment(256 * 1024, 1 + i / 100);
    }
    const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
    let turns = 0;
    const facts: TranscriptFact[] = [];
    const reader = new TranscriptReader({
      claudeDir: files.dir,
      emit: (observations) => {
        for (const observation of observations) if (observation.kind === 'transcript') facts.push(...observation.facts);
      },
      // A budget of bytes the 10 MB fit in: only the time ends a turn.
      sliceBytes: 1024 * 1024 * 1024,
      sliceMs: 1,
      readFirst: () => turns++,
    });
    reader.setTeams(selectTranscriptTeams(store.getState().teams));
    reader.start();
    await reader.settled();
    reader.close();
    expect(turns).toBeGreaterThan(10);
    // All of it read, once.
    expect(facts.filter((fact) => fact.kind === 'tool-started')).toHaveLength(40);
  });
});
