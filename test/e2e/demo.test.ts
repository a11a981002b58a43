/**
 * The demo in a real terminal shows its members at work within its first
 * seconds: a tool running with its key input, and the team's cost so far.
 */
import { describe, expect, it } from 'vitest';
import { Terminal } from '../helpers/pty.js';

describe('teamtop demo in a terminal', () => {
  it("shows a member's tool running, and the tokens and cost, in its first seconds", async () => {
    const term = new Terminal({ args: ['demo', '--speed', '4'], cols: 120, rows: 40 });
    // The tester's 17 s baseline run starts 7 s in: under 2 s at ×4, and lasts over 4 s.
    await term.waitForText(/▶ Bash npm test · \d+s/u);
    expect(term.text()).toMatch(/v2-release \(5\) .*\d+(\.\d)?K? out · ~\$\d+\.\d+/u);
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
