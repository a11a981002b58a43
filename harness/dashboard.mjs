// The live dashboard as a user sees it, for measuring when each message
// reaches the screen: the built CLI in a pseudo-terminal (harness/pty.mjs), its
// output interpreted by a headless xterm, and the timeline view (every message
// of the team, one row each: `time  from → to  ● rendering`) read after every
// chunk. Each row's first appearance is kept, with the time its chunk arrived.
import xterm from '@xterm/headless';
import { monoMs } from './stats.mjs';
import { Pty } from './pty.mjs';

const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const TIMELINE_ROW = /^(\d\d:\d\d:\d\d) {2}(\S+) +→ (.+?) {2}[●○] (.*)$/u;
/** Enough of a rendering to tell messages apart; rows are cut to the terminal's width. */
const BODY = 32;

/** Whether a cell shows `text`: all of it, or its start cut with `…` (names are cut to the widest sender's width). */
const shows = (cell, text) => cell === text || (cell.endsWith('…') && text.startsWith(cell.slice(0, -1)));

const seconds = (clock) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
/**
 * Whether a row's time shows a message's: its own, or for a row of several
 * recipients up to a second before (a broadcast's copies are one row, at the
 * time of the first copy).
 */
const showsTime = (row, clock) => row.clock === clock || (row.shared && (seconds(clock) - seconds(row.clock) + 86_400) % 86_400 === 1);

/**
 * What a message's row in the timeline shows: its time as the dashboard draws
 * it (local time, as teamtop's `formatClock`), sender, recipient and the start of
 * its rendering (`summary · text` for plain text, else the rendering), all read
 * from teamtop's `--json` for that message.
 */
function expectedRow(message) {
  const body = message.data === null && message.summary ? `${message.summary} · ${message.text}` : message.text;
  return { clock: clockFormat.format(new Date(message.timestamp)), from: message.from, to: message.to, body: body.slice(0, BODY) };
}

const rowKey = ({ clock, from, to, body }) => `${clock}|${from}|${to}|${body}`;

export class LiveDashboard {
  /**
   * The benchmark's terminal by default: a frame costs more the more cells it
   * has (at 200 × 100 the replay's p50 was three times that at 120 × 40).
   */
  constructor(args, { cols = 120, rows = 40 } = {}) {
    this.screen = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    this.term = new Pty(args, { cols, rows });
    /** `<row key>#<n>` → when the n-th row with that key was first on screen (monoMs). */
    this.firstSeen = new Map();
    /** Every row key seen, with what it showed. */
    this.rows = new Map();
    this.waiters = new Set();
    this.term.pty.onData((chunk) => {
      const at = monoMs();
      this.screen.write(chunk, () => this.scan(at));
    });
  }

  lines() {
    const buffer = this.screen.buffer.active;
    return Array.from({ length: this.screen.rows }, (_, y) => buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
  }

  scan(at) {
    const lines = this.lines();
    const counts = new Map();
    for (const line of lines) {
      const row = TIMELINE_ROW.exec(line);
      if (!row) continue;
      const [, clock, from, recipients, body] = row;
      const all = recipients.split(', ');
      for (const to of all) {
        const shown = { clock, from, to: to.trim(), body: body.slice(0, BODY), shared: all.length > 1 };
        const key = `${rowKey(shown)}${shown.shared ? '|shared' : ''}`;
        this.rows.set(key, shown);
        const n = (counts.get(key) ?? 0) + 1;
        counts.set(key, n);
        if (!this.firstSeen.has(`${key}#${n}`)) this.firstSeen.set(`${key}#${n}`, at);
      }
    }
    if (this.waiters.size === 0) return;
    const text = lines.join('\n');
    for (const waiter of this.waiters) {
      if (!waiter.pattern.test(text)) continue;
      this.waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(at);
    }
  }

  /** Resolves once the screen shows `pattern` (a RegExp), with the time it did. */
  waitFor(pattern, timeout = 30_000) {
    return new Promise((resolve, reject) => {
      const waiter = { pattern, resolve };
      waiter.timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(`the dashboard did not show ${pattern} within ${timeout / 1000} s; its screen:\n${this.lines().join('\n').trimEnd()}`),
        );
      }, timeout);
      this.waiters.add(waiter);
      this.screen.write('', () => this.scan(monoMs()));
    });
  }

  /**
   * When each of `messages` (teamtop's `--json` messages, in the order they
   * were written) was first drawn: the first frame with a row that shows it
   * (the n-th message that looks the same, the n-th such row); undefined for
   * one never drawn.
   */
  drawnAt(messages) {
    const seen = new Map();
    return messages.map((message) => {
      const expected = expectedRow(message);
      const n = (seen.get(rowKey(expected)) ?? 0) + 1;
      seen.set(rowKey(expected), n);
      const times = [...this.rows]
        .filter(
          ([, row]) =>
            showsTime(row, expected.clock) &&
            shows(row.from, expected.from) &&
            shows(row.to, expected.to) &&
            shows(row.body, expected.body),
        )
        .map(([key]) => this.firstSeen.get(`${key}#${n}`))
        .filter((at) => at !== undefined);
      return times.length > 0 ? Math.min(...times) : undefined;
    });
  }

  press(keys) {
    this.term.press(keys);
  }

  quit() {
    return this.term.quit();
  }

  kill() {
    this.term.kill();
  }
}
