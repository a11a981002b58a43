/**
 * Issue 35 on screen: a member working through its subagent, a member whose
 * model calls fail, one whose call is tried again, a compaction, a dead
 * member; and a subagent's steps under the call that started it. Drawn at
 * 80x24 and 200x60, from transcripts written as 2.1.332 writes them.
 */
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import { tempDir } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { copy332 } from '../helpers/recordings-332.js';

/** lead (retrying, after a compaction), alice (in process, in her Agent call), bob (tmux, failing). */
function team() {
  const files = new TeamFiles(tempDir());
  files.config([files.teammate('alice'), files.teammate('bob', { backend: 'tmux', color: 'green' })]);
  const transcripts = new TranscriptFiles(files);
  const lead = transcripts.lead();
  lead.prompt('Build the parser with alice and bob', 1);
  lead.text('Compacting soon.', 2, { usage: { input: 4000, cacheRead: 186_000 } });
  lead.compacted(190_529, 3202, 3);
  lead.prompt('Go on.', 20);
  lead.apiRequest(20);
  lead.apiRequest(21);
  lead.apiRequest(24);
  const alice = transcripts.inProcess('alice');
  alice.prompt('You are alice: survey the repo.', 3);
  alice.toolUse('toolu_alice_a03_0', 'Agent', { description: 'scout surveys', subagent_type: 'general-purpose', prompt: 'Survey.' }, 4);
  const scout = transcripts.subagent('toolu_alice_a03_0', { parentAgentId: alice.agentId });
  scout.prompt('Survey the repo.', 4);
  scout.toolUse('toolu_scout_1', 'Bash', { command: 'npm test' }, 13, { input: 729, output: 51 });
  const bob = transcripts.tmux('bob');
  bob.mail('team-lead', 'You are bob: build the index.', 3);
  for (const at of [5, 11, 17]) {
    bob.apiRequest(at);
    bob.apiRequest(at + 1);
    bob.apiError(500, 'server_error', at + 2);
    if (at < 17) bob.mail('team-lead', 'bob, are you there?', at + 4);
  }
  return { files };
}

describe('issue 35 on screen', () => {
  it("says what each member truly does: a subagent's call, failing turns, a call tried again, a compaction", async () => {
    const { files } = team();
    const { store } = await settledSession(files.dir);
    const now = files.at(25);
    const wide = frame(store.getState(), { now, width: 200, height: 60 });
    expect(wide).toContain('▶ Agent › Bash npm test · 12s');
    expect(wide).toContain('✗ API error 500 (server_error) · 3 turns in a row');
    expect(wide).toMatch(/╭─ bob ⚠ api-failing ─+ failed \d+s ─╮/u);
    expect(wide).toContain('↻ retrying (try 3) · 5s');
    // The lead's context against the 200K window its compaction showed, and the compaction, recent, said.
    expect(wide).toMatch(/ctx 3\.2K 2% of 200K · compacted 190\.5K→3\.2K 22s ago/u);
    // alice's figures count scout's tokens (729 of them).
    expect(wide).toMatch(/alice[\s\S]*ctx 100 0% of 1M\? · ~\$0\.\d+ · 829 in/u);
    const small = frame(store.getState(), { now, width: 80, height: 24 });
    expect(small).toContain('▶ Agent › Bash npm test · 12s');
    expect(small).toContain('✗ API error 500 (server_error)');
    expect(small).toContain('api-failing');
    for (const text of [wide, small])
      expect(text.split('\n').every((line) => !line.includes('undefined') && !line.includes('NaN'))).toBe(true);
  });

  it("lists a subagent's steps under the Agent call that started it", async () => {
    const { files } = team();
    const { store } = await settledSession(files.dir);
    const steps = frame(store.getState(), {
      now: files.at(25),
      width: 100,
      height: 24,
      view: { mode: 'steps', pane: { kind: 'steps', member: 'alice' } },
    });
    const lines = steps.split('\n');
    const call = lines.findIndex((line) => /▶ Agent\s+general-purpose/u.test(line));
    expect(call).toBeGreaterThan(0);
    expect(lines[call + 1]).toMatch(/│ » spawn prompt: Survey the repo\./u);
    expect(lines[call + 2]).toMatch(/│ ▶ Bash\s+npm test · 12s/u);
  });
});

describe('a dead member on screen (the real member-killed, on this machine: its pids long gone)', () => {
  it('is dead, never working: its last call named as the one it died in, the team ended', async () => {
    const { store } = await settledSession(copy332('member-killed-tmux', { here: true }));
    const now = Date.parse('2026-11-28T16:21:00Z');
    for (const [width, height] of [
      [200, 60],
      [80, 24],
    ] as const) {
      const text = frame(store.getState(), { now, width, height });
      expect(text).toMatch(/╭─ bob ⚠ 2 diagnoses ─+ dead 1m ─╮/u);
      expect(text).toMatch(/━ dead 1m ━┓/u);
      expect(text.match(/✗ dead in Bash: its process is gone · 1m/gu)).toHaveLength(2);
      expect(text).not.toMatch(/▶ Bash|working|thinking/u);
      expect(text).toContain('member-died');
      expect(text).toContain(' ended · ');
    }
  });
});

describe('a member whose process cannot be seen (the real member-killed, elsewhere: its pids are no machine of ours)', () => {
  it('is not drawn at work once its call is overdue: the pane says its process is not seen, the diagnosis how to check', async () => {
    const { store } = await settledSession(copy332('member-killed-tmux'));
    const text = frame(store.getState(), { now: Date.parse('2026-11-28T19:21:00Z'), width: 80, height: 24 });
    // The lead and bob, each in its Bash call 3h: neither shown running it.
    expect(text.match(/│ \? Bash timeout 30 tail -f \/dev\/null · 3h · process not seen +│/gu)).toHaveLength(1);
    expect(text.match(/┃ \? Bash timeout 30 tail -f \/dev\/null · 3h · process not seen +┃/gu)).toHaveLength(1);
    expect(text).not.toMatch(/▶ Bash|far longer than usual|working/u);
    expect(text).toMatch(/hung-tool bob +3h1m +bob may be gone: its process cannot be seen/u);
    const steps = frame(store.getState(), {
      now: Date.parse('2026-11-28T19:21:00Z'),
      width: 80,
      height: 24,
      view: { mode: 'steps', pane: { kind: 'steps', member: 'bob' } },
    });
    expect(steps).toMatch(/\? Bash +timeout 30 tail -f \/dev\/null · 3h · process not seen/u);
    expect(steps).not.toMatch(/▶ Bash|far longer than usual/u);
  });
});
