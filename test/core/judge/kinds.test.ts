/**
 * Every kind of diagnosis, found on files shaped as Claude Code 2.1.330 writes
 * them (test/helpers/team-files.ts), read by the real session and watcher, and
 * cleared when the files show the problem is gone. Where 2.1.330 refuses to
 * produce the failure (a message to a name on no roster, or to a tmux teammate
 * that left; a request left to a name spawned again), on files shaped as
 * 2.1.34 wrote them.
 */
import { stalling } from '../../helpers/thresholds.js';
import { describe, expect, it } from 'vitest';
import { selectDiagnoses, type Diagnosis } from '../../../src/core/judge/index.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { waitFor } from '../../helpers/wait.js';

const STALL = 60_000;

type Live = Awaited<ReturnType<typeof watch>>;

/** The team's diagnoses as of `now`. */
function diagnoses(live: Live, files: TeamFiles, now: number, stallAfterMs = STALL): readonly Diagnosis[] {
  const team = live.store.getState().teams.get(files.team);
  return team ? selectDiagnoses(team, now, stalling(stallAfterMs)).diagnoses : [];
}

const kinds = (found: readonly Diagnosis[]) => found.map((diagnosis) => diagnosis.kind);
const only = (found: readonly Diagnosis[], kind: string) => {
  const matching = found.filter((diagnosis) => diagnosis.kind === kind);
  expect(matching, `${kind} in ${JSON.stringify(kinds(found))}`).toHaveLength(1);
  return matching[0]!;
};
const refs = (diagnosis: Diagnosis) => diagnosis.evidence.map((item) => `${item.kind}:${item.ref}`);
const evidence = (diagnosis: Diagnosis) => diagnosis.evidence.map((item) => [item.kind, item.ref, item.at]);

/** A team with its lead and these teammates, recorded `ago` ms before the clock (times seen live then line up with the files'). */
function team(names: readonly string[], ago = 10 * 60_000): TeamFiles {
  const files = new TeamFiles(tempDir(), Date.now() - ago);
  files.config(names.map((name, i) => files.teammate(name, { color: ['blue', 'green', 'yellow'][i] })));
  return files;
}

describe('misaddressed', () => {
  it('names an inbox whose owner is on no roster, and the member meant, until the inbox is removed', async () => {
    const files = team(['engineer', 'alice']);
    // TaskUpdate takes any owner: 2.1.330 writes the assignment to an inbox of that name.
    files.task('3', { subject: 'Build the parser', owner: 'enginer', status: 'pending' });
    const assignment = files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 5), 5);
    const live = await watch(files.dir);

    const found = diagnoses(live, files, files.at(6));
    const diagnosis = only(found, 'misaddressed');
    expect(diagnosis).toMatchObject({
      id: 'misaddressed:inbox:enginer',
      severity: 'warning',
      members: ['enginer', 'team-lead'],
      since: files.at(5),
      summary: '1 message from team-lead waits in the inbox of enginer, a name on no roster: nobody will read it (did you mean engineer?)',
      action: 'set the owner of task #3 to engineer',
    });
    expect(refs(diagnosis)).toEqual(['inbox:enginer', `message:${assignment}`]);
    // The task it assigned has nobody to do it.
    expect(only(found, 'orphaned-task').summary).toBe('task #3 (Build the parser) is pending under enginer, who is on no roster');

    files.removeInbox('enginer');
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(6)))).not.toContain('misaddressed'));
  });

  it('says when an agent type or a part of a name was used as a name', async () => {
    const files = team(['alice', 'bob']);
    files.send('general-purpose', 'team-lead', 'please review the parser', 5);
    files.send('lead', 'alice', 'alice: done with #1', 6);
    const live = await watch(files.dir);

    const found = diagnoses(live, files, files.at(7));
    const byType = found.find((diagnosis) => diagnosis.id === 'misaddressed:inbox:general-purpose')!;
    expect(byType.summary).toBe(
      '1 message from team-lead waits in the inbox of general-purpose, a name on no roster: nobody will read it (general-purpose is an agent type: alice and bob are general-purpose)',
    );
    expect(byType.action).toBe('send the messages again to alice or bob: address teammates by name, not by agent type');
    const byPart = found.find((diagnosis) => diagnosis.id === 'misaddressed:inbox:lead')!;
    expect(byPart.summary).toContain('(did you mean team-lead?)');
    expect(byPart.members).toEqual(['lead', 'alice']);
  });

  it("is a message 2.1.34 delivered to a misspelt name (2.1.330 refuses it: No agent named 'alise' is reachable)", async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000, 'session-5ca1ab1e', '2.1.34');
    files.config([files.teammate('alice')]);
    const sent = files.send('alise', 'team-lead', 'alise, please integrate the parser', 5);
    const live = await watch(files.dir);

    const diagnosis = only(diagnoses(live, files, files.at(6)), 'misaddressed');
    expect(diagnosis).toMatchObject({
      members: ['alise', 'team-lead'],
      summary: '1 message from team-lead waits in the inbox of alise, a name on no roster: nobody will read it (did you mean alice?)',
      action: 'send the messages again to alice',
    });
    expect(refs(diagnosis)).toEqual(['inbox:alise', `message:${sent}`]);
    // Marked read: it reached someone after all.
    files.deliver('alise', sent);
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(6)))).toEqual([]));
  });

  it('is not said once the team has ended: the inbox went with its folder, the task it assigned stays orphaned', async () => {
    const files = team(['engineer']);
    files.task('3', { subject: 'Build the parser', owner: 'enginer', status: 'pending' });
    files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 5), 5);
    const live = await watch(files.dir);
    expect(kinds(diagnoses(live, files, files.at(6))).sort()).toEqual(['misaddressed', 'orphaned-task']);

    files.end();
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(6)))).toEqual(['orphaned-task']));
    expect(only(diagnoses(live, files, files.at(6)), 'orphaned-task').summary).toBe(
      'task #3 (Build the parser) is pending under enginer, who went with the team',
    );
  });

  it('is not said of a member that wrote before it left the roster (its inbox outlives its config entry)', async () => {
    const files = team(['alice']);
    files.send('bob', 'team-lead', 'thanks, bob', 5);
    files.send('team-lead', 'bob', 'bob: report written', 4);
    const live = await watch(files.dir);
    expect(kinds(diagnoses(live, files, files.at(6)))).not.toContain('misaddressed');
  });
});

/** When the live session saw the shutdown request leave its recipient's inbox. */
async function takenAt(live: Live): Promise<number> {
  const request = () => live.json().teams[0]!.messages.find((message) => message.kind === 'shutdown_request')!;
  await waitFor(() => expect(request().deliveredAt).not.toBeNull());
  return Date.parse(request().deliveredAt!);
}

/** Until the live session has seen the lead take every idle notice (it removes them within a second; 2.1.34 marked them read). */
async function idleTaken(live: Live): Promise<void> {
  await waitFor(() => {
    for (const message of live.json().teams[0]!.messages)
      if (message.kind === 'idle_notification') expect(message.read || message.deliveredAt !== null, message.id).toBe(true);
  });
}

describe('ignored-shutdown', () => {
  it('counts the idle notices since an unanswered shutdown request, instead of calling it stalled, until it is answered', async () => {
    // Sent 5 s ago, taken now.
    const files = team(['bob'], 15_000);
    const request = files.shutdownRequest('bob', 10);
    const requestMsg = files.send('bob', 'team-lead', request, 10);
    const live = await watch(files.dir);
    // Taken from its inbox: bob has it.
    files.deliver('bob', requestMsg);
    const taken = await takenAt(live);
    const first = files.send('team-lead', 'bob', files.idle('bob', 11), 11);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(2));

    // One idle notice may only end the turn the request came in.
    expect(kinds(diagnoses(live, files, taken + 10_000))).toEqual([]);
    // One, and --stall-after since bob took the request: ignored, not merely stalled.
    expect(kinds(diagnoses(live, files, taken + STALL))).toEqual(['ignored-shutdown']);

    const second = files.send('team-lead', 'bob', files.idle('bob', 13), 13);
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(20)))).toEqual(['ignored-shutdown']));
    const diagnosis = only(diagnoses(live, files, files.at(20)), 'ignored-shutdown');
    expect(diagnosis).toMatchObject({
      severity: 'warning',
      members: ['bob', 'team-lead'],
      since: files.at(10),
      summary: `bob has not answered team-lead's shutdown request ${request.requestId} and went idle 2 times since`,
      action: `send bob a plain-text nudge quoting request ${request.requestId}; teammates often act on text when they ignore the protocol message`,
    });
    // The lead removes idle notices within a second: they are counted from the history.
    files.deliver('team-lead', first);
    files.deliver('team-lead', second);
    await waitFor(() =>
      expect(refs(only(diagnoses(live, files, files.at(20)), 'ignored-shutdown'))).toEqual([
        `message:${requestMsg}`,
        `message:${first}`,
        `message:${second}`,
      ]),
    );

    files.send('team-lead', 'bob', files.shutdownApproved('bob', request.requestId, 21), 21);
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(22)))).toEqual([]));
  });

  it('counts only the idle notices since the teammate took the request: a busy one takes it as its command ends', async () => {
    // Sent 110 s ago, there when teamtop looked: stalled by its time (one seen arriving 110 s after its
    // timestamp says is aged from its arrival: a skewed clock).
    const files = team(['bob'], 120_000);
    const request = files.shutdownRequest('bob', 10);
    const requestMsg = files.send('bob', 'team-lead', request, 10);
    const live = await watch(files.dir);
    // bob's turns that began before the request came end with idle notices: he has not seen it.
    files.send('team-lead', 'bob', files.idle('bob', 11), 11);
    files.send('team-lead', 'bob', files.idle('bob', 12), 12);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(3));
    expect(only(diagnoses(live, files, Date.now()), 'stalled').summary).toContain("it is still unread in bob's inbox");

    // He takes it and, as 2.1.330 does, says he is idle as he takes his mail: one notice, then his answer.
    files.deliver('bob', requestMsg);
    await takenAt(live);
    files.send('team-lead', 'bob', files.idle('bob', 119), 119);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(4));
    // Not ignored: he took it a moment ago. Still unanswered after all this time.
    expect(kinds(diagnoses(live, files, Date.now() + 10_000))).toEqual(['stalled']);
    files.send('team-lead', 'bob', files.idle('bob', 120), 120);
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now()))).toEqual(['ignored-shutdown']));
    expect(only(diagnoses(live, files, Date.now()), 'ignored-shutdown').summary).toBe(
      `bob has not answered team-lead's shutdown request ${request.requestId} and went idle 2 times since`,
    );
  });
});

describe('stalled', () => {
  it('is an open request --stall-after old, exactly at the threshold, until it is answered', async () => {
    const files = team(['carol']);
    const request = files.permissionRequest('carol', 5);
    const requestMsg = files.send('team-lead', 'carol', request, 5);
    const live = await watch(files.dir);

    const before = selectDiagnoses(live.store.getState().teams.get(files.team)!, files.at(64.999), stalling(STALL));
    expect(before.diagnoses).toEqual([]);
    // A follower knows when to look again without a file changing.
    expect(before.nextChangeAt).toBe(files.at(65));
    const diagnosis = only(diagnoses(live, files, files.at(65)), 'stalled');
    expect(diagnosis).toMatchObject({
      id: `stalled:handshake:${request.request_id}`,
      severity: 'warning',
      members: ['team-lead', 'carol'],
      since: files.at(5),
      summary: `team-lead has not answered carol's permission request ${request.request_id} (Bash: write and verify the file); it is still unread in team-lead's inbox`,
      action: "answer carol's permission prompt in team-lead's session (a tmux teammate's request waits in the lead's pane)",
    });
    expect(refs(diagnosis)).toEqual([`message:${requestMsg}`]);

    files.send('carol', 'team-lead', { type: 'permission_response', request_id: request.request_id, subtype: 'success' }, 66);
    await waitFor(() => expect(diagnoses(live, files, files.at(70))).toEqual([]));
  });

  it('is not said of a request to a member who left (abandoned), nor of any once the team has ended', async () => {
    const files = team(['bob', 'carol']);
    files.send('carol', 'team-lead', files.shutdownRequest('carol', 5), 5);
    files.send('team-lead', 'bob', files.permissionRequest('bob', 6), 6);
    const live = await watch(files.dir);
    files.config([files.teammate('bob', { color: 'green' })]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'carol')!.departed).toBe(true));
    expect(kinds(diagnoses(live, files, files.at(120)))).toEqual(['stalled']);
    expect(only(diagnoses(live, files, files.at(120)), 'stalled').members).toEqual(['team-lead', 'bob']);

    files.end();
    await waitFor(() => expect(live.store.getState().teams.get(files.team)?.present).toBe(false));
    expect(diagnoses(live, files, files.at(120))).toEqual([]);
  });
});

describe('zombie', () => {
  it('is a member that approved its shutdown and still writes, until what it wrote is read and it is off the roster', async () => {
    const files = team(['bob']);
    const approval = files.shutDown('bob', 10, 11);
    const late = files.send('team-lead', 'bob', 'bob: one more thing about the parser', 12);
    const live = await watch(files.dir);

    // A moment after it came, the lead may still read it: 2.1.330 reads what comes while a teammate is left.
    expect(diagnoses(live, files, files.at(16.9))).toEqual([]);
    const diagnosis = only(diagnoses(live, files, files.at(17)), 'zombie');
    expect(diagnosis).toMatchObject({
      severity: 'info',
      members: ['bob'],
      since: files.at(11),
      summary: 'bob approved its shutdown and still wrote 1 message (1 unread)',
    });
    expect(refs(diagnosis)).toEqual(['member:bob', `message:${late}`]);

    files.deliver('team-lead', approval);
    files.deliver('team-lead', late);
    // Read, and off the roster: nothing left to do.
    files.config([]);
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(200)))).not.toContain('zombie'));
  });

  it('is a member still on the roster a minute after it approved its shutdown (2.1.330 takes it off within a second)', async () => {
    const files = team(['bob']);
    files.shutDown('bob', 10, 11);
    const live = await watch(files.dir);

    expect(kinds(diagnoses(live, files, files.at(70.9)))).toEqual([]);
    expect(only(diagnoses(live, files, files.at(71)), 'zombie').summary).toBe('bob approved its shutdown and is still on the roster');

    files.config([]);
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(200)))).toEqual([]));
  });
});

describe('to-departed', () => {
  it('names what was sent to a member after it shut down, and who sent it, until the member comes back', async () => {
    const files = team(['bob', 'alice'], 30_000);
    const live = await watch(files.dir);
    files.shutDown('bob', 10, 11);
    files.config([files.teammate('alice', { color: 'green' })]);
    const lost = files.send('bob', 'alice', 'bob, can you review #2?', 12);
    // An answer to a request it made is not lost work (2.1.34's lead acknowledged each approved shutdown so).
    const { requestId } = files.shutdownRequest('bob', 10);
    files.send('bob', 'team-lead', { type: 'permission_response', request_id: requestId, approve: true }, 12.5);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(4));
    const seen = Date.now();

    // A moment after it came, an in-process teammate may still come back for it.
    expect(diagnoses(live, files, seen)).toEqual([]);
    const diagnosis = only(diagnoses(live, files, seen + 5000), 'to-departed');
    expect(diagnosis).toMatchObject({
      severity: 'warning',
      members: ['bob', 'alice'],
      since: files.at(12),
      summary: 'alice sent bob 1 message after it shut down: nobody will read it',
    });
    expect(evidence(diagnosis)).toEqual([
      ['member', 'bob', files.at(11)],
      ['message', lost, files.at(12)],
    ]);

    // 2.1.330 in-process: a message brings the member back, with a new joinedAt and no agentType.
    files.config([files.teammate('alice', { color: 'green' }), files.returned('bob', Date.now())]);
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now() + 6000))).not.toContain('to-departed'));
    expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')).toMatchObject({ departed: false });
    expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.stays).toHaveLength(2);

    // It leaves again: what the lead sends it afterwards stays unread.
    files.config([files.teammate('alice', { color: 'green' })]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    const after = files.send('bob', 'team-lead', 'bob, one more thing', (Date.now() + 1000 - files.t0) / 1000);
    await waitFor(() => expect(refs(only(diagnoses(live, files, Date.now() + 6000), 'to-departed'))).toContain(`message:${after}`));
  });
  it('names what a member never took before it shut down (2.1.330: an in-process teammate brought back by a message), until it comes back', async () => {
    const files = team(['bob', 'alice'], 30_000);
    const live = await watch(files.dir);
    const alice = files.teammate('alice', { color: 'green' });
    files.shutDown('bob', 5, 6);
    files.config([alice]);
    // The lead's message brings bob back: 2.1.330 gives it to him as his prompt, never through his inbox.
    files.config([alice, files.returned('bob', files.at(8))]);
    const untaken = [
      files.send('bob', 'alice', 'bob, the parser fails on empty input', 10),
      files.send('bob', 'alice', 'bob, and on tabs', 11),
    ];
    // Asked to shut down, he takes the request and approves it; alice's two messages wait on.
    const request = files.shutdownRequest('bob', 12);
    files.deliver('bob', files.send('bob', 'team-lead', request, 12));
    // A second request he never took is not lost work: he went, as asked.
    files.send('bob', 'team-lead', files.shutdownRequest('bob', 12.5), 12.5);
    files.send('team-lead', 'bob', files.shutdownApproved('bob', request.requestId, 13), 13);
    files.config([alice]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    const seen = Date.now();

    // A moment after it went, it may still take them on its way out.
    expect(kinds(diagnoses(live, files, seen))).not.toContain('to-departed');
    const diagnosis = only(diagnoses(live, files, seen + 5000), 'to-departed');
    expect(diagnosis.summary).toBe('alice sent bob 2 messages before it shut down that it never took: nobody will read them');
    expect(diagnosis).toMatchObject({ severity: 'warning', members: ['bob', 'alice'], since: files.at(13) });
    expect(evidence(diagnosis)).toEqual([
      ['message', untaken[0], files.at(10)],
      ['message', untaken[1], files.at(11)],
      ['member', 'bob', files.at(13)],
    ]);

    // What is sent afterwards is lost too, and said apart.
    const after = files.send('bob', 'team-lead', 'bob, one more thing', (Date.now() - files.t0) / 1000);
    await waitFor(() => expect(refs(only(diagnoses(live, files, Date.now() + 6000), 'to-departed'))).toContain(`message:${after}`));
    expect(only(diagnoses(live, files, Date.now() + 6000), 'to-departed').summary).toBe(
      'alice and team-lead sent bob 3 messages, 2 before it shut down that it never took and 1 after: nobody will read them',
    );

    // Brought back again: he is there to take them.
    files.config([alice, files.returned('bob', Date.now())]);
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now() + 6000))).not.toContain('to-departed'));
  });

  it('is not what a member took before it left the roster, nor mail to a member still on it', async () => {
    const files = team(['bob', 'alice'], 30_000);
    const taken = files.send('bob', 'alice', 'bob, the parser fails on empty input', 10);
    files.send('alice', 'bob', 'alice, which file?', 11);
    const live = await watch(files.dir);
    files.deliver('bob', taken);
    await waitFor(() => expect(live.json().teams[0]!.messages.find((message) => message.to === 'bob')!.deliveredAt).not.toBeNull());
    expect(kinds(diagnoses(live, files, Date.now() + 6000))).toEqual([]);
    // bob leaves the roster: what he took is not lost, and alice, still there, has hers to take.
    files.config([files.teammate('alice', { color: 'green' })]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    expect(kinds(diagnoses(live, files, Date.now() + 6000))).toEqual([]);
  });

  it("is a message 2.1.34 delivered to a tmux teammate that had left (2.1.330 refuses it: No agent named 'bob' is reachable)", async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000, 'session-5ca1ab1e', '2.1.34');
    files.config([files.teammate('bob', { backend: 'tmux' })]);
    const live = await watch(files.dir);
    files.shutDown('bob', 10, 11);
    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    const lost = files.send('bob', 'team-lead', 'bob, please also add a changelog entry', 20);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(3));

    const diagnosis = only(diagnoses(live, files, Date.now() + 5000), 'to-departed');
    expect(diagnosis).toMatchObject({
      members: ['bob', 'team-lead'],
      summary: 'team-lead sent bob 1 message after it shut down: nobody will read it',
    });
    expect(refs(diagnosis)).toEqual(['member:bob', `message:${lost}`]);
  });
});

describe('stale-request', () => {
  it('is a member that joined again and answered a request sent to its earlier self (2.1.34 let it take one), until the name joins again', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000, 'session-5ca1ab1e', '2.1.34');
    files.config([files.teammate('alice')]);
    const request = files.shutdownRequest('alice', 10);
    const requestMsg = files.send('alice', 'team-lead', request, 10);
    files.deliver('team-lead', files.send('team-lead', 'alice', files.idle('alice', 5), 5));
    const live = await watch(files.dir);
    // The first alice goes without answering; a new one is spawned under the same name.
    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'alice')!.departed).toBe(true));
    const rejoined = Date.now() + 1000;
    const after = (ms: number) => (rejoined + ms - files.t0) / 1000;
    files.config([files.teammate('alice', { joinedAt: rejoined })]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'alice')!.stays).toHaveLength(2));
    // The request was the earlier alice's: nobody waits on it, so it is neither stalled nor ignored.
    const idle = [200, 400].map((ms) => files.send('team-lead', 'alice', files.idle('alice', after(ms)), after(ms)));
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(4));
    for (const ref of idle) files.deliver('team-lead', ref);
    await idleTaken(live);
    expect(diagnoses(live, files, rejoined + 120_000)).toEqual([]);

    // 2.1.34 left it in her inbox: the new alice takes it as her own and approves.
    files.deliver('alice', requestMsg);
    const answer = files.send('team-lead', 'alice', files.shutdownApproved('alice', request.requestId, after(2000)), after(2000));
    await waitFor(() => expect(kinds(diagnoses(live, files, rejoined + 3000))).toEqual(['stale-request']));
    const answered = only(diagnoses(live, files, rejoined + 3000), 'stale-request');
    // Approving ended the new alice: what happened stays, as information.
    expect(answered).toMatchObject({
      severity: 'info',
      members: ['alice', 'team-lead'],
      since: rejoined,
      summary: `alice joined again and answered team-lead's shutdown request ${request.requestId}, sent to the alice that was there before`,
      action: 'check what the new alice did on it, and ask the new alice again; spawn a teammate under a fresh name to avoid this',
    });
    expect(refs(answered)).toEqual([`message:${requestMsg}`, 'member:alice', `message:${answer}`]);

    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'alice')!.departed).toBe(true));
    expect(only(diagnoses(live, files, rejoined + 3000), 'stale-request').severity).toBe('info');
    // The name joins yet again: that was another stay's.
    files.config([files.teammate('alice', { joinedAt: rejoined + 5000 })]);
    await waitFor(() => expect(kinds(diagnoses(live, files, rejoined + 6000))).not.toContain('stale-request'));
  });

  it('is not a request left to its earlier self that the new one never takes: 2.1.330 clears the inbox of a name it spawns a teammate under', async () => {
    const files = team(['dave'], 60_000);
    const request = files.shutdownRequest('dave', 10);
    files.send('dave', 'team-lead', request, 10);
    const live = await watch(files.dir);
    // dave approved an earlier request and went, this one still in his inbox.
    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'dave')!.departed).toBe(true));
    const rejoined = Date.now() + 1000;
    files.config([files.teammate('dave', { joinedAt: rejoined })]);
    files.writeInbox('dave', []);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'dave')!.stays).toHaveLength(2));
    await waitFor(() => expect(live.json().teams[0]!.messages[0]!.deliveredAt).not.toBeNull());
    const idle = [500, 900].map((ms) => {
      const seconds = (rejoined + ms - files.t0) / 1000;
      return files.send('team-lead', 'dave', files.idle('dave', seconds), seconds);
    });
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(3));
    for (const ref of idle) files.deliver('team-lead', ref);
    await idleTaken(live);
    // Neither stale, nor stalled, nor ignored by the new dave: he never had it.
    expect(diagnoses(live, files, rejoined + 1000)).toEqual([]);
    expect(diagnoses(live, files, rejoined + 120_000)).toEqual([]);
  });

  it('is not a request sent while the member was gone: 2.1.330 brings an in-process teammate back for it', async () => {
    const files = team(['bob'], 60_000);
    const live = await watch(files.dir);
    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    const sent = (Date.now() + 500 - files.t0) / 1000;
    const request = files.shutdownRequest('bob', sent);
    files.send('bob', 'team-lead', request, sent);
    files.config([files.returned('bob', files.at(sent + 0.1))]);
    files.send('team-lead', 'bob', files.shutdownApproved('bob', request.requestId, sent + 0.5), sent + 0.5);
    await waitFor(() => expect(live.json().teams[0]!.handshakes[0]?.state).toBe('approved'));
    expect(kinds(diagnoses(live, files, files.at(sent + 1)))).toEqual([]);
  });
});

describe('orphaned-task', () => {
  it('is an open task under a member who is gone, with what waits on it, until it is completed', async () => {
    const files = team(['bob', 'alice']);
    files.task('2', { subject: 'Write tests', owner: 'bob', status: 'in_progress', blocks: ['3'] });
    files.task('3', { subject: 'Integrate', owner: 'alice', status: 'pending', blockedBy: ['2'] });
    files.shutDown('bob', 10, 11);
    files.config([files.teammate('alice', { color: 'green' })]);
    const live = await watch(files.dir);

    // A moment after the approval, 2.1.330 may still unassign it as it takes bob off the team.
    expect(diagnoses(live, files, files.at(15.9))).toEqual([]);
    const diagnosis = only(diagnoses(live, files, files.at(16)), 'orphaned-task');
    expect(diagnosis).toMatchObject({
      severity: 'warning',
      members: ['bob'],
      since: files.at(11),
      summary: 'task #2 (Write tests) is in progress under bob, who has shut down; #3 waits on it',
      action: 'give task #2 to a member still on the team (TaskUpdate owner), or set it back to pending',
    });
    expect(refs(diagnosis)).toEqual(['task:2', 'member:bob', 'task:3']);

    files.task('2', { subject: 'Write tests', owner: 'bob', status: 'completed', blocks: ['3'] });
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(16)))).toEqual([]));
  });

  it('waits while 2.1.330 takes a member off the team: it unassigns its tasks, and on exit empties the roster just before the folder goes', async () => {
    const files = team(['bob', 'carol']);
    files.task('1', { subject: 'Write the parser', owner: 'bob', status: 'in_progress' });
    files.task('2', { subject: 'Write the docs', owner: 'carol', status: 'in_progress' });
    const live = await watch(files.dir);
    // bob approves his shutdown with #1 in progress, seen now.
    files.shutDown('bob', (Date.now() - files.t0) / 1000, (Date.now() - files.t0) / 1000);
    files.config([files.teammate('carol', { color: 'green' })]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'bob')!.departed).toBe(true));
    expect(diagnoses(live, files, Date.now())).toEqual([]);
    // The client has not unassigned it 5 s on: orphaned.
    expect(only(diagnoses(live, files, Date.now() + 5000), 'orphaned-task').summary).toBe(
      'task #1 (Write the parser) is in progress under bob, who has shut down',
    );
    files.task('1', { subject: 'Write the parser', status: 'pending' });
    // Not orphaned: back to pending, without an owner, which an info says (task-unowned).
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now() + 5000))).toEqual(['task-unowned']));

    // The lead exits: carol leaves the roster, then the team's folder goes.
    files.config([]);
    await waitFor(() => expect(live.json().teams[0]!.members.find((member) => member.name === 'carol')!.departed).toBe(true));
    expect(kinds(diagnoses(live, files, Date.now()))).toEqual(['task-unowned']);
    files.end();
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now()))).toEqual(['orphaned-task', 'task-unowned']));
    expect(only(diagnoses(live, files, Date.now()), 'orphaned-task').summary).toBe(
      'task #2 (Write the docs) is in progress under carol, who went with the team',
    );
  });

  it('task-unowned: a task the client put back to pending, without an owner, as its owner shut down; until it has one again', async () => {
    const files = team(['bob', 'carol']);
    files.task('1', { subject: 'Write the parser', owner: 'bob', status: 'in_progress' });
    const live = await watch(files.dir);
    files.shutDown('bob', (Date.now() - files.t0) / 1000, (Date.now() - files.t0) / 1000);
    files.config([files.teammate('carol', { color: 'green' })]);
    files.task('1', { subject: 'Write the parser', status: 'pending' });
    await waitFor(() => expect(kinds(diagnoses(live, files, Date.now()))).toEqual(['task-unowned']));
    expect(only(diagnoses(live, files, Date.now()), 'task-unowned')).toMatchObject({
      severity: 'info',
      members: ['bob'],
      summary: 'task #1 (Write the parser) went back to pending without an owner when bob shut down',
    });
    files.task('1', { subject: 'Write the parser', status: 'pending', owner: 'carol' });
    await waitFor(() => expect(diagnoses(live, files, Date.now())).toEqual([]));
  });

  it('is a task left in progress when the lead exits: tasks/<team>/ stays, the team is gone', async () => {
    const files = team(['alice']);
    files.task('1', { subject: 'Design API', owner: 'alice', status: 'in_progress' });
    const live = await watch(files.dir);
    expect(diagnoses(live, files, files.at(12))).toEqual([]);

    files.end();
    await waitFor(() => expect(kinds(diagnoses(live, files, files.at(12)))).toEqual(['orphaned-task']));
    expect(only(diagnoses(live, files, files.at(12)), 'orphaned-task')).toMatchObject({
      since: Number.NaN,
      summary: 'task #1 (Design API) is in progress under alice, who went with the team',
      action: `the team has ended: carry task #1 over to a new team, or remove tasks/${files.team}/ if nobody needs it`,
    });
  });
});

describe('started-while-blocked', () => {
  it('is a task in progress while a task it is blocked by is open, until that one completes', async () => {
    const files = team(['alice', 'bob']);
    files.task('1', { subject: 'Design API', owner: 'alice', status: 'in_progress', blocks: ['3'] });
    files.task('3', { subject: 'Integrate', owner: 'bob', status: 'in_progress', blockedBy: ['1'] });
    const live = await watch(files.dir);

    const diagnosis = only(diagnoses(live, files, files.at(12)), 'started-while-blocked');
    expect(diagnosis).toMatchObject({
      severity: 'info',
      members: ['bob', 'alice'],
      since: Number.NaN,
      summary: 'task #3 (Integrate) is in progress while #1, which it is blocked by, is not completed',
      action: 'finish #1 first, or drop the dependency if task #3 does not need it',
    });
    expect(refs(diagnosis)).toEqual(['task:3', 'task:1']);

    files.task('1', { subject: 'Design API', owner: 'alice', status: 'completed', blocks: ['3'] });
    await waitFor(() => expect(diagnoses(live, files, files.at(12))).toEqual([]));
  });
});

describe('contradicting-answers', () => {
  it('is a plan the lead approved on its own and then rejected, until the teammate asks again and gets one answer', async () => {
    const files = team(['carol']);
    const request = files.planRequest('carol', 5);
    const asked = files.send('team-lead', 'carol', request, 5);
    const approved = files.send('carol', 'team-lead', files.planResponse(request.requestId, 5.2, true), 5.2);
    const rejected = files.send('carol', 'team-lead', files.planResponse(request.requestId, 6, false), 6);
    const live = await watch(files.dir);

    const diagnosis = only(diagnoses(live, files, files.at(7)), 'contradicting-answers');
    expect(diagnosis).toMatchObject({
      severity: 'info',
      members: ['carol', 'team-lead'],
      since: files.at(6),
      summary: `team-lead answered carol's plan approval request ${request.requestId} 2 times: approved, then rejected`,
    });
    expect(refs(diagnosis)).toEqual([`message:${asked}`, `message:${approved}`, `message:${rejected}`]);

    const again = files.planRequest('carol', 10);
    files.send('team-lead', 'carol', again, 10);
    files.send('carol', 'team-lead', files.planResponse(again.requestId, 10.2, true), 10.2);
    await waitFor(() => expect(diagnoses(live, files, files.at(11))).toEqual([]));
  });
});

describe('unread-pileup', () => {
  it('is mail waiting --stall-after in the inbox of a member that picks up none, until it is taken', async () => {
    const files = team(['alice']);
    // The lead removes idle notices within a second.
    files.deliver('team-lead', files.send('team-lead', 'alice', files.idle('alice', 5), 5));
    const waiting = files.send('alice', 'team-lead', 'alice, please look at #2', 10);
    // Neither what it sent itself nor an assignment (the task list says it) is mail it waits for.
    files.send('alice', 'alice', files.taskAssignment('1', 'Design API', 4, 'alice'), 4);
    files.send('alice', 'team-lead', files.taskAssignment('2', 'Review', 9), 9);
    const live = await watch(files.dir);

    expect(kinds(diagnoses(live, files, files.at(69.9)))).toEqual([]);
    const diagnosis = only(diagnoses(live, files, files.at(70)), 'unread-pileup');
    expect(diagnosis).toMatchObject({
      severity: 'warning',
      members: ['alice'],
      since: files.at(10),
      summary: "1 message from team-lead waits in alice's inbox, and alice has picked up none since it came",
    });
    expect(refs(diagnosis)).toEqual(['inbox:alice', `message:${waiting}`]);

    files.deliver('alice', waiting);
    await waitFor(() => expect(diagnoses(live, files, files.at(70))).toEqual([]));
  });

  it("judges the lead's inbox while a teammate is left, not once none is (the lead stops reading then)", async () => {
    const files = team(['alice']);
    files.send('team-lead', 'alice', 'alice: #1 is done', 10);
    const live = await watch(files.dir);
    expect(only(diagnoses(live, files, files.at(70)), 'unread-pileup').members).toEqual(['team-lead']);

    files.shutDown('alice', 20, 21);
    files.config([]);
    await waitFor(() => expect(diagnoses(live, files, files.at(80))).toEqual([]));
  });
});
