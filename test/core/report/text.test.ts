/**
 * The report in a terminal: its sections, a swimlane as wide as the terminal
 * with each instant in its column, nothing from disk reaching the terminal
 * unsanitised, and colour only when asked for.
 */
import { Chalk } from 'chalk';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { reportText } from '../../../src/core/report/text.js';
import { at, report } from '../../helpers/report-run.js';

const plain = new Chalk({ level: 0 });

/** The lane of `name` in the text, from its first column. */
function lane(text: string, name: string, nameColumns: number): string[] {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`  ${name.padEnd(nameColumns)} `))!;
  return Array.from(line.slice(2 + nameColumns + 1));
}

describe('the report as text', () => {
  it('has a heading and its sections in order', () => {
    const text = reportText(report(true), 100, plain);
    expect(text.split('\n').slice(0, 2)).toEqual([
      'teamtop report · team (ended)',
      '  ran 2026-03-01 10:00:00 UTC → 2026-03-01 10:00:20 UTC (20s)',
    ]);
    const headings = text.split('\n').filter((line) => /^[A-Z]/u.test(line));
    expect(headings).toEqual([
      'Swimlane',
      'Members (3)',
      'Messages (9) by pair',
      'Handshakes (1)',
      'Tasks (1 done, 1 left, 1 dropped)',
      'Incidents (2)',
    ]);
    expect(text).toContain('  bob       → team-lead 4  2 plain, 2 protocol: 1 idle_notification, 1 shutdown_approved');
    expect(text).toContain('  10:00:09 shutdown team-lead → bob: approved after 1.0s · done');
    expect(text).toContain('  ⚠ 10:00:17 to-departed · bob, team-lead · standing');
    expect(text).toContain('    team-lead sent bob 1 message after it shut down: nobody will read it');
  });

  it('draws a lane per member over the run, each instant in its column, as wide as the terminal', () => {
    for (const width of [60, 100, 200]) {
      const text = reportText(report(true), width, plain);
      const swimlane = text.split('\n\n')[1]!.split('\n');
      for (const line of swimlane) expect(stringWidth(line), line).toBeLessThanOrEqual(width);
      // team-lead is the widest name: 9 columns, the rest is the run's 20 s.
      const columns = width - 9 - 3;
      const column = (seconds: number) => Math.floor(((at(seconds) - at(0)) / 20_000) * columns);
      const bob = lane(text, 'bob', 9);
      expect(bob).toHaveLength(columns);
      expect(bob[column(2.6)]).toBe('█');
      expect(bob[column(5.5)]).toBe('░');
      expect(bob[column(8)]).toBe('•');
      expect(bob[column(17)]).toBe('!');
      // Before bob joined, and after he left, but for the message that came then.
      expect(bob[0]).toBe(' ');
      expect(bob[column(18)]).toBe(' ');
      expect(bob[column(12) - 1]).toBe(' ');
      // The message that raised it, mail that came while bob was off the roster; the incident 5 s on, once the client had settled.
      expect(bob[column(12)]).toBe('◦');
      expect(lane(reportText({ ...report(true), incidents: [] }, width, plain), 'bob', 9)[column(17)]).toBe(' ');
      expect(lane(text, 'alice', 9)[column(15)]).toBe('░');
      expect(lane(text, 'team-lead', 9)[column(15)]).toBe('─');
    }
  });

  it('labels round instants over the lanes and explains every mark', () => {
    const text = reportText(report(true), 100, plain);
    const [, ruler, ...rest] = text.split('\n\n')[1]!.split('\n');
    // The last label would pass the lane's end: it is left out.
    expect(ruler!.trim().split(/\s+/u)).toEqual(['╵10:00:00', '╵10:00:05', '╵10:00:10', '╵10:00:15']);
    expect(rest.slice(-2).join(' ')).toMatch(
      /█ working · ░ idle · ─ on the roster .* • sent a message .*◦ got one while off the roster .* ! incident raised .*one column 0\.2s/u,
    );
  });

  it('shows a hostile name as text: no escape, control or direction override reaches the terminal', () => {
    const hostile = 'bob\u001b[2J\u001b]0;pwned\u0007<script>"\'\u202Eevil\u009b31m';
    const text = reportText(report(true, undefined, { bob: hostile }), 100, plain);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u);
    expect(text).toContain('bob␛[2J␛]0;pwned␇');
  });

  it('is in colour only when given a chalk with colour', () => {
    expect(reportText(report(true), 100, plain)).not.toContain('\u001b[');
    const coloured = reportText(report(true), 100, new Chalk({ level: 1 }));
    expect(coloured).toContain('\u001b[31m\u001b[1m!'); // the incident, red and bold
    expect(coloured).toContain('\u001b[34m█'); // bob, blue, working
  });
});
