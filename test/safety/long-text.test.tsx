/**
 * A message of hundreds of thousands of characters on screen: each frame must
 * cost what it shows, not what the message holds.
 *
 * In Node 20, every segment `Intl.Segmenter` hands out carries a fresh copy of
 * its whole input, so text given to it whole (by the sanitiser, by string-width)
 * costs its length squared: one 200,000-character message ending in an accent
 * took 90 s to draw, and as long again for every redraw. Timings are the
 * benchmark's; what is checked here is what the segmenter is given, frame by frame.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { memberPaneId, messageKey } from '../../src/ui/panes/members/model.js';
import { TIMELINE } from '../../src/ui/panes/timeline/model.js';
import type { PaneId } from '../../src/ui/panes/pane.js';
import type { ViewState } from '../../src/ui/keys/view-state.js';
import { settledSession } from '../../src/cli/session.js';
import { tempDir } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import type { AppState } from '../../src/core/app-state.js';

/** The most the segmenter is given at once: a slice around what can join, or one cluster. */
const LONGEST = 1024;

/** What the segmenter was given while `draw` ran: the longest input, and all of them together. */
function measure(draw: () => string): { frame: string; longest: number; total: number } {
  const given = { longest: 0, total: 0 };
  const reference = new Intl.Segmenter();
  const segment = reference.segment.bind(reference);
  const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation((input: string) => {
    given.longest = Math.max(given.longest, input.length);
    given.total += input.length;
    // Fail at once: the whole text given to it would take minutes, not fail.
    if (input.length > LONGEST) throw new Error(`Intl.Segmenter was given ${input.length} code units at once`);
    return segment(input);
  });
  try {
    return { frame: draw(), ...given };
  } finally {
    spy.mockRestore();
  }
}

const SENTENCE = 'The build passed on the second try after the cache was cleared, and the report is in the usual place. ';
const ordinary = (length: number) => SENTENCE.repeat(Math.ceil(length / SENTENCE.length)).slice(0, length);

const LONG_TEXTS = {
  '200,000 characters and one accent': `long-message-start ${ordinary(200_000)} the-very-end cafe\u0301`,
  '200,000 characters and one skin-tone emoji': `long-message-start ${ordinary(200_000)} the-very-end 👍🏽`,
  '1 MB and one accent': `long-message-start ${ordinary(1_000_000)} the-very-end cafe\u0301`,
  // Every word with something to settle: what a line reads of it, the segmenter sees.
  '200,000 characters, accents throughout': `long-message-start ${ordinary(200_000).replaceAll('e', 'e\u0301')} the-very-end`,
  // A protocol message: its fields are drawn as lines of their own, thousands of them.
  'a plan of 200,000 characters in 2,000 lines, accents throughout': JSON.stringify({
    type: 'plan_approval_request',
    requestId: 'plan-1',
    from: 'worker',
    plan: `long-message-start ${ordinary(200_000).replaceAll('e', 'e\u0301').replaceAll('. ', '.\n')} the-very-end`,
  }),
};

/** A team whose lead's newest message is `text`, read by the real loader. */
async function teamWith(text: string): Promise<AppState> {
  const dir = tempDir();
  const team = join(dir, 'teams', 'long');
  mkdirSync(join(team, 'inboxes'), { recursive: true });
  writeFileSync(join(team, 'config.json'), JSON.stringify({ name: 'long', members: [{ name: 'team-lead' }, { name: 'worker' }] }));
  const message = (body: string, time: string) => ({ from: 'worker', text: body, timestamp: time, read: false });
  writeFileSync(
    join(team, 'inboxes', 'team-lead.json'),
    JSON.stringify([message('a short one first', '2026-03-01T11:00:00.000Z'), message(text, '2026-03-01T11:01:00.000Z')]),
  );
  writeFileSync(
    join(team, 'inboxes', 'worker.json'),
    JSON.stringify([{ ...message('on it', '2026-03-01T11:00:30.000Z'), from: 'team-lead' }]),
  );
  return (await settledSession(dir)).store.getState();
}

const draw = (state: AppState, view: Partial<ViewState>) => () => frame(state, { width: 120, height: 40, view: { team: 'long', ...view } });

describe('a very long message on screen', () => {
  it.each(Object.entries(LONG_TEXTS))('%s: a pane, the timeline and the opened message cost what they show', async (_name, text) => {
    const state = await teamWith(text);
    const key = state.teams.get('long')!.inboxes.get('team-lead')!.messages.at(-1)!.key;
    // The same team with the same message cut to a few pages: a frame of it shows as much.
    const cut = text.startsWith('{')
      ? JSON.stringify({
          ...(JSON.parse(text) as { plan: string }),
          plan: `${(JSON.parse(text) as { plan: string }).plan.slice(0, 20_000)} the-very-end`,
        })
      : `${text.slice(0, 20_000)} the-very-end`;
    const short = await teamWith(cut);
    const shortKey = short.teams.get('long')!.inboxes.get('team-lead')!.messages.at(-1)!.key;
    const lead = memberPaneId('team-lead');
    const opened =
      (pane: PaneId, rest: Partial<ViewState> = {}) =>
      (message: string): Partial<ViewState> => ({ pane, opened: { pane, item: messageKey(message) }, ...rest });

    const views: Array<[what: string, view: (message: string) => Partial<ViewState>, shows: string | RegExp]> = [
      ['the dashboard', () => ({}), /long-message-start T/u],
      ['another pane focused (tab)', () => ({ pane: memberPaneId('worker') }), /long-message-start T/u],
      ['the timeline', () => ({ mode: 'timeline' }), /long-message-start T/u],
      ['the message opened', opened(lead), / of \d+ lines/u],
      ['a page down', opened(lead, { detailScroll: 35 }), / 36-\d+ of \d+ lines/u],
      ['its end (G)', opened(lead, { detailScroll: Number.MAX_SAFE_INTEGER }), 'the-very-end'],
      ['opened from the timeline', opened(TIMELINE, { mode: 'timeline' }), / of \d+ lines/u],
    ];
    for (const [what, view, shows] of views) {
      measure(draw(short, view(shortKey)));
      const baseline = measure(draw(short, view(shortKey)));
      const first = measure(draw(state, view(key)));
      // A redraw (a key, a tick, another inbox changing) must not redo what the first frame did.
      const again = measure(draw(state, view(key)));
      for (const [pass, drawn] of [
        ['first frame', first],
        ['redraw', again],
      ] as const) {
        expect(drawn.frame, `${what}, ${pass}`).toMatch(shows);
        expect(drawn.longest, `${what}, ${pass}`).toBeLessThanOrEqual(LONGEST);
      }
      // Opening a message wraps all of it once (to count its lines); a line of it in a list reads what it shows.
      if (!view(key).opened) expect(first.total, what).toBeLessThanOrEqual(baseline.total + LONGEST);
      expect(again.total, what).toBeLessThanOrEqual(baseline.total + LONGEST);
    }
  });
});
