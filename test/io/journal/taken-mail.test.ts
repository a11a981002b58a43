/**
 * The mail a member's model took, in the journal (issue 36 §1): a `taken`
 * line per read of a transcript that took mail, holding each message as its
 * inbox holds it, so that a message recovered from a transcript is kept, and
 * replayed, as an inbox fact. Never the client's words: not the instructions
 * it appends to a protocol message, not the text around the elements, not a
 * spawn prompt that no inbox held. The real session and journal writer; the
 * built CLI for `replay`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JournalOptions } from '../../../src/cli/session.js';
import type { snapshot } from '../../../src/core/snapshot.js';
import { listAllRuns } from '../../../src/io/journal/store-dir.js';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watchRecorded } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles } from '../../helpers/transcript-files.js';
import { waitFor } from '../../helpers/wait.js';

const options = (stateDir: string): JournalOptions => ({ stateDir, write: true, maxBytes: 50 * 1024 * 1024 });

/** Words of the client's own, in a transcript: none of them may reach the journal. */
const CLIENT = {
  instructions: 'CLIENT-INSTRUCTIONS-4a1f',
  around: 'CLIENT-PREAMBLE-77c2',
  spawn: 'SPAWN-PROMPT-09be',
};

function journalText(state: string): string {
  return readdirSync(state, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

type Message = ReturnType<typeof snapshot>['teams'][number]['messages'][number];

describe('mail taken, in the journal', () => {
  it('records a recovered message as an inbox fact, replays it, and records nothing of the client’s words', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000);
    files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux' })]);
    const transcripts = new TranscriptFiles(files);
    transcripts.lead().prompt('Ship it', 1);
    transcripts.inProcess('alice').mail('team-lead', `You are alice. ${CLIENT.spawn}`, 2);
    const bob = transcripts.tmux('bob');
    bob.mail('team-lead', 'You are bob.', 2);
    const state = tempDir();
    const live = await watchRecorded(files.dir, options(state));
    await waitFor(() => expect(journalText(state)).toContain('"followed":true'));

    // Seen in the inbox, then taken: the journal holds it once as an inbox line, and its taking.
    const seen = files.send('bob', 'team-lead', 'bob, how is it going?', 20, 'status?');
    await waitFor(() => expect(live.json().teams[0]!.messages.map((message) => message.id)).toContain(seen));
    files.deliver('bob', seen);
    const request = { type: 'shutdown_request', requestId: 'shutdown-1@bob', from: 'team-lead', reason: 'done', timestamp: files.iso(21) };
    // The model takes it, a message the inbox never showed, and a shutdown request with the client's
    // instructions after its JSON, in one record, as the client hands them over.
    bob.prompt(
      `${CLIENT.around}<teammate-message teammate_id="team-lead" summary="status?">\nbob, how is it going?\n</teammate-message>\n\n` +
        `<teammate-message teammate_id="team-lead" summary="also">\nbob, and the docs?\n</teammate-message>\n\n` +
        `<teammate-message teammate_id="team-lead">\n${JSON.stringify(request)}\n\n${CLIENT.instructions}\n</teammate-message>`,
      22,
    );
    const messages = (): Message[] => live.json().teams[0]!.messages.filter((message) => message.to === 'bob');
    // bob's spawn prompt, which came and went before teamtop looked, and the two the inbox never showed.
    await waitFor(() => expect(messages().filter((message) => message.recovered)).toHaveLength(3));
    expect(messages().map((message) => [message.text, message.recovered, message.taken, message.takenAt])).toEqual([
      ['You are bob.', true, true, files.iso(2)],
      ['bob, how is it going?', false, true, files.iso(22)],
      ['shutdown requested: done', true, true, files.iso(22)],
      ['bob, and the docs?', true, true, files.iso(22)],
    ]);
    await waitFor(() => expect(journalText(state)).toContain('bob, and the docs?'));

    const journal = journalText(state);
    for (const words of Object.values(CLIENT)) expect(journal).not.toContain(words);
    const taken = journal
      .split('\n')
      .filter((line) => line.includes('"op":"taken"'))
      .map((line) => JSON.parse(line) as { path: string; mail: { text: string; at: number }[]; followed?: boolean });
    expect(taken.flatMap((line) => line.mail.map((mail) => [line.path, mail.text, mail.at]))).toEqual([
      [`teams/${files.team}/inboxes/bob.json`, 'You are bob.', files.at(2)],
      [`teams/${files.team}/inboxes/bob.json`, 'bob, how is it going?', files.at(22)],
      [`teams/${files.team}/inboxes/bob.json`, 'bob, and the docs?', files.at(22)],
      [`teams/${files.team}/inboxes/bob.json`, JSON.stringify(request), files.at(22)],
    ]);

    // Replayed, with no transcript read: the same messages, recovered as they were.
    const run = listAllRuns(state)[0]!.path;
    const { code, stdout, stderr } = runCli(['replay', run, '--json', '--now', files.iso(60)]);
    expect(code, stderr).toBe(0);
    const [replayed] = (JSON.parse(stdout) as ReturnType<typeof snapshot>).teams;
    expect(replayed!.messages.filter((message) => message.to === 'bob')).toEqual(messages());
  });
});
