import { describe, expect, it } from 'vitest';
import { settledSession } from '../../../src/cli/session.js';
import { ClaudeWriter } from '../../../src/io/demo/claude-writer.js';
import { DemoTeam, DEMO_TEAM, SCRIPT } from '../../../src/io/demo/script.js';
import { decodeEntry, type InboxMessage } from '../../../src/core/model/inbox.js';
import { BROADCAST_WINDOW_MS, buildTimeline } from '../../../src/core/model/timeline.js';
import { selectTimeline } from '../../../src/core/select/messages.js';
import { tempDir } from '../../helpers/fixtures.js';
import { frame } from '../../helpers/render.js';

const START = Date.parse('2026-03-01T10:00:00Z');

let keys = 0;
function message(to: string, from: string, text: string, atMs: number): InboxMessage {
  return decodeEntry(to, `k${keys++}`, { from, text, timestamp: new Date(START + atMs).toISOString(), read: false });
}

const shape = (messages: InboxMessage[]) => buildTimeline(messages).map((entry) => [entry.message.text, entry.recipients]);

describe('the timeline', () => {
  it('shows the copies of a broadcast once, stamped a few milliseconds apart as each inbox was written', () => {
    const copies = ['alice', 'bob', 'carol'].map((to, i) => message(to, 'team-lead', 'standup', i * 4));
    expect(shape(copies)).toEqual([['standup', ['alice', 'bob', 'carol']]]);
  });

  it('folds copies up to the window after the first one, and no later', () => {
    const copies = [
      message('alice', 'lead', 'go', 0),
      message('bob', 'lead', 'go', BROADCAST_WINDOW_MS),
      message('carol', 'lead', 'go', BROADCAST_WINDOW_MS + 1),
    ];
    expect(shape(copies)).toEqual([
      ['go', ['alice', 'bob']],
      ['go', ['carol']],
    ]);
  });

  it('keeps the same text sent twice to one recipient as two messages; a copy to a recipient already in the entry starts a new one', () => {
    const messages = [message('bob', 'lead', 'ping', 0), message('bob', 'lead', 'ping', 10), message('carol', 'lead', 'ping', 20)];
    expect(shape(messages)).toEqual([
      ['ping', ['bob']],
      ['ping', ['bob', 'carol']],
    ]);
  });

  it('does not fold the same text from two senders, or two texts from one sender', () => {
    const messages = [message('lead', 'alice', 'done', 0), message('lead', 'bob', 'done', 1), message('carol', 'alice', 'done!', 2)];
    expect(shape(messages)).toHaveLength(3);
  });

  it("shows the demo's kickoff, written to four inboxes one after another, once with its four recipients", async () => {
    const dir = tempDir();
    // Each write takes a few milliseconds, and each copy is stamped as it is written.
    let now = START;
    const clock = () => (now += 3);
    const writer = new ClaudeWriter(dir, { deliverAfterMs: 60_000, deleteAfterMs: 60_000 }, clock);
    const team = new DemoTeam(writer, clock);
    try {
      for (const step of SCRIPT.filter((candidate) => candidate.at <= 5)) step.run(team);
    } finally {
      writer.cancel();
    }
    const state = (await settledSession(dir)).store.getState();
    const kickoffs = selectTimeline(state.teams.get(DEMO_TEAM)!.inboxes).filter((entry) => entry.message.text.startsWith('Kickoff'));
    expect(kickoffs.map((entry) => entry.recipients)).toEqual([['architect', 'builder', 'tester', 'scribe']]);
    const drawn = frame(state, { width: 160, now, view: { mode: 'timeline' } });
    expect(drawn.match(/Kickoff: v2 ships today/gu)).toHaveLength(1);
    expect(drawn).toMatch(/team-lead +→ architect, builder, tester, scribe +● kickoff · Kickoff: v2 ships today/u);
  });
});
