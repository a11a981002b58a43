/**
 * Members at work on screen: what each does now and for how long, its tokens,
 * context and cost in its pane, the team's in the header, the details (`d`)
 * with its transcript, figures and spawn prompt; and what a transcript holds
 * that must never show (a file's content, a result), nor reach the journal.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { mountStore } from '../helpers/app.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { CLI } from '../helpers/pty.js';
import { frame } from '../helpers/render.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { copyRecording, MODES } from '../helpers/transcripts.js';
import { waitFor } from '../helpers/wait.js';

const SECRET = 'sk-live-0123456789SECRET';

/** A team of a lead and two teammates, as 2.1.332 writes it (no `prompt` in the config), at work. */
function team() {
  const files = new TeamFiles(tempDir());
  const withoutPrompt = (member: Record<string, unknown>) => {
    delete member['prompt'];
    return member;
  };
  files.config([withoutPrompt(files.teammate('alice')), withoutPrompt(files.teammate('bob', { backend: 'tmux', color: 'green' }))]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice and bob', 1);
  lead.toolUse('toolu_lead_1', 'Bash', { command: 'npm test' }, 2, { input: 5000, output: 300, cacheRead: 40_000 });
  const alice = transcripts.inProcess('alice');
  alice.prompt('You are alice: design the parser API.', 3);
  alice.toolUse('toolu_alice_1', 'Write', { file_path: '/home/dev/work/.env', content: `TOKEN=${SECRET}` }, 4, { input: 2000 });
  alice.toolResult('toolu_alice_1', 5);
  alice.text('The API is written.', 6, { end: true });
  const bob = transcripts.tmux('bob');
  bob.mail('team-lead', 'You are bob: write the tests.', 3);
  bob.text('Looking at the tests first.', 7);
  return { files, transcripts, lead, alice, bob };
}

describe('the members panes', () => {
  it("say what each member does and for how long, its tokens, context and cost, and the team's in the header", async () => {
    const { files } = team();
    const { store } = await settledSession(files.dir);
    const text = frame(store.getState(), { now: files.at(44), width: 160, height: 40 });
    expect(text).toContain('▶ Bash npm test · 42s');
    expect(text).toContain('✎ writing · 37s');
    // Of the model's window, assumed (`?`): no compaction showed where the client compacts.
    expect(text).toContain('ctx 45K 5% of 1M? · ~$0.0');
    // Alice's turn ended: her status says so, and no line of what she does.
    expect(text).not.toMatch(/alice[\s\S]*▶ Write/);
    expect(text).toMatch(/session-5ca1ab1e \(3\) \S+ ago · 7.\dK in · \d+ out · ~\$0\.\d+/);
    expect(text).not.toContain(SECRET);
  });

  it('say a member that said it was idle and was woken by mail works again, as its transcript shows', async () => {
    const { files, alice } = team();
    files.send('team-lead', 'alice', files.idle('alice', 7), 7);
    const idle = await settledSession(files.dir);
    expect(frame(idle.store.getState(), { now: files.at(9), width: 160, height: 40 })).toMatch(/alice[^\n]*idle 2s/u);

    alice.mail('team-lead', 'Add a test for the empty input.', 10);
    alice.toolUse('toolu_alice_2', 'Read', { file_path: '/home/dev/work/src/parser.ts' }, 11);
    const woken = await settledSession(files.dir);
    const text = frame(woken.store.getState(), { now: files.at(14), width: 160, height: 40 });
    expect(text).toMatch(/alice[^\n]*working 3s/u);
    expect(text).toContain('▶ Read /home/dev/work/src/parser.ts · 3s');
  });

  it('mark a call running far longer than usual, and a call waiting for a permission', async () => {
    const { files, transcripts, lead } = team();
    lead.toolResult('toolu_lead_1', 20);
    lead.toolUse('toolu_lead_2', 'Bash', { command: 'sleep 3600' }, 21);
    const { store } = await settledSession(files.dir);
    // No earlier Bash calls to go by: ten minutes.
    expect(frame(store.getState(), { now: files.at(21 + 599), width: 160, height: 40 })).toContain('▶ Bash sleep 3600 · 9m');
    expect(frame(store.getState(), { now: files.at(21 + 601), width: 160, height: 40 })).toContain(
      '▶ Bash sleep 3600 · 10m · far longer than usual',
    );

    transcripts.sessionState('waiting', 30, 'permission prompt');
    const waiting = await settledSession(files.dir);
    expect(frame(waiting.store.getState(), { now: files.at(70), width: 160, height: 40 })).toContain('⏸ permission? Bash sleep 3600 · 40s');
  });

  it("open a member's details (d) with its transcript, its figures and its spawn prompt, saying where it came from", async () => {
    const { files } = team();
    const { store } = await settledSession(files.dir);
    const app = mountStore(store, { now: files.at(44), color: false });
    await waitFor(() => expect(app.lastFrame()).toContain('alice'));
    await app.press('\t');
    await app.press('d');
    await waitFor(() => expect(app.lastFrame()).toContain('spawn prompt'));
    const details = app.lastFrame()!;
    expect(details).toContain('transcript: projects/-home-dev-work/5ca1ab1e-bb35-47a9-969f-1bcf970b448d/subagents/agent-aalice-');
    expect(details).toContain('tokens: 2,100 in · 40 out · cache 0 read, 0 written');
    expect(details).toContain('cost: ~$');
    expect(details).toContain('spawn prompt (its first line, from the first record of its transcript):');
    expect(details).toContain('You are alice: design the parser API.');
    expect(details).not.toContain(SECRET);
    await app.press('\u001b');
    await app.press('\t');
    await app.press('d');
    await waitFor(() => expect(app.lastFrame()).toContain("spawn prompt (its first line, from its lead's first mail in its transcript):"));
    expect(app.lastFrame()).toContain('You are bob: write the tests.');
  });

  it("take the spawn prompt from the lead's Agent call where the teammate's transcript is not found, and say so", async () => {
    const files = new TeamFiles(tempDir());
    const carol = files.teammate('carol', { backend: 'tmux' });
    delete carol['prompt'];
    files.config([carol]);
    const lead = new TranscriptFiles(files).lead();
    lead.toolUse(
      'toolu_spawn',
      'Agent',
      { description: 'carol reviews', name: 'carol', prompt: 'You are carol: review the parser.\nMore.' },
      2,
    );
    const { store } = await settledSession(files.dir);
    const app = mountStore(store, { now: files.at(10), color: false });
    await waitFor(() => expect(app.lastFrame()).toContain('carol'));
    await app.press('\t');
    await app.press('d');
    await waitFor(() => expect(app.lastFrame()).toContain("spawn prompt (its first line, from the lead's Agent call):"));
    expect(app.lastFrame()).toContain('You are carol: review the parser.');
    expect(app.lastFrame()).not.toContain('transcript:');
  });

  it.each(MODES)('give each teammate of the real 2.1.332 (%s) its spawn prompt, though config.json has none', async (mode) => {
    const { store } = await settledSession(copyRecording(mode));
    const app = mountStore(store, { now: Date.parse('2026-11-25T23:18:02Z'), color: false });
    for (const name of ['alice', 'bob']) {
      await waitFor(() => expect(app.lastFrame()).toContain(name));
      await app.press('\t');
      await app.press('d');
      await waitFor(() =>
        expect(app.lastFrame()).toContain(
          `spawn prompt (its first line, from ${mode === 'tmux' ? "its lead's first mail" : 'the first record'}`,
        ),
      );
      expect(app.lastFrame()).toContain(`You are ${name}. Work on task #`);
      await app.press('\u001b');
    }
  });
});

/** Every file under `dir`, read. */
const everything = (dir: string): string =>
  readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? everything(path) : readFileSync(path, 'utf8')))
    .join('\n');

describe('what a transcript holds', () => {
  it('never reaches --json beyond the key input, nor the journal at all', async () => {
    const { files } = team();
    const { code, stdout } = runCli(['--json', '--no-journal', '--dir', files.dir, '--now', new Date(files.at(44)).toISOString()]);
    expect(code).toBe(0);
    expect(stdout).toContain('"detail": "npm test"');
    expect(stdout).not.toContain(SECRET);

    const state = tempDir();
    const child = spawn(process.execPath, [CLI, '--follow', '--json', '--state-dir', state, '--dir', files.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await waitFor(() => expect(out).toContain('"event":"activity"'));
      await waitFor(() => expect(readdirSync(state).length).toBeGreaterThan(0));
    } finally {
      child.kill('SIGTERM');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const journal = everything(state);
    expect(journal).toContain(files.team);
    for (const text of [SECRET, 'npm test', 'You are alice', 'Looking at the tests']) expect(journal).not.toContain(text);
  });
});
