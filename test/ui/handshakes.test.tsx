import { stalling } from '../helpers/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { describe, expect, it } from 'vitest';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { NO_FILTERS } from '../../src/core/model/message-filter.js';
import { initialViewState } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { at, message, observe, teamState } from '../helpers/observations.js';
import { frame } from '../helpers/render.js';
import { HANDSHAKES } from '../../src/ui/panes/handshakes/model.js';
import { selectHandshakes } from '../../src/core/select/handshakes.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');
const state = async () => (await settledSession(`${FIXTURES}/handshakes`)).store.getState();
const lineWith = (text: string, needle: string) => text.split('\n').find((line) => line.includes(needle)) ?? '';

describe('the handshakes panel', () => {
  it('lists open handshakes first with kind, from → to, age and key fact, then closed ones with the answer time', async () => {
    const text = frame(await state(), { width: 120, now: NOW });
    const lines = text.split('\n');
    const rows = lines.slice(lines.findIndex((line) => line.startsWith(' Handshakes '))).filter((line) => /^[⚠◷✓✗] /u.test(line));
    expect(rows[0]).toMatch(/^⚠ stalled +shutdown +team-lead → bob +4m40s +wrap up$/u);
    expect(rows[1]).toMatch(/^⚠ stalled +permission +carol +→ team-lead +1m +Bash: Run the migrations$/u);
    expect(rows[2]).toMatch(/^◷ pending +sandbox_permission +frank +→ team-lead +20s +api\.github\.com$/u);
    expect(rows.slice(3).every((row) => /^[✓✗] (approved|rejected)/u.test(row))).toBe(true);
    expect(lineWith(text, 'team-lead → alice')).toMatch(/✓ approved +shutdown +team-lead → alice +in 10s +work is done/u);
    expect(text).toMatch(/✓ approved +plan_approval +dave +→ team-lead +in 10s +Second try: one module/u);
    expect(text).toMatch(/✗ rejected +permission +hank +→ team-lead +\(request not seen\)/u);
    expect(text).toContain('Handshakes  3 open · 2 stalled (> 1m) · 8 answered');
  });

  it('counts stalled handshakes in the header', async () => {
    const text = frame(await state(), { width: 140, now: NOW });
    expect(text.split('\n')[0]).toContain('⚠ 2 stalled');
    expect(text.split('\n')[1]).toContain('stuck (8) 20s ago ⚠2');
  });

  it('follows --now and --stall-after: nothing is stalled with a 5 minute threshold', async () => {
    const text = frame(await state(), { width: 140, now: NOW, thresholds: stalling(300_000) });
    expect(text.split('\n')[0]).not.toContain('stalled');
    expect(text).toMatch(/◷ pending +shutdown +team-lead → bob +4m40s/u);
  });

  it('marks members that wait on, or owe, an answer (to the second), and shows each status with how long (to the unit)', async () => {
    const text = frame(await state(), { width: 140, now: NOW });
    expect(lineWith(text, 'general-purpose · son')).toBeTruthy();
    // Their handshakes stalled: their diagnosis marks their titles.
    expect(text).toMatch(/─ bob ⚠ stalled ─+ stopping 4m ─/u);
    expect(text).toMatch(/⇠ owes team-lead 4m40s/u);
    expect(text).toMatch(/─ carol ⚠ stalled ─+ waiting 1m ─/u);
    expect(text).toMatch(/⇢ waits on team-lead 1m/u);
    expect(text).toMatch(/─ dave ─+ idle 3m ─/u);
    expect(text).toMatch(/─ erin ℹ zombie ─+ shut down 3m ─/u);
    expect(text).toMatch(/─ gina ─+ interrupted 1m ─/u);
    expect(text).toMatch(/─ hank ─+ failed 1m ─/u);
    expect(text).toMatch(/─ alice ─+ shut down 4m · departed ─/u);
  });

  it('moves every age on screen with the clock while the judged list stays the same', async () => {
    const settled = await state();
    const team = settled.teams.get('stuck')!;
    // Seven seconds on, nothing stalls: the handshakes are not judged again, yet their ages move.
    expect(selectHandshakes(team, NOW + 7000, stalling(60_000))).toBe(selectHandshakes(team, NOW, stalling(60_000)));
    const text = frame(settled, { width: 140, now: NOW + 7000 });
    expect(text).toMatch(/^⚠ stalled +shutdown +team-lead → bob +4m47s/mu);
    expect(text).toMatch(/^◷ pending +sandbox_permission +frank +→ team-lead +27s/mu);
    expect(text).toMatch(/⇠ owes team-lead 4m47s/u);
  });

  it('fits at 80x24 with the stalled ones on screen', async () => {
    const text = frame(await state(), { width: 80, height: 24, now: NOW });
    expect(text.split('\n')).toHaveLength(23);
    expect(text).toContain('⚠ stalled   shutdown');
    expect(text).toContain('⚠ stalled   permission');
  });

  it('opens a handshake with its request and response', async () => {
    const text = frame(await state(), {
      width: 100,
      height: 40,
      now: NOW,
      view: { opened: { pane: HANDSHAKES, item: { kind: 'handshake', id: 'plan-30' } } },
    });
    expect(text).toContain('plan_approval dave asked team-lead');
    expect(text).toContain('rejected');
    expect(text).toMatch(/answered: rejected by team-lead at 2026-03-01T10:00:40\.000Z \(10s after the request\)/u);
    expect(text).not.toContain('contradicting');
    expect(text).toContain('request (plan_approval_request, dave → team-lead):');
    expect(text).toContain('response (plan_approval_response, team-lead → dave):');
    expect(text).toContain('feedback: keep one module');
  });
});

describe('when to redraw', () => {
  const model = async (now: number, stallAfterMs = 60_000) =>
    buildScreen({
      thresholds: stalling(stallAfterMs),
      state: await state(),
      view: initialViewState,
      claudeDir: '/c',
      width: 120,
      height: 40,
      now,
    });

  it('is every second while a handshake is open (its age shows seconds)', async () => {
    expect((await model(NOW + 400)).nextChangeMs).toBe(600);
  });

  it('is when a pending handshake turns stalled, if that comes first', async () => {
    // frank's request (10:04:40) stalls at 10:05:40 with a 60 s threshold; with 20.5 s, 500 ms after 10:05:00.
    expect((await model(NOW, 20_500)).nextChangeMs).toBe(500);
  });

  it('is when unread mail turns 10 s old, then every second while its age shows seconds', () => {
    // Written long ago (the team's age shows minutes), seen arriving at 600 s.
    const inbox = { member: 'worker', messages: [{ ...message('worker', 'team-lead', 'hello', 0), seenAt: at(600) }] };
    const state = observe(teamState(), { kind: 'inbox', team: 'team', ...inbox, at: at(600), live: false });
    const model = (seconds: number) =>
      buildScreen({
        thresholds: DEFAULT_THRESHOLDS,
        state,
        view: initialViewState,
        claudeDir: '/c',
        width: 120,
        height: 40,
        now: at(seconds),
      });
    expect(model(604).nextChangeMs).toBe(6000);
    expect(model(612.5).nextChangeMs).toBe(500);
  });

  it('is rare once nothing is open and every age is old', async () => {
    const { store } = await settledSession(`${FIXTURES}/generations`);
    const quiet = buildScreen({
      thresholds: DEFAULT_THRESHOLDS,
      state: store.getState(),
      view: initialViewState,
      claudeDir: '/c',
      width: 120,
      height: 40,
      now: Date.parse('2026-11-01T00:00:00Z'),
    });
    expect(quiet.nextChangeMs).toBeGreaterThan(60_000);
  });
});

describe('the timeline', () => {
  it('shows every message of the team in time order, a broadcast once with all its recipients', async () => {
    const text = frame(await state(), { width: 120, height: 40, now: NOW, view: { mode: 'timeline' } });
    expect(text).toContain('Timeline  22 messages');
    expect(text).toMatch(/10:00:05 +team-lead → alice, bob, carol +○ standup · Team: standup in 5 minutes/u);
    const times = text.split('\n').flatMap((line) => /^(\d\d:\d\d:\d\d) /u.exec(line)?.[1] ?? []);
    expect(times).toHaveLength(22);
    expect(times).toEqual([...times].sort());
  });

  it('filters: protocol only, unread only, one member, no idle', async () => {
    const s = await state();
    const view = (filters: Partial<typeof NO_FILTERS>) => ({ mode: 'timeline' as const, filters: { ...NO_FILTERS, ...filters } });
    expect(frame(s, { width: 120, height: 40, now: NOW, view: view({ protocolOnly: true }) })).not.toContain('standup');
    const unread = frame(s, { width: 120, height: 40, now: NOW, view: view({ unreadOnly: true }) });
    expect(unread).toContain('3 of 22 messages · unread only');
    expect(unread).toContain('sandbox permission request');
    expect(unread).not.toContain('plan approved');
    const dave = frame(s, { width: 120, height: 40, now: NOW, view: view({ member: 'dave' }) });
    expect(dave).toContain('7 of 22 messages · only dave');
    expect(dave).not.toContain('gina');
    const noIdle = frame(s, { width: 120, height: 40, now: NOW, view: view({ showIdle: false }) });
    expect(noIdle).not.toContain('idle (');
  });

  it('applies the same filters to the inboxes', async () => {
    const text = frame(await state(), { width: 140, now: NOW, view: { filters: { ...NO_FILTERS, member: 'dave' } } });
    const lead = text.split('\n').filter((line) => line.startsWith('┃ 10:'));
    expect(lead.length).toBeGreaterThan(0);
    expect(lead.every((line) => line.includes('dave'))).toBe(true);
    expect(text).toContain('only dave');
  });
});
