/**
 * The other team layouts on screen: per-agent records (API-spec layout) and a
 * swarm-tools team, drawn by Ink's own renderer from the fixtures.
 */
import { describe, expect, it } from 'vitest';
import { memberPaneId } from '../../src/ui/panes/members/model.js';
import { memberDetails } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { waitFor } from '../helpers/wait.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');

async function stateOf(fixture: string) {
  const session = await settledSession(`${FIXTURES}/${fixture}`);
  return session.store.getState();
}

describe('per-agent records on screen', () => {
  it("shows each agent's figures against the budget, its error, and its runner's status", async () => {
    const state = await stateOf('api-spec');
    const drawn = frame(state, { width: 200, height: 40, now: NOW });
    expect(drawn).toContain('48.2K / 200K tokens (24%) · 2 tasks done · 3.4 s avg response');
    expect(drawn).toContain('error: npm test exited with code 1: 3 failing tests in parser.spec.ts');
    expect(drawn).toMatch(/─ coder ─+ working 3m ─/u);
    expect(drawn).toMatch(/─ tester ─+ failed 1m ─/u);
    // Approved its shutdown and still on the roster: its diagnosis marks its title.
    expect(drawn).toMatch(/─ writer ℹ zombie ─+ shut down 1m ─/u);
    // Envelope-level kinds name plain messages.
    expect(drawn).toContain('system_init: coder@release is up');
  });

  it('keeps the error and figures in a compact pane, and never lets a small pane overflow', async () => {
    const state = await stateOf('api-spec');
    const compact = frame(state, { width: 100, height: 13, now: NOW });
    expect(compact).toMatch(/coder working 3m · general-purpose · sonnet · 48\.2K \/ 200K tokens \(24%\) · 2 tasks done/u);
    expect(compact).toMatch(/tester failed 1m · general-purpose · haiku · error: npm test exited/u);
    // One row each: the error takes it; figures give way to the newest message; nothing is drawn over a border.
    const small = frame(state, { width: 120, height: 16, now: NOW }).split('\n');
    const tester = small.findIndex((line) => line.includes('─ tester ─'));
    expect(small[tester + 1]).toMatch(/^│ general-purpose · haiku +all read │/u);
    expect(small[tester + 2]).toMatch(/^│ error: npm test exited.*│$/u);
    expect(small[tester + 3]).toMatch(/^╰─+╯/u);
    const writer = small.findIndex((line) => line.includes('─ writer ℹ zombie ─'));
    expect(small[writer + 2]).toMatch(/10:03:58 lead ○ shutdown_request/u);
    // With two rows and no messages, the figures fit too.
    const taller = frame(state, { width: 120, height: 20, now: NOW }).split('\n');
    const at = taller.findIndex((line) => line.includes('─ tester ─'));
    expect(taller[at + 2]).toMatch(/^│ error: npm test exited/u);
    expect(taller[at + 3]).toMatch(/^│ 9\.1K \/ 200K tokens \(5%\) · 0 tasks done +│/u);
    // Drawn once at natural height, every pane makes room for its notes.
    const natural = frame(state, { width: 120, now: NOW });
    expect(natural).toContain('error: npm test exited');
    expect(natural).toContain('15.4K / 200K tokens (8%)');
  });

  it('switches a pane to the end of its output log, the line being written last', async () => {
    const state = await stateOf('api-spec');
    const drawn = frame(state, { width: 120, height: 40, now: NOW, view: { logMembers: new Set(['coder']), pane: memberPaneId('coder') } });
    expect(drawn).toContain('output.log · 5 lines');
    const lines = drawn.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('[10:01:05] coder: starting on task #2')).toBeGreaterThan(0);
    expect(at('✓ parsed 118 fixtures')).toBe(at('[10:01:05] coder: starting on task #2') + 1);
    expect(at('progress: 60%')).toBe(at('[10:04:50] writing the migration notes') + 1);
    // The other panes still show their inboxes.
    expect(drawn).toContain('system_init: coder@release is up');
    // A member without a log says so.
    const none = frame(state, { width: 120, height: 40, now: NOW, view: { logMembers: new Set(['lead']) } });
    expect(none).toContain('output.log · none yet');
    expect(none).toContain('no output yet');
  });

  it("opens a member's details: roster entry, runner status, figures, metadata, artifacts", async () => {
    const state = await stateOf('api-spec');
    const drawn = frame(state, {
      width: 120,
      height: 40,
      now: NOW,
      view: { pane: memberPaneId('coder'), opened: { pane: memberPaneId('coder'), item: memberDetails('coder') } },
    });
    for (const line of [
      'coder · general-purpose · sonnet',
      'agent id: coder@release',
      'cwd: /work/parser',
      'spawned: 2026-03-01T10:01:00.000Z (4m ago)',
      'active: yes',
      'runner status: running',
      'last active: 2026-03-01T10:04:50.000Z (10s ago)',
      'figures: 48.2K / 200K tokens (24%) · 2 tasks done · 3.4 s avg response',
      'metadata.role: implementation',
      'artifacts (3, 102 B in files):',
      'output log: 5 lines seen (o shows it)',
    ]) {
      expect(drawn).toContain(line);
    }
    expect(drawn).toMatch(/│ {3}patch\.diff {2}62 B +│/u);
    expect(drawn).toMatch(/│ {3}report\.md {3}40 B +│/u);
    expect(drawn).toMatch(/│ {3}screens {5}folder +│/u);
  });

  it('takes o, d and enter: log, details, a whole log line', async () => {
    const { press, lastFrame } = await mountApp(`${FIXTURES}/api-spec`, { now: NOW });
    await waitFor(() => expect(lastFrame()).toContain('▸ ★ lead'));
    await press('\t');
    await waitFor(() => expect(lastFrame()).toContain('▸ coder'));
    await press('o');
    await waitFor(() => expect(lastFrame()).toContain('output.log · 5 lines'));
    await press('\r');
    await waitFor(() => expect(lastFrame()).toContain('coder · output.log line 6'));
    expect(lastFrame()).toContain('progress: 60%');
    await press('\u001b');
    await press('o');
    await waitFor(() => expect(lastFrame()).not.toContain('output.log · 5 lines'));
    await press('d');
    await waitFor(() => expect(lastFrame()).toContain('runner status: running'));
  });
});

describe('a swarm-tools team on screen', () => {
  it('draws a join handshake in every state, applicants, and planning and deleted tasks', async () => {
    const state = await stateOf('swarm');
    const drawn = frame(state, { width: 120, height: 50, now: NOW });
    expect(drawn).toMatch(/⚠ stalled +join +drone-4 → queen +3m/u);
    expect(drawn).toMatch(/◷ pending +join +drone-3 → queen +20s +drone-3: I can test/u);
    expect(drawn).toMatch(/✗ rejected +join +drone-2 → queen +in 40s/u);
    expect(drawn).toMatch(/✓ approved +join +drone-1 → queen +in 20s/u);
    expect(drawn).toMatch(/✓ approved +join +drone-5 → queen +\(request not seen\)/u);
    expect(drawn).toContain('join request from drone-3: I can test');
    expect(drawn).toContain('join rejected: The team is at capacity');
    expect(drawn).toMatch(/─ drone-2 ─+ refused 2m ─/u);
    expect(drawn).toMatch(/#2 ◇ planning +@builder Plan the refactor/u);
    expect(drawn).toMatch(/#4 ✗ deleted +— +An idea we dropped/u);
    expect(drawn).toContain('⇠ owes 2');
  });

  it('shows a broadcast once in the timeline, with every recipient', async () => {
    const state = await stateOf('swarm');
    const drawn = frame(state, { width: 120, height: 40, now: NOW, view: { mode: 'timeline' } });
    expect(drawn.match(/freeze the main branch/gu)).toHaveLength(1);
    expect(drawn).toMatch(/10:03:30 +queen +→ builder, scout +○ Everyone: freeze the main branch/u);
  });
});
