import { appendFileSync, mkdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import {
  listArtifacts,
  LOG_LINE_CHARS,
  LOG_READ_BYTES,
  LOG_TAIL_BYTES,
  LogFollower,
  type AgentRead,
} from '../../../src/io/watch/agent-files.js';
import { tempDir } from '../../helpers/fixtures.js';

const LOG = 'tasks/t/coder/output.log';
const target = { kind: 'output-log', team: 't', member: 'coder' } as const;

type LogObservation = Extract<Observation, { kind: 'log' }>;

function logOf(result: AgentRead): LogObservation | undefined {
  expect(result.kind).toBe('read');
  const [observation] = result.kind === 'read' ? result.observations : [];
  return observation as LogObservation | undefined;
}

function setup() {
  const dir = tempDir();
  mkdirSync(join(dir, 'tasks/t/coder'), { recursive: true });
  const path = join(dir, LOG);
  const follower = new LogFollower(dir);
  const read = () => logOf(follower.read(LOG, target, 1, true));
  return { dir, path, follower, read };
}

describe('following an output log', () => {
  it('reads whole lines as they are appended, and keeps the line being written for later', () => {
    const { path, read } = setup();
    writeFileSync(path, 'first\nsecond\nthird, half');
    expect(read()).toMatchObject({ lines: ['first', 'second'], partial: 'third, half', reset: true, skipped: 0 });
    appendFileSync(path, ' done\nfourth\n');
    expect(read()).toMatchObject({ lines: ['third, half done', 'fourth'], partial: '', reset: false, skipped: 0 });
    // Nothing new: nothing to say.
    expect(read()).toBeUndefined();
  });

  it('starts over on a truncated or a replaced log, like tail -F', () => {
    const { dir, path, read } = setup();
    writeFileSync(path, 'one\ntwo\n');
    read();
    truncateSync(path, 0);
    writeFileSync(path, 'after truncation\n');
    expect(read()).toMatchObject({ lines: ['after truncation'], reset: true });
    const other = join(dir, 'tasks/t/coder/new.log');
    writeFileSync(other, 'a longer replacement log\nwith two lines\n');
    renameSync(other, path);
    expect(read()).toMatchObject({ lines: ['a longer replacement log', 'with two lines'], reset: true });
  });

  it('reads only the end of a big log, from a line start, and says how much it skipped', () => {
    const { path, read } = setup();
    const line = `${'x'.repeat(99)}\n`;
    writeFileSync(path, line.repeat(10_000));
    const first = read()!;
    expect(first.reset).toBe(true);
    expect(first.skipped).toBe(1_000_000 - LOG_TAIL_BYTES);
    expect(first.lines.length).toBe(Math.floor(LOG_TAIL_BYTES / 100));
    expect(first.lines.every((text) => text === 'x'.repeat(99))).toBe(true);
    // A burst bigger than one read: only its end is read, the gap is counted.
    appendFileSync(path, `${line.repeat(LOG_READ_BYTES / 100 + 100)}last\n`);
    const burst = read()!;
    expect(burst.reset).toBe(false);
    expect(burst.skipped).toBeGreaterThan(0);
    expect(burst.lines.at(-1)).toBe('last');
  });

  it('cuts a very long line, drops colour codes and keeps other escapes for the sanitiser', () => {
    const { path, read } = setup();
    writeFileSync(path, `${'y'.repeat(LOG_LINE_CHARS * 3)}\n\u001b[32mgreen\u001b[0m \u001b]0;title\u0007\r\n`);
    const { lines } = read()!;
    expect(lines).toEqual(['y'.repeat(LOG_LINE_CHARS), 'green \u001b]0;title\u0007']);
    // The line still being written is shown without its colour codes too.
    appendFileSync(path, '\u001b[1mhalf a bold');
    expect(read()).toMatchObject({ lines: [], partial: 'half a bold' });
  });

  it('decodes a character split between two writes', () => {
    const { path, read } = setup();
    const text = Buffer.from('née\n');
    writeFileSync(path, text.subarray(0, 2));
    read();
    appendFileSync(path, text.subarray(2));
    expect(read()).toMatchObject({ lines: ['née'] });
  });

  it('says a log that is gone is gone, and a folder is not a log', () => {
    const { dir, path, follower } = setup();
    expect(follower.read(LOG, target, 1, true).kind).toBe('gone');
    mkdirSync(path);
    expect(follower.read(LOG, target, 1, true)).toMatchObject({ kind: 'unreadable', code: 'EISDIR' });
    rmSync(join(dir, 'tasks'), { recursive: true });
    expect(follower.read(LOG, target, 1, true).kind).toBe('gone');
  });
});

describe('listing an artifacts folder', () => {
  it('gives names, kinds and sizes by name', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'report.md'), '# report\n');
    writeFileSync(join(dir, 'a.diff'), 'x'.repeat(2048));
    mkdirSync(join(dir, 'screens'));
    const result = listArtifacts(dir, { kind: 'artifacts', team: 't', member: 'coder' }, 5, false);
    expect(result).toEqual({
      kind: 'read',
      observations: [
        {
          kind: 'artifacts',
          team: 't',
          member: 'coder',
          entries: [
            { name: 'a.diff', size: 2048, kind: 'file' },
            { name: 'report.md', size: 9, kind: 'file' },
            { name: 'screens', size: 0, kind: 'folder' },
          ],
          more: 0,
          at: 5,
          live: false,
        },
      ],
    });
  });

  it('lists at most 500 entries and counts the rest', () => {
    const dir = tempDir();
    for (let i = 0; i < 520; i++) writeFileSync(join(dir, `f${String(i).padStart(3, '0')}`), '');
    const result = listArtifacts(dir, { kind: 'artifacts', team: 't', member: 'coder' }, 5, false);
    const [observation] = result.kind === 'read' ? result.observations : [];
    expect(observation).toMatchObject({ more: 20 });
    expect((observation as Extract<Observation, { kind: 'artifacts' }>).entries).toHaveLength(500);
  });
});
