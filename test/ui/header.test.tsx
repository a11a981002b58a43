import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { copyFixture } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { expectFits, plainText } from '../safety/screen.js';
import type { AppState } from '../../src/core/app-state.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');

/** The swarm (a stalled join, eight members) with two task files that do not parse: the header has everything to say. */
let state: AppState;

beforeAll(async () => {
  const dir = copyFixture('swarm');
  writeFileSync(join(dir, 'tasks', 'hive', '9.json'), '{"id": "9", "subject": ');
  writeFileSync(join(dir, 'tasks', 'hive', '10.json'), '{"id": ');
  state = (await settledSession(dir)).store.getState();
});

describe('the header', () => {
  it('takes exactly one row for its title at 40 to 60 columns, with problems and stalled handshakes', () => {
    expect(state.problems.size).toBe(2);
    // 24 rows: compact panes; 60 rows: bordered ones, the handshakes right under the last.
    for (const height of [24, 60]) {
      for (let width = 40; width <= 60; width++) {
        const what = `${width}x${height}`;
        const drawn = frame(state, { width, height, now: NOW, claudeDir: '/home/someone/.claude', view: { fresh: false } });
        expectFits(drawn, width, height, what);
        const lines = plainText(drawn).split('\n');
        // The diagnoses' count gives way where the warnings would not all fit.
        expect(lines[0], what).toMatch(
          width >= 48 ? /^teamtop .*⚠ 1 stalled {2}⚠ 2 diagnoses {2}⚠ 2 problems/u : /^teamtop .*⚠ 1 stalled {2}⚠ 2 problems/u,
        );
        expect(lines[1], what).toMatch(/^ hive \(8\)/u);
        expect(lines.at(-1), what).toMatch(/^tab pane/u);
        // The lists, the diagnoses first, right under the last pane.
        const lists = lines.findIndex((line) => line.startsWith(' Diagnoses '));
        expect(lists, what).toBeGreaterThan(1);
        expect(
          lines.findIndex((line) => line.startsWith(' Handshakes ')),
          what,
        ).toBeGreaterThan(lists);
        if (height === 60) expect(lines[lists - 1], what).toMatch(/^[╰┗]/u);
      }
    }
  });

  it('gives way from the left: the dir, then the team count; the help hint, then the diagnoses, before any other warning', () => {
    const line = (width: number) =>
      plainText(frame(state, { width, height: 24, now: NOW, claudeDir: '/home/someone/.claude' })).split('\n')[0];
    expect(line(100)).toMatch(/^teamtop · \/home\/someone\/.claude · 1 team +⚠ 1 stalled {2}⚠ 2 diagnoses {2}⚠ 2 problems {2}\? help$/u);
    expect(line(80)).toBe('teamtop · /home/someo… · 1 team ⚠ 1 stalled  ⚠ 2 diagnoses  ⚠ 2 problems  ? help');
    expect(line(70)).toMatch(/^teamtop · 1 team +⚠ 1 stalled {2}⚠ 2 diagnoses {2}⚠ 2 problems {2}\? help$/u);
    expect(line(52)).toMatch(/^teamtop +⚠ 1 stalled {2}⚠ 2 diagnoses {2}⚠ 2 problems$/u);
    expect(line(40)).toMatch(/^teamtop +⚠ 1 stalled {2}⚠ 2 problems$/u);
  });
});
