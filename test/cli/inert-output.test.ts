/**
 * What teamtop prints for scripts (`--json`, `replay --json`) and writes for
 * bug reports (the journal, `export`) is printed to terminals too: it must hold
 * no character a terminal acts on, and still parse to exactly what the files said.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { listAllRuns } from '../../src/io/journal/store-dir.js';
import { tempDir } from '../helpers/fixtures.js';
import { entry, writeJson } from '../helpers/live.js';
import { CLI } from '../helpers/pty.js';

/** 8-bit CSI clearing the screen, OSC retitling the window, DEL, a right-to-left override, a line separator. */
const HOSTILE = 'before \u009b2J\u009d0;pwned\u009c \u007f \u202egnp.exe\u202c \u2028 after';
/** Raw, any of them acts on (or lies to) a terminal. */
const ACTIVE = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function hostileTeam(): string {
  const dir = tempDir();
  writeJson(join(dir, 'teams/alpha/config.json'), {
    name: 'alpha',
    description: HOSTILE,
    members: [{ name: 'team-lead' }, { name: 'worker' }],
  });
  writeJson(join(dir, 'teams/alpha/inboxes/team-lead.json'), [entry('worker', HOSTILE, { summary: HOSTILE })]);
  writeJson(join(dir, 'tasks/alpha/1.json'), { id: '1', subject: HOSTILE, status: 'pending' });
  return dir;
}

type Doc = { teams: { description: string; messages: { text: string; summary: string }[]; tasks: { subject: string }[] }[] };

const expectHostileValues = (doc: Doc) => {
  const [team] = doc.teams;
  expect(team!.description).toBe(HOSTILE);
  expect(team!.messages.map((message) => [message.text, message.summary])).toEqual([[HOSTILE, HOSTILE]]);
  expect(team!.tasks.map((task) => task.subject)).toEqual([HOSTILE]);
};

describe('machine-readable output', () => {
  it('--json escapes C1 controls, DEL, separators and bidi overrides, and parses to the same text', () => {
    const result = cli(['--json', '--dir', hostileTeam(), '--no-journal']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(ACTIVE);
    expect(result.stdout).toContain('\\u009b2J');
    expectHostileValues(JSON.parse(result.stdout) as Doc);
  });

  it('the journal, replay --json and export hold them escaped, and replay to the same text', async () => {
    const dir = hostileTeam();
    const state = tempDir();
    (await settledSession(dir, { stateDir: state, write: true, maxBytes: 1e9 })).close();
    const [run] = listAllRuns(state);
    expect(readFileSync(run!.path, 'utf8')).not.toMatch(ACTIVE);

    const replayed = cli(['replay', run!.path, '--json']);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).not.toMatch(ACTIVE);
    expectHostileValues(JSON.parse(replayed.stdout) as Doc);
  });

  it('export escapes what a journal written by an older teamtop holds raw', () => {
    const state = tempDir();
    const folder = join(state, 'journal/claude-00000000/alpha');
    mkdirSync(folder, { recursive: true });
    const lines = [
      { teamtop: 'journal', v: 1, run: 'r', team: 'alpha', claudeDir: '/c', started: 1 },
      { op: 'folder', t: 1, path: 'teams/alpha', present: true },
      { op: 'file', t: 1, live: false, path: 'teams/alpha/inboxes/team-lead.json', text: JSON.stringify([entry('worker', HOSTILE)]) },
    ];
    const raw = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
    expect(raw).toMatch(ACTIVE);
    writeFileSync(join(folder, '2026-01-01T00-00-00-000Z-1.jsonl'), raw);

    const out = join(tempDir(), 'alpha.jsonl');
    expect(cli(['export', '--team', 'alpha', '--out', out, '--state-dir', state, '--dir', '/c']).code).toBe(0);
    const exported = readFileSync(out, 'utf8');
    expect(exported).not.toMatch(ACTIVE);
    expect(
      exported
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(lines);
  });

  it('report, as text and as JSON, shows them inertly; the JSON parses to the same text', () => {
    const dir = hostileTeam();
    const text = cli(['report', '--dir', dir, '--no-journal']);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(ACTIVE);
    expect(text.stdout).toContain('#1 before');
    const json = cli(['report', '--dir', dir, '--no-journal', '--json']);
    expect(json.stdout).not.toMatch(ACTIVE);
    const doc = JSON.parse(json.stdout) as { description: string; messages: { text: string }[]; tasks: { left: { subject: string }[] } };
    expect([doc.description, doc.messages[0]!.text, doc.tasks.left[0]!.subject]).toEqual([HOSTILE, HOSTILE, HOSTILE]);
  });
});
