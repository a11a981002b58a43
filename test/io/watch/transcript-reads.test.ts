/**
 * Reading a transcript cheaply: only what was appended, from its start again
 * when it was replaced or rewritten, and a long one in slices, each turn
 * reading at most a slice, with the same facts in the end as one read. And a
 * lead's session state, gone when its file is.
 */
import { renameSync, truncateSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import { selectTranscriptTeams } from '../../../src/core/select/work.js';
import { createStore } from '../../../src/core/store.js';
import { TranscriptFollower } from '../../../src/io/watch/transcripts/follower.js';
import { TranscriptReader } from '../../../src/io/watch/transcripts/reader.js';
import { tempDir } from '../../helpers/fixtures.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles, type Transcript } from '../../helpers/transcript-files.js';
import { settledSession } from '../../../src/cli/session.js';
import { foldUsage, NO_USAGE } from '../../../src/core/model/usage.js';

function leadTranscript(): { files: TeamFiles; lead: Transcript; relative: string } {
  const files = new TeamFiles(tempDir());
  files.config([]);
  const lead = new TranscriptFiles(files).lead();
  return { files, lead, relative: lead.path.slice(files.dir.length + 1) };
}

const read = (follower: TranscriptFollower, dir: string, slice = 1 << 30) => {
  const result = follower.read(dir, slice);
  if (result.kind !== 'read') throw new Error(result.code);
  return result;
};

describe('a transcript followed', () => {
  it('reads only what was appended', () => {
    const { files, lead, relative } = leadTranscript();
    lead.prompt('first', 1);
    lead.attachment(200_000, 1);
    lead.toolUse('toolu_1', 'Bash', { command: 'make' }, 2);
    const follower = new TranscriptFollower(relative);
    const first = read(follower, files.dir);
    expect(first.reset).toBe(true);
    expect(first.facts.map((fact) => fact.kind)).toContain('tool-started');
    lead.toolResult('toolu_1', 3);
    const second = read(follower, files.dir);
    expect(second).toMatchObject({ reset: false, left: 0 });
    expect(second.read).toBeLessThan(5000);
    expect(second.facts.map((fact) => fact.kind)).toEqual(['tool-finished']);
    // Every line counted once: the attachment was skipped, and nothing read twice.
    expect(follower.decoder.counts).toMatchObject({ lines: 4, skipped: 1, invalid: 0 });
    expect(read(follower, files.dir)).toMatchObject({ read: 0, facts: [] });
  });

  it('reads it again from its start when it was rewritten or replaced', () => {
    const { files, lead, relative } = leadTranscript();
    lead.toolUse('toolu_1', 'Bash', { command: 'make' }, 2);
    const follower = new TranscriptFollower(relative);
    read(follower, files.dir);
    // Rewritten in place to a longer text: not an append.
    const replacement = `${JSON.stringify({ type: 'mode', mode: 'normal' })}\n`.padEnd(6000, ' ');
    writeFileSync(lead.path, replacement);
    lead.toolUse('toolu_2', 'Grep', { pattern: 'x' }, 3);
    const again = read(follower, files.dir);
    expect(again.reset).toBe(true);
    expect(again.facts.flatMap((fact) => (fact.kind === 'tool-started' ? [fact.id] : []))).toEqual(['toolu_2']);
    // Replaced by another file (a new inode), and cut short.
    writeFileSync(`${lead.path}.new`, '');
    renameSync(`${lead.path}.new`, lead.path);
    lead.toolUse('toolu_3', 'Read', { file_path: 'a' }, 4);
    expect(read(follower, files.dir).reset).toBe(true);
    truncateSync(lead.path, 10);
    expect(read(follower, files.dir)).toMatchObject({ reset: true, facts: [] });
  });

  it('reads a long one in slices, with the same facts as one read', () => {
    const { files, lead, relative } = leadTranscript();
    for (let i = 0; i < 40; i++) {
      lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, i);
      lead.attachment(50_000, i);
      lead.toolResult(`toolu_${i}`, i + 0.5);
    }
    const whole = read(new TranscriptFollower(relative), files.dir).facts;
    const sliced = new TranscriptFollower(relative);
    const facts = [];
    let reads = 0;
    for (let left = 1; left > 0; reads++) {
      const slice = read(sliced, files.dir, 64 * 1024);
      expect(slice.read).toBeLessThanOrEqual(64 * 1024);
      facts.push(...slice.facts);
      left = slice.left;
    }
    expect(reads).toBeGreaterThan(30);
    expect(facts).toEqual(whole);
  });
});

describe('the transcript reader', () => {
  it('says a first read in slices: the first resets, the others add to it, the last says it is done', async () => {
    const { files, lead } = leadTranscript();
    for (let i = 0; i < 20; i++) {
      lead.toolUse(`toolu_${i}`, 'Bash', { command: `step ${i}` }, i);
      lead.attachment(100_000, i);
    }
    // Its last slices hold nothing to say (attachments): the last still says the read is done.
    for (let i = 0; i < 5; i++) lead.attachment(100_000, 20);
    const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
    const observed: Observation[] = [];
    const reader = new TranscriptReader({
      claudeDir: files.dir,
      emit: (observations) => observed.push(...observations),
      sliceBytes: 256 * 1024,
    });
    reader.setTeams(selectTranscriptTeams(store.getState().teams));
    reader.start();
    await reader.settled();
    const reads = observed.filter((observation) => observation.kind === 'transcript');
    expect(reads.length).toBeGreaterThan(4);
    expect(reads.map((observation) => [observation.reset, observation.more === true])).toEqual(
      reads.map((_, i) => [i === 0, i < reads.length - 1]),
    );
    const facts = reads.flatMap((observation) => observation.facts);
    expect(foldUsage(NO_USAGE, facts)).toMatchObject({ responses: 20, inputTokens: 2000, toolCalls: 20 });
    reader.close();
  });

  it("says a lead's session ended when a listing of sessions/ no longer finds its file, though no event told of it", async () => {
    const files = new TeamFiles(tempDir());
    files.config([]);
    const transcripts = new TranscriptFiles(files);
    transcripts.lead().prompt('Build the parser', 1);
    transcripts.sessionState('waiting', 2, 'permission prompt');
    const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
    const observed: Observation[] = [];
    const reader = new TranscriptReader({ claudeDir: files.dir, emit: (observations) => observed.push(...observations) });
    reader.setTeams(selectTranscriptTeams(store.getState().teams));
    reader.start();
    await reader.settled();
    const states = () =>
      observed.flatMap((observation) => (observation.kind === 'session-state' ? [observation.state?.status ?? null] : []));
    expect(states()).toEqual(['waiting']);
    // Removed before the watcher watched sessions/ (on a busy machine, setting a watch up takes a
    // while): no event tells of it, the listing once the watch is up does.
    transcripts.endSession();
    reader.take([{ kind: 'unreported', path: 'sessions' }]);
    expect(states()).toEqual(['waiting', null]);
    reader.close();
  });

  it('waits for nothing when there is nothing to read', async () => {
    const reader = new TranscriptReader({ claudeDir: tempDir(), emit: () => undefined });
    reader.setTeams(selectTranscriptTeams(createStore().getState().teams));
    reader.start();
    await reader.settled();
    reader.close();
  });
});

describe('the mail a member’s model took', () => {
  it('is said for that member’s inbox, and that it is followed once its first read reached the end', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux' })]);
    const transcripts = new TranscriptFiles(files);
    const lead = transcripts.lead();
    lead.prompt('Build it', 1);
    lead.mail('bob', 'bob: done', 9, 'done');
    const alice = transcripts.inProcess('alice');
    alice.mail('team-lead', 'You are alice.', 2);
    const bob = transcripts.tmux('bob');
    bob.mail('team-lead', 'You are bob.', 2);
    bob.mail('team-lead', JSON.stringify({ type: 'shutdown_request', requestId: 'shutdown-1@bob' }), 8);
    const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
    const observed: Observation[] = [];
    const reader = new TranscriptReader({ claudeDir: files.dir, emit: (observations) => observed.push(...observations) });
    reader.setTeams(selectTranscriptTeams(store.getState().teams));
    reader.start();
    await reader.settled();
    const taken = observed.flatMap((observation) =>
      observation.kind === 'mail-taken'
        ? [[observation.member, observation.followed === true, observation.mail.map((mail) => [mail.from, mail.text, mail.spawn === true])]]
        : [],
    );
    expect(taken.sort()).toEqual([
      ['alice', true, [['team-lead', 'You are alice.', true]]],
      [
        'bob',
        true,
        [
          // A tmux teammate's spawn prompt came by its inbox: mail like any other (an in-process teammate's by none).
          ['team-lead', 'You are bob.', false],
          ['team-lead', '{"type":"shutdown_request","requestId":"shutdown-1@bob"}', false],
        ],
      ],
      ['team-lead', true, [['bob', 'bob: done', false]]],
    ]);
    // Followed once: what is appended later is said as it comes.
    observed.length = 0;
    lead.mail('bob', 'bob: one more', 10, 'more');
    reader.take([{ kind: 'changed', path: lead.path.slice(files.dir.length + 1) }]);
    await reader.settled();
    expect(observed.filter((observation) => observation.kind === 'mail-taken')).toMatchObject([
      { member: 'team-lead', mail: [{ from: 'bob', text: 'bob: one more', summary: 'more', at: files.at(10) }] },
    ]);
    expect(observed.find((observation) => observation.kind === 'mail-taken')).not.toHaveProperty('followed');
    reader.close();
  });
});
