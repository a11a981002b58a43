/**
 * Times from files can be anything (issue 26 §4.5): a request stamped far in
 * the future neither loops a timer nor escapes being judged stalled.
 */
import { stalling } from '../../helpers/thresholds.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../../src/core/judge/index.js';
import { judgeHandshake } from '../../../src/core/model/handshakes.js';
import { pairHandshakes } from '../../../src/core/model/pairing.js';
import { LONGEST_TIMER_MS, timerDelay } from '../../../src/core/model/time.js';
import { tempDir } from '../../helpers/fixtures.js';
import { at, message } from '../../helpers/observations.js';
import { watch } from '../../helpers/live.js';
import { followUntil } from '../../helpers/cli.js';

const mkdirs = (...parts: string[]): string => {
  const path = join(...parts);
  mkdirSync(path, { recursive: true });
  return path;
};

const IN_2100 = Date.parse('2100-01-01T00:00:00Z');

describe('times in the future', () => {
  it('clamps every timer to what Node can wait', () => {
    expect(timerDelay(30 * 24 * 3600 * 1000)).toBe(LONGEST_TIMER_MS);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
  });

  it('judges a request stamped in 2100 from when it was seen, and the clock asks to look again within the threshold', () => {
    const request = {
      ...message('team-lead', 'worker', { type: 'plan_approval_request', requestId: 'p', plan: 'x' }, 0, {
        timestamp: new Date(IN_2100).toISOString(),
      }),
      seenAt: at(0),
    };
    const [pairing] = pairHandshakes([request]);
    expect(judgeHandshake(pairing!, at(30), stalling(60_000)).state).toBe('pending');
    expect(judgeHandshake(pairing!, at(60), stalling(60_000)).state).toBe('stalled');
    const clock = new Clock(at(0));
    expect(clock.passed(IN_2100, 60_000)).toBe(false);
    expect(clock.nextChange).toBe(at(60));
  });

  it('judges a request stamped in 2100 that was there at start-up from when it was first read', async () => {
    const dir = tempDir();
    writeFileSync(
      join(mkdirs(dir, 'teams', 'future'), 'config.json'),
      JSON.stringify({ name: 'future', members: [{ name: 'team-lead' }, { name: 'worker' }] }),
    );
    const request = { type: 'plan_approval_request', requestId: 'p', from: 'worker', plan: 'x', timestamp: '2100-01-01T00:00:00.000Z' };
    writeFileSync(
      join(mkdirs(dir, 'teams', 'future', 'inboxes'), 'team-lead.json'),
      JSON.stringify([{ from: 'worker', text: JSON.stringify(request), timestamp: '2100-01-01T00:00:00.000Z', read: false }]),
    );
    const started = Date.now();
    const live = await watch(dir);
    const read = Date.now();
    const state = (now: number) => live.json(now).teams[0]!.handshakes.map((handshake) => handshake.state);
    expect(state(started + 30_000)).toEqual(['pending']);
    expect(state(read + 60_000)).toEqual(['stalled']);
  });

  it('--follow over a request stamped in 2100 does not spin a 1 ms timer', async () => {
    const dir = tempDir();
    const team = join(dir, 'teams', 'future');
    mkdirSync(join(team, 'inboxes'), { recursive: true });
    writeFileSync(join(team, 'config.json'), JSON.stringify({ name: 'future', members: [{ name: 'team-lead' }, { name: 'worker' }] }));
    const request = { type: 'plan_approval_request', requestId: 'p', from: 'worker', plan: 'x', timestamp: '2100-01-01T00:00:00.000Z' };
    writeFileSync(
      join(team, 'inboxes', 'team-lead.json'),
      JSON.stringify([{ from: 'worker', text: JSON.stringify(request), timestamp: '2100-01-01T00:00:00.000Z', read: false }]),
    );
    // Running on a while after the request is told: a timer that overflows fires every millisecond, and warns each time.
    const result = await followUntil(
      ['--json', '--follow', '--no-journal', '--dir', dir],
      (stdout) => expect(stdout).toContain('"event":"ready"'),
      { lingerMs: 1000 },
    );
    expect(result.stdout).toContain('"requestId":"p"');
    expect(result.stderr).not.toContain('TimeoutOverflowWarning');
  });
});
