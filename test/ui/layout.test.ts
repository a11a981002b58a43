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
      messageCounts: [40, 40, 40, 40, 40],
      focusedMember: 0,
      lists: [{ lines: 1, beside: true }, { lines: 4 }],
      statusLines: 0,
    });
    expect(layout.grid.map((row) => row.length)).toEqual([3, 2]);
    for (const row of layout.grid) expect(row.reduce((sum, pane) => sum + pane.width, 0)).toBe(200);
    // The handshakes and the tasks side by side.
    expect(layout.listRows).toEqual([[0, 1]]);
  });

  it('never leaves a list one item short (`↓ 1 below`): it takes the line from the member panes', () => {
    // 120x36: the handshakes' six and the tasks' five shared twelve lines, titles included, so one handshake was
    // below, over the blank last row the frame leaves.
    const layout = (lists: { lines: number; beside?: boolean }[]) =>
      computeLayout({ width: 120, height: 36, messageCounts: [7, 5, 5, 5, 4], focusedMember: 0, lists, statusLines: 0 });
    const given = layout([{ lines: 7, beside: true }, { lines: 6 }]);
    expect(given.lists).toEqual([7, 6]);
    const body = 36 - 1 - 2 - 1;
    const panes = given.grid.reduce((sum, row) => sum + row[0]!.height, 0);
    expect(panes + 7 + 6).toBe(body);
    // Two short, or more: the cap holds, and the list says what is below.
    expect(layout([{ lines: 9, beside: true }, { lines: 6 }]).lists).toEqual([6, 6]);
  });

  it('puts fewer panes side by side, each wider, where that shows as many messages (issue 38: empty rows, cut lines)', () => {
    const grid = (messageCounts: number[], width = 200, height = 60) =>
      computeLayout({ width, height, messageCounts, focusedMember: 0, lists: [{ lines: 1, beside: true }, { lines: 4 }], statusLines: 0 })
        .grid;
    // A run's start at 200x60: three panes of 66 columns had twenty empty rows each; two of 100 show every message.
    const start = grid([6, 3, 2, 4, 1]);
    expect(start.map((row) => row.map((pane) => pane.width))).toEqual([[100, 100], [100, 100], [200]]);
    for (const [i, count] of [6, 3, 2, 4, 1].entries())
      expect(start.flat().find((pane) => pane.member === i)!.rows).toBeGreaterThanOrEqual(count);
    // Never wider than a pane needs to be, while more fit side by side: two members at 200 columns stay side by side.
    expect(grid([1, 1]).map((row) => row.length)).toEqual([2]);
    // At 120 columns two members with room to spare are a pane each, 120 wide.
    expect(grid([3, 2], 120, 36).map((row) => row.map((pane) => pane.width))).toEqual([[120], [120]]);
    // A busy team: as many side by side as fit, as before.
    expect(grid([40, 40, 40, 40, 40]).map((row) => row.length)).toEqual([3, 2]);
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
