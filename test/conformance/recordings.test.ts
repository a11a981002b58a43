/**
 * The conformance suite: every recording of the real Claude Code re-enacted
 * against the real watcher and session, in its recorded order and timing (its
 * idle gaps cut short) and again ten times faster, with the client's write
 * protocol (harness/reenact.mjs).
 * What is asserted is what teamtop kept, never when: the machine may be busy.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { loadRecording, recordedRun, type RecordedRun } from '../../harness/recording.mjs';
import { reenact } from '../../harness/reenact.mjs';
import { CAPTURES } from '../helpers/fixtures.js';
import { mayBeMissed } from '../helpers/missable.js';
import { watchUntil } from '../helpers/live.js';
import { waitFor } from '../helpers/wait.js';

/** Every recording of a team (a `claude -p` run has a session folder and no config: fixes.test.ts covers it). */
const TEAM_RECORDINGS = readdirSync(CAPTURES).filter(
  (name) => name.startsWith('cc-2.1.330-realcc-') && recordedRun(loadRecording(join(CAPTURES, name))).members.size > 0,
);
const SPEEDS = [1, 10];
/**
 * The client idle (a 26 s command): longer than any timer of the watcher (the
 * root checked every 2 s, a new folder listed again until 1.3 s after it came),
 * so a longer wait shows it nothing more. Every shorter gap is played as recorded.
 */
const MAX_GAP_MS = 3000;
/** The slowest recording takes 15 s at its own pace with its idle gaps cut to MAX_GAP_MS; on a busy machine, more. */
const RUN_TIMEOUT = 90_000;

const HANDSHAKE_KINDS: Readonly<Record<string, string>> = {
  shutdown_request: 'shutdown',
  plan_approval_request: 'plan_approval',
  permission_request: 'permission',
};

type Live = Awaited<ReturnType<typeof watchUntil>>;

/** Re-enact a recording into a fresh dir watched by a live session; resolve once it is played. */
async function replayWatched(name: string, speed: number, { onTestFinished }: Pick<TestContext, 'onTestFinished'>) {
  const recording = loadRecording(join(CAPTURES, name));
  const run = recordedRun(recording);
  const dir = mkdtempSync(join(tmpdir(), 'teamtop-conformance-'));
  const controller = new AbortController();
  onTestFinished(() => {
    controller.abort();
    rmSync(dir, { recursive: true, force: true });
  });
  const live: Live = await watchUntil(dir, controller.signal);
  await reenact(recording, dir, { speed, maxGapMs: MAX_GAP_MS, signal: controller.signal });
  return { run, live, missable: mayBeMissed(recording, run, speed) };
}

/**
 * What every recording must leave: every message, the roster's history, the
 * tasks, every answer, and nothing else. But for the messages in `missable`:
 * each lived in its inbox, re-enacted, too short a time for a busy machine to
 * be sure to look, and no transcript of the recording holds it
 * (test/helpers/missable.ts); one of them kept is kept as any other.
 */
function expectConformance(run: RecordedRun, live: Live, missable: ReadonlySet<string>): void {
  const state = live.store.getState();
  const json = live.json();

  // No phantom team: the `.deleted-<uuid>` folder is the team ending, not a team.
  expect(json.teams.map((team) => team.name)).toEqual([run.team]);
  const [team] = json.teams;
  expect(team!.ended).toBe(run.ended);
  expect(json.problems).toEqual([]);

  // Every distinct message the client wrote, once; delivered exactly when a rewrite of its inbox dropped it.
  const inboxes = state.teams.get(run.team)!.inboxes;
  const kept = new Map([...inboxes.values()].flatMap((inbox) => inbox.messages.map((message) => [message.key, message] as const)));
  const messages = run.messages.filter((message) => !missable.has(message.msgId) || kept.has(message.msgId));
  expect([...kept.keys()].sort()).toEqual(messages.map((message) => message.msgId).sort());
  expect(team!.messages).toHaveLength(messages.length);
  for (const message of messages) {
    const seen = kept.get(message.msgId)!;
    expect(seen.to, message.msgId).toBe(message.to);
    expect(Number.isFinite(seen.deliveredAt), `${message.msgId} delivered`).toBe(message.removedAt !== null);
  }
  expect(team!.messages.filter((message) => message.deliveredAt !== null)).toHaveLength(
    messages.filter((message) => message.removedAt !== null).length,
  );
  const missed = new Set(run.messages.filter((message) => !kept.has(message.msgId)).map((message) => message.msgId));

  // The roster: everyone the config ever listed, those gone from it departed and shut down; and the
  // names mail went to that no roster listed (a task given to a misspelt owner), none of them a member.
  const strangers = new Set(messages.map((message) => message.to).filter((to) => !run.members.has(to)));
  expect(team!.members.map((member) => member.name).sort()).toEqual([...run.members, ...strangers].sort());
  for (const member of team!.members) {
    if (strangers.has(member.name)) {
      expect(member, member.name).toMatchObject({ isLead: false, departed: false, status: 'not on roster' });
      continue;
    }
    if (member.name === run.lead) {
      expect(member).toMatchObject({ isLead: true, status: 'lead', departed: false });
    } else {
      expect(member, member.name).toMatchObject({ isLead: false, departed: !run.finalMembers.has(member.name), status: 'shut down' });
    }
    // How long its mail sat: one figure per message it was delivered.
    const delivered = messages.filter((message) => message.to === member.name && message.removedAt !== null).length;
    if (delivered === 0) expect(member.waits, member.name).toBeNull();
    else {
      expect(member.waits, member.name).toMatchObject({ count: delivered });
      expect(member.waits!.p50Seconds).toBeLessThanOrEqual(member.waits!.maxSeconds);
    }
  }

  // Tasks as last written; a task whose file went, deleted.
  expect(team!.tasks.map((task) => task.id).sort()).toEqual([...run.tasks.keys()].sort());
  for (const task of team!.tasks) {
    const { data: written, deleted } = run.tasks.get(task.id)!;
    expect(task, `task ${task.id}`).toMatchObject({
      subject: written['subject'],
      status: written['status'],
      owner: written['owner'] ?? null,
    });
    expect(task.state === 'deleted', `task ${task.id} deleted`).toBe(deleted || written['status'] === 'deleted');
  }

  // Every handshake with every answer, oldest first; its state is its first answer's (a request never answered has none).
  // One a message of which was missed is as its messages kept say: a request missed leaves its answers orphans.
  const requestOf = (recorded: (typeof run.handshakes)[number]) =>
    run.messages.find((message) => message.kind === recorded.type && message.protocol?.['requestId'] === recorded.requestId) ??
    run.messages.find((message) => message.kind === recorded.type && message.protocol?.['request_id'] === recorded.requestId);
  const whole = (recorded: (typeof run.handshakes)[number]) =>
    !missed.has(requestOf(recorded)?.msgId ?? '') && recorded.answers.every((answer) => !missed.has(answer.msgId));
  const seenAtAll = (recorded: (typeof run.handshakes)[number]) =>
    !missed.has(requestOf(recorded)?.msgId ?? '') || recorded.answers.some((answer) => !missed.has(answer.msgId));
  expect(team!.handshakes.map((handshake) => handshake.requestId).sort()).toEqual(
    run.handshakes
      .filter(seenAtAll)
      .map((handshake) => handshake.requestId)
      .sort(),
  );
  for (const recorded of run.handshakes.filter(whole)) {
    const handshake = team!.handshakes.find((candidate) => candidate.requestId === recorded.requestId)!;
    expect(handshake, recorded.requestId).toMatchObject({ kind: HANDSHAKE_KINDS[recorded.type], from: recorded.from, to: recorded.to });
    const [first] = recorded.answers;
    if (first) expect(handshake.state, recorded.requestId).toBe(first.state);
    else expect(['approved', 'rejected'], recorded.requestId).not.toContain(handshake.state);
    expect(handshake.responses.map(({ state: answer, from }) => ({ state: answer, from }))).toEqual(
      recorded.answers.map(({ state: answer, from }) => ({ state: answer, from })),
    );
    for (const response of handshake.responses) expect(response.at).toMatch(/^\d{4}-\d\d-\d\dT/u);
    expect(handshake.contradicting).toBe(new Set(recorded.answers.map((answer) => answer.state)).size > 1);
  }
}

describe.concurrent('conformance: the real client re-enacted against the live watcher', () => {
  for (const name of TEAM_RECORDINGS) {
    for (const speed of SPEEDS) {
      it(`${name} at ${speed}×`, { timeout: RUN_TIMEOUT }, async (context) => {
        const { run, live, missable } = await replayWatched(name, speed, context);
        // The last writes may still be on their way through the watcher: chokidar
        // reports a removed file 100 ms late (its atomic-write normalisation), and
        // at 10× the client's last task deletion comes 65 ms before its team folder goes.
        await waitFor(() => expectConformance(run, live, missable), { timeout: 10_000 });
        await live.reader.settled();
        expectConformance(run, live, missable);
      });
    }
  }
});
