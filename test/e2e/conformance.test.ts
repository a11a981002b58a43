import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording } from '../../harness/recording.mjs';
import { reenact } from '../../harness/reenact.mjs';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';

describe('the live dashboard watching the real client (a recording re-enacted at its own pace)', () => {
  it(
    'ends on the team ended, carol shut down, the plan answered twice and contradicting, mail waits, and never a phantom team',
    { timeout: 90_000 },
    async () => {
      const dir = tempDir();
      const term = new Terminal({ args: ['--dir', dir, '--no-journal'], cols: 120, rows: 40 });
      await term.waitForText('No agent teams yet');
      await reenact(loadRecording(join(CAPTURES, 'cc-2.1.330-realcc-plan-tmux')), dir);
      await term.waitForText(/session-2c04269c \(1\) .*ended/u);
      await term.waitForText('1 contradicting');
      const screen = term.text();
      expect(screen).toContain('· 1 team ');
      // The plan answered both ways is a note about carol and the lead: its mark on both. Two members with a few
      // messages each at 120 columns: a pane each, the whole width, that cuts none of them (issue 38).
      expect(screen).toMatch(/─ carol ℹ contradicting-answers ─+ shut down \S+ · departed ─/u);
      expect(screen).toContain('13:11:14 team-lead ○ You are carol. Plan first, then write carol.txt in the working directory.');
      expect(screen).toMatch(/━ ★ team-lead ℹ contradicting-answers ━/u);
      expect(screen).toMatch(/Handshakes {2}0 open · 4 answered · 1 contradicting/u);
      expect(screen).toMatch(/⚠ approved +plan_approval +carol +→ team-lead +in \d+s +→ rejected ⚠ contradicting/u);
      expect(screen).toMatch(/✓ approved +permission +carol +→ team-lead/u);
      // The lead's mail was delivered within a second or two: how long it waited, after what the lead is; and carol's.
      expect(screen).toMatch(/┃ team-lead · in-process · mail waits \d\.\ds, at /u);
      expect(screen).toMatch(/│ general-purpose · claude-\S+ · tmux · mail waits \d\.\ds, at /u);
      expect(screen).toContain('idle (available) · carol: idle.');
      expect(screen).toContain('plan rejected: add a step');
      // Not for one frame: the folder the client renames the team to on exit is not a team.
      expect(term.output).not.toContain('.deleted-');
      term.press('q');
      expect(await term.waitForExit()).toBe(0);
    },
  );
});
