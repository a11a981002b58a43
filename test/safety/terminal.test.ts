/**
 * The built CLI in a real pseudo-terminal, in colour, on a hostile team and on a
 * team of odd text, its output read by xterm: the terminal's own hooks prove no
 * attack took effect, and its cells prove every pane kept its place.
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { Terminal } from '../helpers/pty.js';
import { sleep } from '../helpers/wait.js';
import { HOSTILE_TEAM_2, PAYLOADS, writeHostileTeam, writeOddTeam } from './corpus.js';
import { borderRows, expectBordersAligned } from './screen.js';
import { unicode11 } from './terminal-width.js';

/** The CLI on `dir`, in colour, in a terminal that draws with today's widths (see terminal-width.ts). */
function start(dir: string, cols: number, rows: number): Terminal {
  // NO_COLOR must be gone, not empty: Node warns on stderr, onto the dashboard, when both are set.
  const noColor = process.env['NO_COLOR'];
  delete process.env['NO_COLOR'];
  const term = new Terminal({ args: ['--dir', dir], cols, rows, env: { FORCE_COLOR: '3' } });
  if (noColor !== undefined) process.env['NO_COLOR'] = noColor;
  // Before any output arrives: the pty's first data comes on a later tick.
  term.screen.unicode.register(unicode11);
  term.screen.unicode.activeVersion = unicode11.version;
  return term;
}

/** Everything the terminal was asked to do beyond drawing text. */
function watchTerminal(term: Terminal) {
  const seen = { titles: [] as string[], bells: 0, osc: [] as string[], dcs: [] as string[], replies: [] as string[] };
  term.screen.onTitleChange((title) => seen.titles.push(title));
  term.screen.onBell(() => seen.bells++);
  // Answers to queries (cursor position, device attributes) would be typed into our stdin.
  term.screen.onData((reply) => seen.replies.push(reply));
  for (const id of [0, 1, 2, 8, 10, 52]) {
    term.screen.parser.registerOscHandler(id, (data) => {
      seen.osc.push(`${id};${data}`);
      return false;
    });
  }
  term.screen.parser.registerDcsHandler({ intermediates: '$', final: 'q' }, (data) => {
    seen.dcs.push(data);
    return false;
  });
  return seen;
}

/**
 * teamtop's own question as it starts: the terminal's background, for the
 * theme (OSC 11), with the device attributes asked behind it (theme-detect.ts).
 * xterm answers the second; nothing else may be asked.
 */
const THEME_QUESTION = '\u001b]11;?\u001b\\\u001b[c';
const ATTRIBUTES = /^\u001b\[\?[\d;]*c$/u;

/** Nothing the terminal was asked beyond drawing text and our own colours: no title, bell, OSC, DCS or query. */
function expectNothingHappened(seen: ReturnType<typeof watchTerminal>, term: Terminal, what: string): void {
  expect(seen.titles, what).toEqual([]);
  expect(seen.bells, what).toBe(0);
  expect(seen.osc, what).toEqual([]);
  expect(seen.dcs, what).toEqual([]);
  expect(
    seen.replies.filter((reply) => !ATTRIBUTES.test(reply)),
    what,
  ).toEqual([]);
  expect(seen.replies.length, what).toBeLessThanOrEqual(1);
  // Nothing the attacks carry reached the terminal as a sequence: no OSC or DCS at all, no 8-bit control.
  const output = term.output.replace(THEME_QUESTION, '');
  expect(output, what).not.toContain('\u001b]');
  expect(output, what).not.toContain('\u001bP');
  expect(output, what).not.toMatch(/[\u0080-\u009f]/u);
}

/**
 * Wait until the program has drawn `text` and then written nothing for a moment,
 * and is not inside a frame (Ink wraps each in synchronized output): a whole frame.
 */
async function settle(term: Terminal, text: string | RegExp): Promise<void> {
  await term.waitForText(text);
  for (let length = -1; length !== term.output.length || term.screen.modes.synchronizedOutputMode;) {
    length = term.output.length;
    await sleep(40);
    await new Promise<void>((resolve) => term.screen.write('', resolve));
  }
}

/** The terminal modes the data could toggle (mouse reporting, bracketed paste, …); not Ink's frame brackets. */
const modesOf = (term: Terminal) => ({ ...term.screen.modes, synchronizedOutputMode: undefined });

const BORDERS = new Set('╭╮╰╯│┏┓┗┛┃');

/** The screen's rows as xterm holds them: the columns of border characters, cell by cell. */
function screenRows(term: Terminal) {
  const buffer = term.screen.buffer.active;
  const rows = [];
  for (let y = 0; y < term.screen.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y)!;
    const borders: number[] = [];
    for (let x = 0; x < term.screen.cols; x++) if (BORDERS.has(line.getCell(x)?.getChars() ?? '')) borders.push(x);
    rows.push({ text: line.translateToString(true), borders, wrapped: line.isWrapped });
  }
  return rows;
}

/** The header on the first line, no line run over into the next, and every box's borders in their columns. */
function expectLaidOut(term: Terminal, what: string): void {
  const rows = screenRows(term);
  expect(rows[0]!.text, what).toMatch(/^teamtop · /u);
  expect(
    rows.filter((row) => row.wrapped).map((row) => row.text),
    what,
  ).toEqual([]);
  expectBordersAligned(
    borderRows(
      rows,
      (row) => row.text,
      (row) => row.borders,
    ),
    what,
  );
  expect(term.onAlternateScreen(), what).toBe(true);
}

describe('teamtop in a terminal, on hostile files', () => {
  it('shows every attack as text and lets none of them reach the terminal', async () => {
    const dir = tempDir();
    writeHostileTeam(dir);
    const term = start(dir, 120, 40);
    const seen = watchTerminal(term);
    await settle(term, ' Handshakes ');
    expectNothingHappened(seen, term, 'the dashboard');
    expect(term.text()).toContain('lead␛[2J␛]0;pwned-title␇');
    expectLaidOut(term, 'the dashboard');
    const modes = modesOf(term);
    // teamtop's own mouse (clicks and the wheel, 1000): a file's ?1003h (every motion) took no effect.
    expect(modes.mouseTrackingMode).toBe('vt200');

    const steps: Array<[keys: string, shows: string | RegExp, what: string]> = [
      ['g\r', '␛]52;c;cHduZWQ=␇', 'the oldest message, every attack in it, opened'],
      ['\r', 'lead␛[2J', 'closed again'],
      // Its timestamp is an attack too, so it sorts last, as the newest.
      ['G\r', 'second line', 'the multi-line message with a thousand bells'],
      ['G', '␇␇␇␇␇␇␇␇␇␇', 'scrolled to its end'],
      ['\r\t\t\t\t', ' Diagnoses ', 'the diagnoses focused'],
      ['\r', 'evidence (', 'a diagnosis opened, with its evidence'],
      ['\r\t', ' Handshakes ', 'the handshake list focused'],
      ['\r', 'request id: ', 'a handshake opened'],
      ['\r\t', ' Tasks ', 'the task list focused'],
      ['\r', 'status: ', 'a task opened'],
      ['\ra', 'teammate tracker', 'teammate trackers shown'],
      ['t', ' Timeline ', 'the timeline'],
      ['\r', 'esc close', 'a message opened from the timeline'],
      ['\rt', 'lead␛[2J', 'back to the dashboard'],
      ['m', 'only lead␛[2J', "only one member's messages"],
      ['mmmm', /^(?![\s\S]*only )[\s\S]*tab pane/u, 'every member in turn, then all again'],
      ['?', 'Keys', 'the help'],
      ['?]', 'solo␛[2J', 'the other team'],
    ];
    for (const [keys, shows, what] of steps) {
      term.press(keys);
      await settle(term, shows);
      expectNothingHappened(seen, term, what);
      expectLaidOut(term, what);
      expect(modesOf(term), what).toEqual(modes);
    }
    expect(term.text()).toContain(HOSTILE_TEAM_2.slice(0, 5));

    term.press('q');
    expect(await term.waitForExit()).toBe(0);
    expect(term.onAlternateScreen()).toBe(false);

    expectNothingHappened(seen, term, 'after quitting');
    // The payloads were drawn, as text.
    for (const payload of PAYLOADS) expect(term.output).toContain(payload);
  });
});

describe('teamtop in a terminal, on odd text', () => {
  it.each([
    [80, 24],
    [200, 60],
  ])('keeps every pane border in its column at %ix%i', async (cols, rows) => {
    const dir = tempDir();
    writeOddTeam(dir);
    const term = start(dir, cols, rows);
    await settle(term, 'lead世界');
    expectLaidOut(term, 'the dashboard');
    const steps: Array<[keys: string, shows: string | RegExp, what: string]> = [
      ['\t', /┏━ emoji|▸ emoji/u, 'the second pane focused'],
      ['g\r', 'esc close', 'its oldest message opened'],
      ['\rG\r', 'esc close', 'its newest message opened'],
      ['\r\t\t\t', ' Diagnoses ', 'the diagnoses focused'],
      ['\r', 'evidence (', 'a diagnosis opened, with its evidence'],
      ['\r\t', ' Handshakes ', 'the handshakes focused'],
      ['\r', 'request id: ', 'a handshake opened'],
      ['\r\tj', ' Tasks ', 'the tasks focused'],
      ['\r', 'status: ', 'a task opened: every odd text in its description'],
      ['G', /lines/u, 'scrolled to its end'],
      ['\rt', ' Timeline ', 'the timeline'],
    ];
    for (const [keys, shows, what] of steps) {
      term.press(keys);
      await settle(term, shows);
      expectLaidOut(term, `${what} at ${cols}x${rows}`);
    }
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});
