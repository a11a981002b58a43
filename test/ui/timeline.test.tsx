import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { FIXTURES, tempDir } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { columnsOf, plainText } from '../safety/screen.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');
const READ_MARKS = new Set('●○');

/** The timeline's rows, and the column of each row's read mark. */
function markColumns(drawn: string): { rows: string[]; columns: number[] } {
  const rows = plainText(drawn)
    .split('\n')
    .filter((line) => /^\d\d:\d\d:\d\d {2}/u.test(line));
  return { rows, columns: rows.map((row) => columnsOf(row, READ_MARKS)[0]!) };
}

/** A team whose lead broadcasts to five teammates with long names, among messages to one. */
function broadcastTeam(): string {
  const dir = tempDir();
  const names = ['team-lead', 'researcher-alpha', 'researcher-beta', 'implementer', 'reviewer', 'documentation-writer'];
  const team = join(dir, 'teams', 'wide');
  mkdirSync(join(team, 'inboxes'), { recursive: true });
  writeFileSync(join(team, 'config.json'), JSON.stringify({ name: 'wide', members: names.map((name) => ({ name })) }));
  const at = (second: number) => `2026-03-01T10:00:${String(second).padStart(2, '0')}.000Z`;
  for (const name of names.slice(1)) {
    writeFileSync(
      join(team, 'inboxes', `${name}.json`),
      JSON.stringify([
        { from: 'team-lead', text: 'Everyone: stop and rebase on main', timestamp: at(10), read: false },
        ...(name === 'reviewer' ? [{ from: 'team-lead', text: 'Review the parser first', timestamp: at(20), read: true }] : []),
        ...(name === 'documentation-writer' ? [{ from: 'team-lead', text: 'Document the parser', timestamp: at(25), read: true }] : []),
      ]),
    );
  }
  writeFileSync(
    join(team, 'inboxes', 'team-lead.json'),
    JSON.stringify([{ from: 'implementer', text: 'Rebased, tests pass', timestamp: at(30), read: false }]),
  );
  return dir;
}

describe('the timeline', () => {
  it('starts every rendering in one column, whoever the recipients are: at 90 columns and wider', async () => {
    for (const fixture of [`${FIXTURES}/swarm`, `${FIXTURES}/protocol-zoo`, broadcastTeam()]) {
      const state = (await settledSession(fixture)).store.getState();
      for (const width of [90, 120, 200]) {
        const { rows, columns } = markColumns(frame(state, { width, height: 40, now: NOW, view: { mode: 'timeline' } }));
        expect(rows.length, `${fixture} at ${width}`).toBeGreaterThan(2);
        expect(new Set(columns), `${fixture} at ${width}: ${rows.join('\n')}`).toHaveProperty('size', 1);
      }
    }
  });

  it('cuts a broadcast to more recipients than the column holds, with an ellipsis', async () => {
    const state = (await settledSession(broadcastTeam())).store.getState();
    const { rows } = markColumns(frame(state, { width: 90, height: 40, now: NOW, view: { mode: 'timeline' } }));
    // Five recipients of up to 20 columns: each name is cut at 16 columns, and the column (22) holds two, the second cut.
    expect(rows.find((row) => row.includes('Everyone: stop'))).toMatch(
      /team-lead +→ [a-z-]{15}…, [a-z-]+… {2}● Everyone: stop and rebase on main/u,
    );
    expect(rows.find((row) => row.includes('Review the parser'))).toMatch(/team-lead +→ reviewer +○ Review the parser first/u);
  });

  it('shows a name that only receives as wide as any name may be, not cut to the widest sender', async () => {
    const state = (await settledSession(broadcastTeam())).store.getState();
    const { rows } = markColumns(frame(state, { width: 200, height: 40, now: NOW, view: { mode: 'timeline' } }));
    // The senders are team-lead and implementer (11 columns); documentation-writer (20) only receives.
    expect(rows.find((row) => row.includes('Document the parser'))).toMatch(/team-lead +→ documentation-writer +○ Document the parser/u);
  });
});
