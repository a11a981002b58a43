import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { CAPTURES, copyFixture, FIXTURES, tempDir } from '../helpers/fixtures.js';
import { runCli as run } from '../helpers/cli.js';

const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/gu;

describe('teamtop --json', () => {
  it('prints the decoded state of every team', () => {
    const { code, stdout } = run(['--json', '--dir', `${CAPTURES}/cc-2026-02-hive-analysis`]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as { claudeDir: string; teams: { name: string }[]; problems: unknown[] };
    expect(doc.claudeDir).toBe(`${CAPTURES}/cc-2026-02-hive-analysis`);
    expect(doc.teams.map((team) => team.name)).toEqual(['humble-chasing-goose', 'moonlit-chasing-meerkat', 'webui-migration']);
    expect(doc.problems).toEqual([]);
  });

  it('limits the output to --team and fails clearly on an unknown team', () => {
    const only = JSON.parse(run(['--json', '--dir', `${CAPTURES}/cc-2026-02-hive-analysis`, '--team', 'webui-migration']).stdout) as {
      teams: { name: string; members: unknown[] }[];
    };
    expect(only.teams.map((team) => team.name)).toEqual(['webui-migration']);
    expect(only.teams[0]!.members).toHaveLength(8);
    const missing = run(['--json', '--dir', `${CAPTURES}/cc-2026-02-hive-analysis`, '--team', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no team named "nope"');
  });

  it('reads $CLAUDE_CONFIG_DIR when --dir is not given', () => {
    const doc = JSON.parse(run(['--json'], { CLAUDE_CONFIG_DIR: `${FIXTURES}/generations` }).stdout) as { claudeDir: string };
    expect(doc.claudeDir).toBe(`${FIXTURES}/generations`);
  });

  it('never writes to the config dir', () => {
    const before = readFileSync(join(FIXTURES, 'broken/teams/torn/config.json'), 'utf8');
    run(['--json', '--dir', `${FIXTURES}/broken`]);
    expect(readFileSync(join(FIXTURES, 'broken/teams/torn/config.json'), 'utf8')).toBe(before);
  });
});

describe('handshakes in --json', () => {
  interface HandshakeJson {
    kind: string;
    requestId: string;
    from: string;
    to: string;
    requestedAt: string | null;
    respondedAt: string | null;
    state: string;
    ageSeconds: number;
  }
  const handshakes = (args: string[]) =>
    (
      JSON.parse(run(['--json', '--dir', `${FIXTURES}/handshakes`, ...args]).stdout) as {
        teams: { handshakes: HandshakeJson[]; members: { name: string; status: string; statusSince: string | null }[] }[];
      }
    ).teams[0]!;

  it('lists each handshake with its state and age as of --now', () => {
    const team = handshakes(['--now', '2026-03-01T10:05:00Z']);
    expect(team.handshakes[0]).toEqual({
      kind: 'shutdown',
      requestId: 'shutdown-120@bob',
      from: 'team-lead',
      to: 'bob',
      requestedAt: '2026-03-01T10:00:20.000Z',
      respondedAt: null,
      state: 'stalled',
      ageSeconds: 280,
      answerSeconds: null,
      orphan: false,
      fact: 'wrap up',
      responses: [],
      contradicting: false,
    });
    expect(team.handshakes.filter((h) => h.state === 'stalled').map((h) => h.requestId)).toEqual(['shutdown-120@bob', 'perm-240']);
    expect(team.handshakes.find((h) => h.requestId === 'shutdown-90@erin')).toMatchObject({
      state: 'approved',
      respondedAt: '2026-03-01T10:01:35.000Z',
      responses: [{ state: 'approved', at: '2026-03-01T10:01:35.000Z', from: 'erin' }],
    });
    expect(team.members.find((m) => m.name === 'bob')).toMatchObject({ status: 'stopping', statusSince: '2026-03-01T10:00:20.000Z' });
  });

  it('moves the stall threshold with --stall-after, boundary included', () => {
    const state = (now: string, stallAfter: string) =>
      handshakes(['--now', now, '--stall-after', stallAfter]).handshakes.find((h) => h.requestId === 'perm-240')!.state;
    expect(state('2026-03-01T10:04:59Z', '60')).toBe('pending');
    expect(state('2026-03-01T10:05:00Z', '60')).toBe('stalled');
    expect(state('2026-03-01T10:05:01Z', '60')).toBe('stalled');
    expect(state('2026-03-01T10:05:00Z', '61')).toBe('pending');
  });

  it('rejects a --now that is not a time and a negative --stall-after', () => {
    // Not a time, a number Date.parse took for 2000-01-01, a day February does not have (it rolled over to 2 March).
    for (const now of ['yesterday', '0', '2026-02-30T00:00:00Z', '2026-03-01T25:00:00Z']) {
      const badNow = run(['--json', '--now', now]);
      expect(badNow.code).toBe(2);
      expect(badNow.stderr).toContain('expected an ISO time');
      expect(run(['doctor', '--now', now]).code).toBe(2);
    }
    // A date alone is its midnight, UTC.
    expect(JSON.parse(run(['doctor', '--json', '--now', '2026-03-01', '--no-journal', '--dir', tempDir()]).stdout)).toMatchObject({
      now: '2026-03-01T00:00:00.000Z',
    });
    expect(run(['--json', '--stall-after', '-5']).code).not.toBe(0);
  });
});

describe('teamtop --once', () => {
  it('draws the handshakes panel, the stalled count and the ages', () => {
    const { stdout } = run(['--once', '--dir', `${FIXTURES}/handshakes`, '--now', '2026-03-01T10:05:00Z'], { COLUMNS: '120' });
    expect(stdout.split('\n')[0]).toContain('⚠ 2 stalled');
    expect(stdout).toContain(' Handshakes  3 open · 2 stalled (> 1m) · 8 answered');
    expect(stdout).toMatch(/⚠ stalled +shutdown +team-lead → bob +4m40s/u);
  });

  it('draws one plain frame, $COLUMNS wide, when the output is not a terminal', () => {
    const { code, stdout } = run(['--once', '--dir', `${FIXTURES}/protocol-zoo`], { COLUMNS: '90' });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(ESCAPES);
    expect(stdout).toContain('★ team-lead');
    for (const line of stdout.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(90);
  });

  it('uses only SGR colour sequences when FORCE_COLOR asks for colour', () => {
    const { stdout } = run(['--once', '--dir', `${FIXTURES}/protocol-zoo`], { FORCE_COLOR: '1' });
    const sequences = stdout.match(ESCAPES) ?? [];
    expect(sequences.length).toBeGreaterThan(10);
    for (const sequence of sequences) expect(sequence).toMatch(/^\u001b\[[0-9;]*m$/u);
  });

  it('draws no colour with --no-color or NO_COLOR, even when forced', () => {
    expect(run(['--once', '--no-color', '--dir', `${FIXTURES}/protocol-zoo`], { FORCE_COLOR: '1' }).stdout).not.toMatch(ESCAPES);
    expect(run(['--once', '--dir', `${FIXTURES}/protocol-zoo`], { FORCE_COLOR: '1', NO_COLOR: '1' }).stdout).not.toMatch(ESCAPES);
  });

  it('fits $LINES when given', () => {
    const { stdout } = run(['--once', '--dir', `${CAPTURES}/cc-2026-02-hive-analysis`, '--team', 'webui-migration'], {
      COLUMNS: '80',
      LINES: '24',
    });
    expect(stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(23);
  });

  it('draws each of several teams under a heading that names it, or the one --team names', () => {
    const hive = `${CAPTURES}/cc-2026-02-hive-analysis`;
    const { code, stdout } = run(['--once', '--dir', hive, '--no-journal'], { COLUMNS: '100', LINES: '24' });
    expect(code).toBe(0);
    const headings = stdout.split('\n').filter((line) => line.startsWith('── '));
    expect(headings).toEqual([
      `── humble-chasing-goose · team 1 of 3 (--team humble-chasing-goose draws it alone) ${'─'.repeat(17)}`,
      `── moonlit-chasing-meerkat · team 2 of 3 (--team moonlit-chasing-meerkat draws it alone) ${'─'.repeat(11)}`,
      `── webui-migration · team 3 of 3 (--team webui-migration draws it alone) ${'─'.repeat(27)}`,
    ]);
    // Each frame is its team's, and fits $LINES.
    const frames = stdout.split(/^── .*$/mu).slice(1);
    expect(frames.map((frame) => frame.includes('docs-types'))).toEqual([true, false, false]);
    expect(frames.map((frame) => frame.includes('doc-writer-1'))).toEqual([false, true, false]);
    expect(frames.map((frame) => frame.includes('scaffolder'))).toEqual([false, false, true]);
    for (const frame of frames) expect(frame.trim().split('\n').length).toBeLessThanOrEqual(23);
    const one = run(['--once', '--dir', hive, '--no-journal', '--team', 'moonlit-chasing-meerkat'], { COLUMNS: '100' }).stdout;
    expect(one).not.toContain('── moonlit');
    expect(one).toContain('doc-writer-1');
  });

  it('names no key: a frame for a script or a paste has no footer, no help hint, no key to go back', () => {
    const once = (view: string, lines: string) =>
      run(['--once', '--dir', `${FIXTURES}/handshakes`, '--now', '2026-03-01T10:05:00Z', '--view', view, '--no-journal'], {
        COLUMNS: '100',
        LINES: lines,
      }).stdout;
    const keys = /q quit|\? help|tab pane|back to the dashboard|: tab|\(a\)/u;
    for (const view of ['dashboard', 'timeline']) expect(once(view, '30')).not.toMatch(keys);
    // What the frame leaves out is still said, in words that count right.
    expect(once('dashboard', '14').trimEnd().split('\n').at(-1)).toBe('3 more members');
    expect(once('dashboard', '16').trimEnd().split('\n').at(-1)).toBe('1 more member');
  });
});

describe("abandoned handshakes (a real capture whose answers the lead's inbox no longer holds)", () => {
  // The hive capture at its end: every teammate approved its shutdown and left the roster. Newer
  // Claude Code deletes a message once delivered, so a reader that comes later finds the
  // requests and not the answers; and one teammate asked for a permission it never got.
  function capture(): string {
    const dir = copyFixture('captures/cc-2026-02-hive-analysis/snapshots/3-final');
    const inbox = join(dir, 'teams/analysis-team/inboxes/team-lead.json');
    const messages = (JSON.parse(readFileSync(inbox, 'utf8')) as { text: string }[]).filter(
      (message) => !message.text.includes('"shutdown_approved"'),
    );
    const permission = { type: 'permission_request', request_id: 'perm-1', tool_name: 'Bash', description: 'rm -rf build' };
    messages.push({ from: 'task-analyst', text: JSON.stringify(permission), timestamp: '2026-02-09T15:10:20.000Z', read: false } as never);
    writeFileSync(inbox, JSON.stringify(messages));
    return dir;
  }
  const NOW = ['--now', '2026-03-01T10:00:00Z'];

  it('gives every open request to or from a member who left the state abandoned in --json', () => {
    const doc = JSON.parse(run(['--json', '--dir', capture(), ...NOW]).stdout) as {
      teams: { handshakes: { requestId: string; to: string; state: string }[] }[];
    };
    const states = Object.fromEntries(doc.teams[0]!.handshakes.map((handshake) => [handshake.requestId, handshake.state]));
    expect(states).toEqual({
      'shutdown-1770649831648@task-analyst': 'abandoned',
      'shutdown-1770649832458@config-analyst': 'abandoned',
      'shutdown-1770649832843@message-analyst': 'abandoned',
      'shutdown-1770649833592@lifecycle-analyst': 'abandoned',
      'perm-1': 'abandoned',
    });
  });

  it('counts none of them as stalled, and draws them dim', () => {
    const dir = capture();
    const { stdout } = run(['--once', '--dir', dir, ...NOW], { COLUMNS: '120' });
    expect(stdout.split('\n')[0]).not.toContain('stalled');
    expect(stdout).toContain(' Handshakes  0 open · 0 answered · 5 abandoned');
    expect(stdout).toMatch(/⊘ abandoned +shutdown +team-lead +→ task-analyst +19d18h +Work complete/u);
    expect(stdout).toMatch(/⊘ abandoned +permission +task-analyst +→ team-lead +19d18h +Bash: rm -rf build/u);
    const colored = run(['--once', '--dir', dir, ...NOW], { COLUMNS: '120', FORCE_COLOR: '1' }).stdout;
    const row = colored.split('\n').find((line) => line.includes('⊘'))!;
    // Every piece of the row is dim (SGR 2), the mark and the names included.
    for (const piece of row.split(/\u001b\[[0-9;]*m/u).filter((text) => text.trim() !== '')) {
      const before = row.slice(0, row.indexOf(piece));
      expect(before.lastIndexOf('\u001b[2m')).toBeGreaterThan(before.lastIndexOf('\u001b[22m'));
    }
  });
});

describe('a team with only inboxes/ (the real capture without its config.json)', () => {
  function capture(): string {
    const dir = copyFixture('captures/cc-2026-02-hive-analysis/snapshots/2-live');
    rmSync(join(dir, 'teams/analysis-team/config.json'));
    return dir;
  }

  it('draws one lead, and members silent for weeks as quiet with how long', () => {
    const { stdout } = run(['--once', '--dir', capture(), '--now', '2026-03-01T10:00:00Z'], { COLUMNS: '100' });
    expect(stdout.match(/★/gu)).toHaveLength(1);
    expect(stdout).toMatch(/★ team-lead ─+ lead ─/u);
    expect(stdout).toMatch(/─ task-analyst ─+ quiet 19d ─/u);
    // Mail waits unread for weeks: its diagnosis marks the title, a note (nothing has changed for weeks: nobody runs the team).
    expect(stdout).toMatch(/━ config-analyst ℹ unread-pileup ━+ interrupted 19d ━/u);
    expect(stdout).not.toContain('working');
  });

  it('moves the threshold with --quiet-after', () => {
    const { stdout } = run(['--once', '--dir', capture(), '--now', '2026-03-01T10:00:00Z', '--quiet-after', '3000000'], { COLUMNS: '100' });
    expect(stdout).toMatch(/─ task-analyst ─+ working 19d ─/u);
    expect(stdout).not.toContain('quiet');
    expect(run(['--json', '--quiet-after', 'soon']).stderr).toContain('expected a number, 0 or more');
  });
});

describe('flags', () => {
  it('prints help with every flag and the version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--dir', '--team', '--once', '--json', '--no-color', '--version', '--quiet-after'])
      expect(help.stdout).toContain(flag);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(run(['--version']).stdout.trim()).toBe(version);
  });

  it('runs `npm start` and `npm run demo` as users run the bin, with no Node flags of their own', () => {
    // The bin sets its V8 flags itself (test/cli/v8-flags.test.ts): flags here would make the scripts another program.
    const { scripts } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['start']).toBe('node scripts/build.mjs && node dist/cli.js');
    expect(scripts['demo']).toBe('node scripts/build.mjs && node dist/cli.js demo');
  });

  it('rejects an unknown flag with a message and a non-zero exit', () => {
    const result = run(['--frobnicate']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("unknown option '--frobnicate'");
  });

  it('answers an unknown command in one line, with the command it was probably meant to be, and exits 2', () => {
    const result = run(['docter']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: "teamtop: unknown command 'docter' (did you mean doctor?)\n" });
    // A usage error of a subcommand is one line too, and says where its flags are listed.
    expect(run(['doctor', '--frob'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "teamtop: unknown option '--frob' (see teamtop doctor --help)\n",
    });
  });
});
