/**
 * The mouse, as the App takes it (the CLI reads it from the terminal; here a
 * source the test drives): a click focuses the pane under it and selects the
 * row clicked, the wheel scrolls the pane under the pointer or what is open.
 * Positions are the screen's cells, mapped to panes by the layout.
 */
import { describe, expect, it } from 'vitest';
import type { MouseEvent, MouseSource } from '../../src/ui/app/mouse.js';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait.js';

class TestMouse implements MouseSource {
  private listener: ((event: MouseEvent) => void) | undefined;
  onMouse(listener: (event: MouseEvent) => void) {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }
  click(x: number, y: number) {
    this.listener!({ kind: 'click', x, y, shift: false, meta: false, ctrl: false });
  }
  wheel(x: number, y: number, delta: -1 | 1) {
    this.listener!({ kind: 'wheel', x, y, delta, shift: false, meta: false, ctrl: false });
  }
}

async function mount() {
  const mouse = new TestMouse();
  const app = await mountApp(`${FIXTURES}/protocol-zoo`, { claudeDir: '/claude', now: Date.parse('2026-03-01T12:00:00Z'), mouse });
  await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
  const rowOf = (text: string) =>
    app
      .lastFrame()!
      .split('\n')
      .findIndex((line) => line.includes(text));
  return { app, mouse, rowOf };
}

describe('the mouse', () => {
  it('focuses the pane clicked, and selects the row clicked', async () => {
    const { app, mouse, rowOf } = await mount();
    mouse.click(10, rowOf('╭─ helper'));
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ helper'));
    // A row of the task list: it is selected, and ⏎ opens it.
    mouse.click(20, rowOf('Design the schema'));
    await waitFor(() => expect(app.lastFrame()).toMatch(/ Tasks /u));
    await app.press('\r');
    await waitFor(() => expect(app.lastFrame()).toContain('#1 Design the schema'));
  });

  it('scrolls the pane under the pointer with the wheel', async () => {
    const { app, mouse, rowOf } = await mount();
    const tasks = rowOf(' Tasks ');
    expect(app.lastFrame()).toContain('↓ 6 below');
    mouse.wheel(5, tasks + 1, 1);
    mouse.wheel(5, tasks + 1, 1);
    // Six rows down: the list scrolled, the pane under the pointer focused.
    await waitFor(() => expect(app.lastFrame()).toMatch(/ Tasks .*↑ \d+ above/u));
    mouse.wheel(5, rowOf(' Tasks '), -1);
    mouse.wheel(5, rowOf(' Tasks '), -1);
    await waitFor(() => expect(app.lastFrame()).toContain('↓ 6 below'));
  });

  it('points at nothing under what is open', async () => {
    const { app, mouse, rowOf } = await mount();
    const helper = rowOf('╭─ helper');
    await app.press('?');
    await waitFor(() => expect(app.lastFrame()).toContain('esc or ? to close'));
    mouse.click(10, helper);
    mouse.wheel(10, helper, 1);
    await app.press('?');
    await waitFor(() => expect(app.lastFrame()).toContain('┏━ ★ team-lead'));
    expect(app.lastFrame()).toContain('╭─ helper');
  });
});
