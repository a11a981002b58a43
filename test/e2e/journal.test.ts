import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { CLI, Terminal } from '../helpers/pty.js';
import { sleep, waitFor } from '../helpers/wait.js';

/** Every journal file under a state dir, read together. */
function journalOf(state: string): string {
  return readdirSync(join(state, 'journal'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.jsonl'))
    .map((path) => readFileSync(join(state, 'journal', path), 'utf8'))
    .join('');
}

const NOW = '2026-12-01T00:00:00Z';

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, COLUMNS: '120' }, input: '' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Doc {
  teams: { name: string }[];
}

/**
 * The zoo's in-process worker's session transcript, as 2.1.332 lays it out (its
 * `.meta.json` beside it, under the lead's session): its spawn prompt first.
 * Returns how to append a `<teammate-message>` record, as the client does when
 * its model takes a message.
 */
function workerTranscript(dir: string): (from: string, text: string) => void {
  const session = '00000000-0000-4000-8000-000000000000';
  const base = join(dir, 'projects', '-work', session, 'subagents', 'agent-aworker-0123456789abcdef');
  mkdirSync(join(base, '..'), { recursive: true });
  writeFileSync(
    `${base}.meta.json`,
    JSON.stringify({ name: 'worker', teamName: 'zoo', taskKind: 'in_process_teammate', agentType: 'general-purpose' }),
  );
  const record = (content: string) =>
    `${JSON.stringify({
      type: 'user',
      message: { role: 'user', content },
      isSidechain: true,
      agentId: 'aworker-0123456789abcdef',
      sessionId: session,
      cwd: '/work',
      timestamp: new Date().toISOString(),
    })}\n`;
  writeFileSync(`${base}.jsonl`, record('<teammate-message teammate_id="team-lead">\nYou are the worker.\n</teammate-message>'));
  return (from, text) => appendFileSync(`${base}.jsonl`, record(`<teammate-message teammate_id="${from}">\n${text}\n</teammate-message>`));
}

describe('recording and replaying a run', () => {
  it('keeps messages deleted 100 ms after they were written across a restart, and replays to the same state', async () => {
    const dir = copyFixture('protocol-zoo');
    const taken = workerTranscript(dir);
    const state = tempDir();
    const term = new Terminal({ args: ['--dir', dir, '--state-dir', state], cols: 120, rows: 40 });
    await term.waitForText('★ team-lead');

    const inbox = join(dir, 'teams/zoo/inboxes/worker.json');
    const kept = JSON.parse(readFileSync(inbox, 'utf8')) as unknown[];
    for (let i = 0; i < 8; i++) {
      writeJson(inbox, [...kept, entry('team-lead', `short-lived ${i}`)]);
      await sleep(100);
      // The worker's model takes it, and the client removes it: a busy machine may have kept teamtop from
      // reading the inbox meanwhile, and the transcript's record says it came.
      taken('team-lead', `short-lived ${i}`);
      writeJson(inbox, kept);
      await sleep(40);
    }
    writeJson(join(dir, 'tasks/zoo/9.json'), { id: '9', subject: 'added live', status: 'pending', blocks: [], blockedBy: ['4'] });
    await term.waitForText('8 tasks');
    // On a busy machine the worker's transcript can be read after the task file: quit once the journal holds
    // the last message taken, so what follows compares states of the same run.
    await waitFor(() => expect(journalOf(state)).toMatch(/"op":"taken"[^\n]*"short-lived 7"/u));
    term.press('q');
    expect(await term.waitForExit()).toBe(0);

    // Kept across a restart by the journal alone (no transcript read), those the inbox showed and any
    // the dashboard took from the transcript.
    const live = JSON.parse(cli(['--json', '--no-transcripts', '--dir', dir, '--state-dir', state, '--now', NOW]).stdout) as Doc & {
      teams: { messages: { text: string; delivered: boolean; taken: boolean }[] }[];
    };
    const shortLived = live.teams[0]!.messages.filter((m) => m.text.startsWith('short-lived'));
    expect(shortLived.map((m) => m.text).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `short-lived ${i}`));
    expect(shortLived.every((m) => m.delivered && m.taken)).toBe(true);

    const replayed = JSON.parse(cli(['replay', 'zoo', '--json', '--dir', dir, '--state-dir', state, '--now', NOW]).stdout) as Doc;
    expect(replayed.teams.find((team) => team.name === 'zoo')).toEqual(live.teams.find((team) => team.name === 'zoo'));

    const out = join(tempDir(), 'zoo.jsonl');
    const exported = cli(['export', '--team', 'zoo', '--out', out, '--dir', dir, '--state-dir', state]);
    expect(exported.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const fromFile = JSON.parse(cli(['replay', out, '--json', '--now', NOW]).stdout) as Doc;
    expect(fromFile.teams.find((team) => team.name === 'zoo')).toEqual(live.teams.find((team) => team.name === 'zoo'));

    // Without a terminal, replay draws the frame the recording ends on.
    const frame = cli(['replay', out, '--now', NOW, '--no-color']);
    expect(frame.code).toBe(0);
    expect(frame.stdout).toContain('short-lived 7');
    expect(frame.stdout).toContain(' Tasks  8 tasks');
    expect(frame.stdout).not.toContain('\u001b');
  });

  it('plays a recording on the dashboard with its transport keys', async () => {
    const dir = copyFixture('protocol-zoo');
    const state = tempDir();
    const record = new Terminal({ args: ['--dir', dir, '--state-dir', state], cols: 100, rows: 30 });
    await record.waitForText('★ team-lead');
    writeJson(join(dir, 'teams/zoo/inboxes/helper.json'), [entry('team-lead', 'recorded line')]);
    await record.waitForText('recorded line');
    record.press('q');
    await record.waitForExit();

    const replay = new Terminal({ args: ['replay', 'zoo', '--dir', dir, '--state-dir', state, '--speed', '256'], cols: 100, rows: 30 });
    await replay.waitForText('■ end');
    expect(replay.text()).toContain('recorded line');
    replay.press('<');
    await replay.waitForText('entry 0/');
    replay.press('.');
    await replay.waitForText('entry 1/');
    replay.press('>');
    await replay.waitForText('■ end');
    replay.press('q');
    expect(await replay.waitForExit()).toBe(0);
  });

  it('says so when there is nothing to replay', () => {
    const result = cli(['replay', 'no-such-team', '--state-dir', tempDir()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no journal file or recorded team named "no-such-team"');
  });
});
