/**
 * Mail taken means the model took it (issue 35 §6), in process and in tmux
 * alike: where teamtop reads a member's transcript, a message that left its
 * inbox is unread until the transcript shows it taken, and it piles up as
 * mail that never left the file did (a model call that hangs: untaken-mail-tmux).
 * Where no transcript of the member is read, leaving the file is taken, as before.
 */
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { selectDiagnoses } from '../../../src/core/judge/index.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { selectUnread } from '../../../src/core/select/mail.js';
import type { TeamState } from '../../../src/core/facts/index.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { TranscriptFiles, type Transcript } from '../../helpers/transcript-files.js';
import { waitFor } from '../../helpers/wait.js';

const STALL = DEFAULT_THRESHOLDS.stallAfterMs;

function team() {
  const files = new TeamFiles(tempDir(), Date.now() - 60_000);
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux' })]);
  const transcripts = new TranscriptFiles(files);
  transcripts.lead().prompt('Port the parser', 1);
  const alice = transcripts.inProcess('alice');
  alice.mail('team-lead', 'You are alice.', 2);
  const bob = transcripts.tmux('bob');
  bob.text('bob: porting', 2);
  return { files, members: { alice, bob } as Record<string, Transcript> };
}

const pileups = (team: TeamState, now: number) =>
  selectDiagnoses(team, now, DEFAULT_THRESHOLDS)
    .diagnoses.filter((diagnosis) => diagnosis.kind === 'unread-pileup')
    .map((diagnosis) => diagnosis.members[0]);

describe('mail taken, as the transcripts show it', () => {
  for (const name of ['alice', 'bob']) {
    it(`keeps ${name}'s mail unread after it left the inbox, until the transcript shows it taken (${name === 'alice' ? 'in process' : 'tmux'})`, async () => {
      const { files, members } = team();
      const live = await watch(files.dir);
      const state = () => live.store.getState().teams.get(files.team)!;
      const member = () => live.json().teams[0]!.members.find((one) => one.name === name)!;
      // Its transcript read to its end: from now on it says what is taken.
      await waitFor(() => expect(state().inboxes.get(name)?.taking.followed).toBe(true));
      const first = files.send(name, 'team-lead', `${name}, how is the port going?`, 60, 'status?');
      const second = files.send(name, 'team-lead', `${name}, please answer: is it done?`, 60, 'status again');
      await waitFor(() => expect(member().unread).toBe(2));
      // The client takes both out of the file as it queues them; the model's call hangs.
      files.deliver(name, first);
      files.deliver(name, second);
      await waitFor(() => expect(state().inboxes.get(name)!.present).toBe(0));
      expect(member().unread).toBe(2);
      expect(
        live
          .json()
          .teams[0]!.messages.filter((message) => message.to === name)
          .map((message) => [message.delivered, message.taken]),
      ).toEqual([
        [true, false],
        [true, false],
      ]);
      const cameAt = state().inboxes.get(name)!.messages.at(-2)!.seenAt;
      expect(pileups(state(), cameAt + STALL)).toEqual([name]);

      // The call ends: both reach the model, in one record.
      members[name]!.prompt(
        `<teammate-message teammate_id="team-lead" summary="status?">\n${name}, how is the port going?\n</teammate-message>\n\n` +
          `<teammate-message teammate_id="team-lead" summary="status again">\n${name}, please answer: is it done?\n</teammate-message>`,
        80,
      );
      await waitFor(() => expect(member().unread).toBe(0));
      expect(
        live
          .json()
          .teams[0]!.messages.filter((message) => message.to === name)
          .map((message) => message.takenAt),
      ).toEqual([files.iso(80), files.iso(80)]);
      expect(pileups(state(), cameAt + STALL)).toEqual([]);
    });
  }

  it('takes what left the file where no transcript of the member is read, as before', async () => {
    const { files } = team();
    files.deliver('bob', files.send('bob', 'team-lead', 'bob, status?', 50));
    const { store } = await settledSession(files.dir, undefined, undefined, { transcripts: false });
    const inbox = store.getState().teams.get(files.team)!.inboxes.get('bob')!;
    expect(inbox.taking.followed).toBe(false);
    expect(selectUnread(inbox)).toBe(0);
  });
});
