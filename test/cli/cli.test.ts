import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { CAPTURES, FIXTURES } from '../helpers/fixtures.js';
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
    expect(missing.code).toBe(1);
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
    (JSON.parse(run(['--json', '--dir', `${FIXTURES}/handshakes`, ...args]).stdout) as { teams: { handshakes: HandshakeJson[]; members: { name: string; status: string; statusSince: string | null }[] }[] })
      .teams[0]!;

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
    const badNow = run(['--json', '--now', 'yesterday']);
    expect(badNow.code).not.toBe(0);
    expect(badNow.stderr).toContain('expected an ISO time');
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
    const { stdout } = run(['--once', '--dir', `${CAPTURES}/cc-2026-02-hive-analysis`], { COLUMNS: '80', LINES: '24' });
    expect(stdout.trimEnd().split('\n').length).toBeLessThanOrEqual(23);
  });
});

describe('flags', () => {
  it('prints help with every flag and the version', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--dir', '--team', '--once', '--json', '--no-color', '--version']) expect(help.stdout).toContain(flag);
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(run(['--version']).stdout.trim()).toBe(version);
  });

  it('rejects an unknown flag with a message and a non-zero exit', () => {
    const result = run(['--frobnicate']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("unknown option '--frobnicate'");
  });
});
