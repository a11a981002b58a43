import fc from 'fast-check';
import prettyMilliseconds from 'pretty-ms';
import { describe, expect, it } from 'vitest';
import { formatAge, formatClock, untilAgeChanges } from '../../../src/core/model/time.js';

describe('formatAge', () => {
  it('is compact, with two units by default and one on request', () => {
    expect(formatAge(0)).toBe('0s');
    expect(formatAge(42_000)).toBe('42s');
    expect(formatAge(210_000)).toBe('3m30s');
    expect(formatAge(2 * 3600_000 + 5 * 60_000 + 3000)).toBe('2h5m');
    expect(formatAge(3 * 86400_000 + 4 * 3600_000)).toBe('3d4h');
    expect(formatAge(210_000, 1)).toBe('3m');
    expect(formatAge(Number.NaN)).toBe('?');
  });

  it('never shows a unit below its resolution when the one between is zero: what it shows changes when untilAgeChanges says', () => {
    expect(formatAge(2 * 3600_000 + 1000)).toBe('2h');
    expect(formatAge(2 * 3600_000 + 60_000 + 1000)).toBe('2h1m');
    expect(formatAge(86400_000 + 59 * 60_000)).toBe('1d');
    for (const age of [3600_000 + 1000, 7200_000 + 59_000, 86400_000 + 30 * 60_000, 61_000, 3599_000]) {
      const next = untilAgeChanges(age, 2);
      expect(formatAge(age + next - 1), String(age)).toBe(formatAge(age));
      expect(formatAge(age + next), String(age)).not.toBe(formatAge(age));
    }
  });
});

describe("formatAge's own writing of an age under a day", () => {
  /** As formatAge wrote every age before: pretty-ms, on the age cut to its resolution. */
  const reference = (ms: number, units: 1 | 2): string => {
    if (ms < 1000) return '0s';
    const step =
      units === 1
        ? ms >= 3600_000
          ? 3600_000
          : ms >= 60_000
            ? 60_000
            : 1000
        : ms >= 86400_000
          ? 3600_000
          : ms >= 3600_000
            ? 60_000
            : 1000;
    return prettyMilliseconds(ms - (ms % step), { secondsDecimalDigits: 0, unitCount: units }).replaceAll(' ', '');
  };

  it('writes what pretty-ms writes, whole and fractional milliseconds, around a day too', () => {
    const ages = fc.oneof(fc.integer({ min: 0, max: 2 * 86400_000 }), fc.double({ min: 0, max: 2 * 86400_000, noNaN: true }));
    fc.assert(
      fc.property(ages, fc.constantFrom(1 as const, 2 as const), (ms, units) => {
        expect(formatAge(ms, units)).toBe(reference(ms, units));
      }),
      { numRuns: 20_000 },
    );
    for (const ms of [1000, 59_999, 60_000, 3599_999, 3600_000, 86399_999, 86400_000, 1000.5, 999.9999])
      for (const units of [1, 2] as const) expect(formatAge(ms, units), `${ms} ${units}`).toBe(reference(ms, units));
  });
});

describe('untilAgeChanges', () => {
  it('says when the shown age changes, at the resolution it is shown at', () => {
    expect(untilAgeChanges(59_500, 1)).toBe(500);
    expect(untilAgeChanges(61_000, 1)).toBe(59_000);
    expect(untilAgeChanges(61_000, 2)).toBe(1000);
    expect(untilAgeChanges(3 * 3600_000 + 10 * 60_000, 2)).toBe(60_000);
    expect(untilAgeChanges(3 * 3600_000 + 10 * 60_000, 1)).toBe(50 * 60_000);
  });
});

describe('formatClock', () => {
  it('shows local wall-clock time', () => {
    expect(formatClock(Date.parse('2026-03-01T10:04:05Z'))).toBe('10:04:05');
    expect(formatClock(Number.NaN)).toBe('--:--:--');
  });
});
