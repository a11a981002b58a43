/**
 * The report's time axis: its labels tell its ticks apart. A run over days
 * labelled every tick `00:00` (an old capture read today: ten of them).
 */
import { describe, expect, it } from 'vitest';
import { timeAxis } from '../../../src/core/report/axis.js';

const DAY = 24 * 3600_000;
const labels = (start: string, spanMs: number, most: number): string[] => {
  const axis = timeAxis(Date.parse(start), Date.parse(start) + spanMs);
  const ticks = axis.ticks(most);
  return ticks.map((tick) => axis.label(tick, ticks));
};

describe('the time axis', () => {
  it('labels steps of a day or more with their date, no two alike', () => {
    const said = labels('2026-02-12T19:46:20Z', 288 * DAY, 10);
    expect(said.length).toBeGreaterThan(5);
    expect(new Set(said).size).toBe(said.length);
    expect(said[0]).toBe('03-12');
    for (const label of said) expect(label).toMatch(/^\d\d-\d\d$/u);
  });

  it('labels them with the year too where they span years', () => {
    const said = labels('2026-02-12T19:46:20Z', 688 * DAY, 10);
    expect(new Set(said).size).toBe(said.length);
    expect(said[0]).toBe('2026-03-12');
    for (const label of said) expect(label).toMatch(/^20\d\d-\d\d-\d\d$/u);
  });

  it('labels the first tick of each day with its date when the run passes midnight', () => {
    expect(labels('2026-11-25T23:17:17Z', 2 * DAY + 18 * 3600_000, 8)).toEqual(['11-26', '12:00', '11-27', '12:00', '11-28', '12:00']);
    // A first tick that is not midnight keeps its time beside the date.
    expect(labels('2026-11-25T20:10:00Z', 6 * 3600_000, 4)).toEqual(['11-25 22:00', '11-26', '02:00']);
  });

  it('labels a run within a day by the clock alone', () => {
    expect(labels('2026-03-01T10:00:00Z', 20_000, 4)).toEqual(['10:00:00', '10:00:05', '10:00:10', '10:00:15', '10:00:20']);
  });
});
