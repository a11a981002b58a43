import { describe, expect, it } from 'vitest';
import { computeLayout, FOOTER_LINES, HEADER_LINES } from '../../src/ui/screen/layout.js';

const total = (layout: ReturnType<typeof computeLayout>) =>
  layout.grid.reduce((sum, row) => sum + Math.max(...row.map((pane) => pane.height)), 0) +
  layout.lists.reduce((sum, lines) => sum + lines, 0);

describe('computeLayout', () => {
  it('uses one column of bordered panes at 80 columns when they fit', () => {
    const layout = computeLayout({
      width: 80,
      height: 24,
      messageCounts: [5, 5, 5],
      focusedMember: 0,
      lists: [{ lines: 1, beside: true }, { lines: 3 }],
      statusLines: 0,
    });
    expect(layout.bordered).toBe(true);
    expect(layout.grid.map((row) => row.length)).toEqual([1, 1, 1]);
    expect(total(layout)).toBeLessThanOrEqual(24 - 1 - HEADER_LINES - FOOTER_LINES);
  });

  it('goes compact when bordered panes would not fit, and gives the focused member the room', () => {
    const layout = computeLayout({
      width: 80,
      height: 24,
      messageCounts: [20, 20, 20, 20, 20, 20, 20, 20],
      focusedMember: 3,
      lists: [{ lines: 1, beside: true }, { lines: 1 }],
      statusLines: 0,
    });
    expect(layout.bordered).toBe(false);
    const heights = layout.grid.map((row) => row[0]!.height);
    expect(heights).toHaveLength(8);
    expect(Math.max(...heights)).toBe(heights[3]);
    expect(total(layout)).toBeLessThanOrEqual(24 - 1 - HEADER_LINES - FOOTER_LINES);
  });

  it('makes a grid on wide terminals and shares the width exactly', () => {
    const layout = computeLayout({
      width: 200,
      height: 60,
      messageCounts: [1, 1, 1, 1, 1],
      focusedMember: 0,
      lists: [{ lines: 1, beside: true }, { lines: 4 }],
      statusLines: 0,
    });
    expect(layout.grid.map((row) => row.length)).toEqual([3, 2]);
    for (const row of layout.grid) expect(row.reduce((sum, pane) => sum + pane.width, 0)).toBe(200);
    // The handshakes and the tasks side by side.
    expect(layout.listRows).toEqual([[0, 1]]);
  });

  it('keeps the focused member on screen when not every member fits even as a title line', () => {
    const layout = computeLayout({
      width: 80,
      height: 10,
      messageCounts: Array(12).fill(1),
      focusedMember: 11,
      lists: [{ lines: 1, beside: true }, { lines: 1 }],
      statusLines: 0,
    });
    const shown = layout.grid.flat().map((pane) => pane.member);
    expect(shown).toContain(11);
    expect(layout.hiddenMembers).toBe(12 - shown.length);
  });

  it('draws every pane at its natural height when there is no terminal height', () => {
    const layout = computeLayout({
      width: 80,
      height: undefined,
      messageCounts: [2, 30],
      focusedMember: 0,
      lists: [{ lines: 3, beside: true }, { lines: 5 }],
      statusLines: 0,
    });
    expect(layout.grid.map((row) => row[0]!.rows)).toEqual([2, 10]);
    expect(layout.lists).toEqual([3, 5]);
  });
});
