/**
 * A skewed clock (issue 35 §8): a message seen arriving live whose timestamp
 * is more than a minute from its arrival (a client whose clock is hours off)
 * is aged from its arrival: its request stalls a threshold after it came, not
 * at once; its details give both times. One whose timestamp is within a
 * minute of its arrival is aged by its timestamp, as before.
 */
import { describe, expect, it } from 'vitest';
import { selectDiagnoses } from '../../../src/core/judge/index.js';
import { ageSecondsAt, judgeHandshake } from '../../../src/core/model/handshakes.js';
import { pairHandshakes } from '../../../src/core/model/pairing.js';
import { DEFAULT_THRESHOLDS } from '../../../src/core/model/settings.js';
import { messageDetail } from '../../../src/ui/widgets/message-detail.js';
import { monochromeTheme } from '../../../src/ui/widgets/theme.js';
import { tempDir } from '../../helpers/fixtures.js';
import { watch } from '../../helpers/live.js';
import { at, message } from '../../helpers/observations.js';
import { TeamFiles } from '../../helpers/team-files.js';
import { waitFor } from '../../helpers/wait.js';

const HOUR = 3600_000;
const STALL = DEFAULT_THRESHOLDS.stallAfterMs;

/** A shutdown request stamped `skew` ms before teamtop saw it arrive, at `at(100)`. */
const request = (skew: number) => ({
  ...message('bob', 'team-lead', { type: 'shutdown_request', requestId: 'shutdown-1@bob', reason: 'done' }, 100 - skew / 1000),
  seenAt: at(100),
});

describe('a skewed clock', () => {
  it('ages a request seen arriving from its arrival when its timestamp is more than a minute off, and by its timestamp otherwise', () => {
    for (const skew of [2 * HOUR, -2 * HOUR, 61_000]) {
      const [pairing] = pairHandshakes([request(skew)]);
      const soon = judgeHandshake(pairing!, at(100) + STALL - 1, DEFAULT_THRESHOLDS);
      expect(soon.state, `${skew}`).toBe('pending');
      expect(soon).toMatchObject({ requestedAt: skew < 0 ? at(100) : at(100) - skew, agedFrom: at(100) });
      expect(ageSecondsAt(soon, at(100) + 30_000)).toBe(30);
      expect(judgeHandshake(pairing!, at(100) + STALL, DEFAULT_THRESHOLDS).state).toBe('stalled');
    }
    // Within a minute of its arrival: its own time.
    const [pairing] = pairHandshakes([request(50_000)]);
    expect(judgeHandshake(pairing!, at(100) + STALL - 50_000, DEFAULT_THRESHOLDS)).toMatchObject({
      state: 'stalled',
      agedFrom: at(50),
    });
  });

  it('does not say a request stalled the moment it comes from a client hours behind, live', async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 3 * HOUR);
    files.config([files.teammate('bob')]);
    const live = await watch(files.dir);
    // Stamped by the lead's clock, two hours behind.
    files.send('bob', 'team-lead', files.shutdownRequest('bob', HOUR / 1000), HOUR / 1000);
    await waitFor(() => expect(live.json().teams[0]!.messages).toHaveLength(1));
    const team = () => live.store.getState().teams.get(files.team)!;
    const [kept] = team().inboxes.get('bob')!.messages;
    expect(kept!.seenAt - kept!.time).toBeGreaterThan(HOUR);
    const kinds = (now: number) => selectDiagnoses(team(), now, DEFAULT_THRESHOLDS).diagnoses.map((diagnosis) => diagnosis.kind);
    expect(kinds(kept!.seenAt + 1000)).not.toContain('stalled');
    const stalled = selectDiagnoses(team(), kept!.seenAt + STALL, DEFAULT_THRESHOLDS).diagnoses.find((one) => one.kind === 'stalled');
    expect(stalled?.since).toBe(kept!.seenAt);
  });

  it('gives both times in the message’s details', () => {
    const skewed = request(2 * HOUR);
    const detail = messageDetail(skewed, ['bob']);
    const [, second] = detail.facts({ paint: monochromeTheme.paint, colors: new Map(), now: at(100) + 5000 });
    const facts = second.map((part) => part.text).join('');
    expect(facts).toContain('arrived ');
    expect(facts).toContain('(5s ago)');
    expect(facts).toContain(`stamped ${skewed.timestamp}`);
    expect(detail.lines(200).join('\n')).toContain(
      `its timestamp ${skewed.timestamp} and its arrival, seen by teamtop at ${new Date(at(100)).toISOString()}, are 2h apart`,
    );
    expect(detail.since).toBe(at(100));
    // One on time says when it was written, as before.
    const onTime = messageDetail(request(0), ['bob']);
    const [, line] = onTime.facts({ paint: monochromeTheme.paint, colors: new Map(), now: at(100) + 5000 });
    expect(line.map((part) => part.text).join('')).toMatch(/^2026-03-01T10:01:40\.000Z \(5s ago\)/u);
  });
});
