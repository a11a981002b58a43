/**
 * Never a message lost on a busy machine (issue 36, how it is checked): a live
 * team writes 100 messages, each removed from its inbox 100 ms after it was
 * written (as Claude Code removes one it delivered), with its
 * `<teammate-message>` record in the recipient's transcript as the client
 * writes it, while two busy processes hold both cores. For one message in ten
 * the built CLI (`teamtop --follow --json`) is held still (SIGSTOP, as a
 * loaded scheduler holds a process) for the message's whole life in its inbox:
 * those can only come from the transcript, and are marked recovered. It keeps
 * 100 of 100, none twice, and so does what it journaled.
 *
 * The 100 ms are the point here, so they are slept, not waited on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { CLI } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles, type Transcript } from '../helpers/transcript-files.js';
import { sleep, waitFor } from '../helpers/wait.js';

type Line = Record<string, unknown> & { event: string };
interface Message {
  id: string;
  to: string;
  text: string;
  summary: string | null;
  recovered: boolean;
  taken: boolean;
}

/** Processes this test started, ended by their pids whatever happens. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    process.kill(child.pid, 'SIGCONT');
    process.kill(child.pid, 'SIGKILL');
  }
});

/** `node -e 'for(;;){}'`: a core kept busy. */
function busy(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  started.push(child);
  return child;
}

function follow(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, '--follow', '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const lines: Line[] = [];
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
    const done = out.lastIndexOf('\n') + 1;
    for (const line of out.slice(0, done).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Line);
    out = out.slice(done);
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, stderr: () => err, exited };
}

const COUNT = 100;
/** The messages teamtop is held still for, for the whole of their life in the inbox. */
const held = (i: number) => i % 10 === 5;

describe('a message that lives 100 ms, on a busy machine', () => {
  it('is kept, 100 of 100, none twice; those teamtop was held still for, recovered from the transcript', { timeout: 300_000 }, async () => {
    busy();
    busy();
    const files = new TeamFiles(tempDir(), Date.now());
    files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux' })]);
    const transcripts = new TranscriptFiles(files);
    const seconds = () => (Date.now() - files.t0) / 1000;
    transcripts.lead().prompt('Build it', seconds());
    const recipients: Record<string, Transcript> = { alice: transcripts.inProcess('alice'), bob: transcripts.tmux('bob') };
    // alice is in-process: her spawn prompt is handed to her model from no inbox.
    recipients['alice']!.mail('team-lead', 'You are alice.', seconds());
    recipients['bob']!.text('bob: ready', seconds());
    const state = tempDir();
    const follower = follow(['--dir', files.dir, '--state-dir', state]);
    const activity = (member: string) => follower.lines.some((line) => line.event === 'activity' && line['member'] === member);
    // Started, and every member's transcript read: what it shows from now on is mail taken.
    await waitFor(() => expect(['team-lead', 'alice', 'bob'].every(activity)).toBe(true), { timeout: 60_000 });

    const pid = follower.child.pid!;
    for (let i = 0; i < COUNT; i++) {
      const to = i % 2 === 0 ? 'alice' : 'bob';
      const text = `message ${i} to ${to}`;
      if (held(i)) process.kill(pid, 'SIGSTOP');
      const id = files.send(to, 'team-lead', text, seconds(), `summary ${i}`);
      await sleep(100);
      // Its model takes it, and the client removes it from the inbox.
      recipients[to]!.mail('team-lead', text, seconds(), `summary ${i}`);
      files.deliver(to, id);
      if (held(i)) {
        // Gone before teamtop could look: the change it will see says nothing of it.
        await sleep(50);
        process.kill(pid, 'SIGCONT');
      }
    }

    const told = () =>
      follower.lines
        .filter((line) => line.event === 'message' && line['change'] === 'new')
        .map((line) => line['message'] as Message)
        .filter((message) => message.text.startsWith('message '));
    await waitFor(() => expect(new Set(told().map((message) => message.text)).size).toBe(COUNT), { timeout: 60_000 });
    const byText = new Map<string, Message[]>();
    for (const message of told()) byText.set(message.text, [...(byText.get(message.text) ?? []), message]);
    for (let i = 0; i < COUNT; i++) {
      const [message, ...again] = byText.get(`message ${i} to ${i % 2 === 0 ? 'alice' : 'bob'}`)!;
      expect(again, `message ${i} twice`).toEqual([]);
      expect(message!.summary).toBe(`summary ${i}`);
      if (held(i)) expect(message!.recovered, `message ${i}, held still for its life`).toBe(true);
    }
    follower.child.kill('SIGTERM');
    expect(await follower.exited).toBe(143);
    expect(follower.stderr()).toBe('');

    // What it journaled, restored without a transcript: the same 100, once each, the recovered ones as such.
    const { code, stdout, stderr } = runCli(['--json', '--no-transcripts', '--dir', files.dir, '--state-dir', state]);
    expect(code, stderr).toBe(0);
    const restored = (JSON.parse(stdout) as { teams: { messages: Message[] }[] }).teams[0]!.messages.filter((message) =>
      message.text.startsWith('message '),
    );
    expect(restored.map((message) => message.text).sort()).toEqual([...byText.keys()].sort());
    for (const message of restored) expect(message.recovered, message.text).toBe(byText.get(message.text)![0]!.recovered);
    expect(restored.every((message) => message.taken)).toBe(true);
  });
});
