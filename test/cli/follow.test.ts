/**
 * `teamtop --follow --json`: one JSON object per line as things happen,
 * derived from what the watcher sees and from the clock, never from polling.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecording, recordedRun } from '../../harness/recording.mjs';
import { reenact } from '../../harness/reenact.mjs';
import { runCli } from '../helpers/cli.js';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { mayBeMissed, paceFor } from '../helpers/missable.js';
import { CLI } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { waitFor } from '../helpers/wait.js';

type Line = Record<string, unknown> & { event: string; team?: string; initial?: boolean; change?: string; previous?: string | null };

interface Follower {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  readonly lines: Line[];
  /** Everything written to stdout, as written. */
  readonly raw: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

const followers: Follower[] = [];

afterEach(() => {
  for (const follower of followers.splice(0)) if (follower.child.exitCode === null) follower.child.kill('SIGKILL');
});

function follow(args: readonly string[]): Follower {
  const child = spawn(process.execPath, [CLI, '--follow', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined },
  });
  let out = '';
  let err = '';
  const lines: Line[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const complete = out.slice(0, out.lastIndexOf('\n') + 1);
    const parsed = complete.split('\n').filter(Boolean);
    lines.splice(0, lines.length, ...parsed.map((line) => JSON.parse(line) as Line));
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const follower = { child, lines, raw: () => out, stderr: () => err, exited };
  followers.push(follower);
  return follower;
}

const ready = (follower: Follower) =>
  waitFor(() => expect(follower.lines.some((line) => line.event === 'ready')).toBe(true), { timeout: 10_000 });

describe('teamtop --follow --json', () => {
  it(
    'tells a re-enacted run of the real client as it happens: every message, the handshakes, the tasks, what went wrong, the end',
    { timeout: 60_000 },
    async () => {
      const recording = loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-plan-in-process'));
      const run = recordedRun(recording);
      const dir = tempDir();
      const state = tempDir();
      // Judged as of when the client wrote it, not as of today: its requests are days old by the clock.
      const follower = follow(['--dir', dir, '--state-dir', state, '--now', new Date(recording.endedAt).toISOString()]);
      await ready(follower);
      // As fast as every message still lives 100 ms in its inbox (1.75×: a plan's answer lives 176 ms as recorded):
      // this recording holds no transcript to recover one a busy machine let the follower miss (helpers/missable.ts).
      const speed = paceFor(recording, run, 10);
      expect(mayBeMissed(recording, run, speed)).toEqual(new Set());
      await reenact(recording, dir, { speed });
      await waitFor(() => expect(follower.lines).toContainEqual(expect.objectContaining({ event: 'team', change: 'ended' })), {
        timeout: 10_000,
      });

      const events = (event: string) => follower.lines.filter((line) => line.event === event);
      expect(events('team').map((line) => [line.team, line.change])).toEqual([
        [run.team, 'new'],
        [run.team, 'ended'],
      ]);
      // Every message the client wrote, once, as it was kept.
      const kept = events('message').filter((line) => line.change === 'new');
      expect(kept.map((line) => (line['message'] as { id: string }).id).sort()).toEqual(
        run.messages.map((message) => message.msgId).sort(),
      );
      // Each handshake's states in turn, ending where the recording did.
      for (const recorded of run.handshakes) {
        const states = events('handshake')
          .filter((line) => (line['handshake'] as { requestId: string }).requestId === recorded.requestId)
          .map((line) => (line['handshake'] as { state: string }).state);
        expect(states.at(-1), recorded.requestId).toBe(recorded.answers[0]!.state);
        expect(new Set(states).size, recorded.requestId).toBe(states.length);
      }
      // The plan answered twice, said once and never taken back; no warning at any time of a healthy run.
      const diagnoses = events('diagnosis');
      expect(diagnoses.map((line) => [line.change, (line['diagnosis'] as { kind: string }).kind])).toEqual([
        ['raised', 'contradicting-answers'],
      ]);
      expect(diagnoses[0]!['diagnosis']).toMatchObject({ severity: 'info', members: ['carol', 'team-lead'] });
      expect(events('task').map((line) => [(line['task'] as { id: string }).id, (line['task'] as { state: string }).state])).toContainEqual(
        ['1', 'ready'],
      );
      // Each line at once, as a line: nothing waits for a buffer to fill.
      expect(follower.raw().endsWith('\n')).toBe(true);

      follower.child.kill('SIGTERM');
      expect(await follower.exited).toBe(143);
      expect(follower.stderr()).toBe('');

      // What it saw was journaled: the team whose folder is gone is still known to doctor.
      const doctor = runCli(['doctor', '--dir', dir, '--state-dir', state, '--now', new Date(recording.endedAt).toISOString()]);
      expect(doctor.code).toBe(0);
      expect(doctor.stdout).toMatch(new RegExp(`^ℹ ${run.team} \\(ended\\): 0 warnings, 1 note\\n {2}ℹ info contradicting-answers`, 'u'));
    },
  );

  it('says a request stalled when it does, with no file changing, and when it is answered', async () => {
    // Written now, stalled 8 s on: room for a slow start before the threshold, and the stall comes with no file changing.
    const files = new TeamFiles(tempDir(), Date.now());
    files.config([files.teammate('carol', { backend: 'tmux' })]);
    const request = files.permissionRequest('carol', 0);
    files.send('team-lead', 'carol', request, 0);
    const follower = follow(['--dir', files.dir, '--no-journal', '--stall-after', '8']);
    await ready(follower);
    const initial = follower.lines.filter((line) => line.initial);
    expect(initial.map((line) => line.event)).toEqual(['team', 'handshake']);
    expect(initial[1]).toMatchObject({ previous: null, handshake: { requestId: request.request_id, state: 'pending' } });

    await waitFor(
      () =>
        expect(
          follower.lines
            .filter((line) => !line.initial && line.event !== 'ready')
            .map((line) => [line.event, line.previous ?? line.change]),
        ).toEqual([
          ['handshake', 'pending'],
          ['diagnosis', 'raised'],
        ]),
      { timeout: 15_000 },
    );
    const stalled = follower.lines.find((line) => line.event === 'diagnosis')!;
    expect(stalled).toMatchObject({
      team: files.team,
      diagnosis: { kind: 'stalled', severity: 'warning', members: ['team-lead', 'carol'] },
    });
    // At the threshold, not a poll later.
    expect(Date.parse(stalled['at'] as string) - files.at(8)).toBeLessThan(1000);
    expect(Date.parse(stalled['at'] as string)).toBeGreaterThanOrEqual(files.at(8));

    files.send('carol', 'team-lead', { type: 'permission_response', request_id: request.request_id, subtype: 'success' }, 9);
    await waitFor(() =>
      expect(
        follower.lines.slice(-3).map((line) => [line.event, line.change ?? (line['handshake'] as { state: string } | undefined)?.state]),
      ).toEqual([
        ['message', 'new'],
        ['handshake', 'approved'],
        ['diagnosis', 'cleared'],
      ]),
    );
  });

  it('tells every message of a team that appears whole while it follows', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('carol')]);
    const first = files.send('carol', 'team-lead', 'carol, start with #1', 5);
    const second = files.send('team-lead', 'carol', 'carol: on it', 6);
    const dir = tempDir();
    const follower = follow(['--dir', dir, '--no-journal']);
    await ready(follower);
    cpSync(files.dir, dir, { recursive: true });
    await waitFor(() =>
      expect(follower.lines.filter((line) => line.event === 'message').map((line) => (line['message'] as { id: string }).id)).toEqual([
        first,
        second,
      ]),
    );
  });

  it('writes lines a terminal shows inertly, which parse back to the text as written', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('carol')]);
    const follower = follow(['--dir', files.dir, '--no-journal']);
    await ready(follower);
    const text = 'carol \u009b2J\u001b]0;pwned\u0007 \u2028 \u202e done';
    files.send('carol', 'team-lead', text, 5);
    await waitFor(() => expect(follower.lines.some((line) => line.event === 'message')).toBe(true));
    expect(follower.raw()).not.toMatch(/[\u0007\u001b\u009b\u2028\u202e]/u);
    expect(follower.raw()).toContain('\\u009b2J');
    expect((follower.lines.find((line) => line.event === 'message')!['message'] as { text: string }).text).toBe(text);
  });

  it('ends quietly when its reader goes away (EPIPE) and on Ctrl+C', async () => {
    const files = new TeamFiles(tempDir());
    files.config([files.teammate('carol')]);
    const reader = follow(['--dir', files.dir, '--no-journal']);
    await ready(reader);
    reader.child.stdout.destroy();
    files.send('carol', 'team-lead', 'carol, go on', 5);
    expect(await reader.exited).toBe(0);
    expect(reader.stderr()).toBe('');

    const interrupted = follow(['--dir', files.dir, '--no-journal']);
    await ready(interrupted);
    interrupted.child.kill('SIGINT');
    expect(await interrupted.exited).toBe(130);
    expect(interrupted.stderr()).toBe('');
  });

  it('is a usage error without --json, with --once, and next to --bell', () => {
    const dir = tempDir();
    expect(runCli(['--follow', '--dir', dir])).toMatchObject({ code: 2, stdout: '' });
    expect(runCli(['--follow', '--dir', dir]).stderr).toBe(
      'teamtop: --follow prints one JSON object per line as things happen: use it with --json, without --once\n',
    );
    expect(runCli(['--follow', '--json', '--once', '--dir', dir]).code).toBe(2);
    expect(runCli(['--bell', '--json', '--dir', dir])).toMatchObject({
      code: 2,
      stderr: 'teamtop: --bell rings in the live dashboard; with --json --follow, wait for "diagnosis" events instead\n',
    });
  });
});
