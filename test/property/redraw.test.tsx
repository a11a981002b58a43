/**
 * The live dashboard has Ink write only the lines of a frame that changed
 * (its incremental renderer, as patched in patches/), and lays each row out
 * again only when what is written on it changed. Whatever frames follow each
 * other, and whatever the terminal is resized to in between, the screen a
 * terminal shows after those partial writes is the screen it shows when the
 * same frame is written whole on a fresh one: wide characters, emoji, styles,
 * lines that fill the terminal's width, frames that grow and shrink.
 */
import xterm from '@xterm/headless';
import chalk, { type ColorSupportLevel } from 'chalk';
import fc from 'fast-check';
import { Box, render, renderToString, Text, Transform, type Instance } from 'ink';
import { EventEmitter } from 'node:events';
import React from 'react';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait.js';

type Screen = InstanceType<typeof xterm.Terminal>;

/** A terminal for Ink to draw on: writes go to a headless xterm, as a pty with ONLCR would pass them. */
class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly screen: Screen;
  written = '';

  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
    this.screen = newScreen(columns, rows);
    // teamtop draws on the alternate screen, from its top left corner (src/cli/claim-terminal.ts).
    this.screen.write('\u001B[?1049h\u001B[H');
  }

  write(data: string): boolean {
    this.written += data;
    this.screen.write(data);
    return true;
  }

  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.screen.resize(columns, rows);
    this.emit('resize');
  }
}

const newScreen = (cols: number, rows: number): Screen => new xterm.Terminal({ cols, rows, allowProposedApi: true, convertEol: true });

/** Every cell on screen: its characters, colours and boldness. */
async function cells(screen: Screen): Promise<string[]> {
  await new Promise<void>((resolve) => screen.write('', resolve));
  const buffer = screen.buffer.active;
  const rows: string[] = [];
  for (let y = 0; y < screen.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y)!;
    let row = '';
    for (let x = 0; x < screen.cols; x++) {
      const cell = line.getCell(x)!;
      row += `${cell.getChars() || (cell.getWidth() === 0 ? '' : ' ')}${cell.isFgDefault() ? '' : `{${cell.getFgColor()}}`}${cell.isBold() ? '*' : ''}`;
    }
    rows.push(row);
  }
  return rows;
}

/** A piece of a line, as a pane draws it: text in one style, made of characters (grapheme clusters). */
interface Piece {
  readonly text: readonly string[];
  readonly color?: 'red' | 'green' | undefined;
  readonly bold?: boolean | undefined;
}

/**
 * A line: pieces side by side (two panes), pieces in one text (a line of parts
 * in their styles, as `FittedLine` draws it), or a rule across the whole width (a border).
 */
type Line = { readonly pieces: readonly Piece[] } | { readonly parts: readonly Piece[] } | { readonly rule: '─' | '界' };

/**
 * The characters that fit in `width` columns. Ink's own cut keeps a wide
 * character across the edge, a line one column wider than the terminal; the
 * dashboard cuts its text itself (src/core/text/fit.ts), and so does this frame.
 */
function fit(text: readonly string[], width: number): string {
  let shown = '';
  let used = 0;
  for (const char of text) {
    used += stringWidth(char);
    if (used > width) break;
    shown += char;
  }
  return shown;
}

const asItIs = (text: string) => text;

function Frame({ lines, columns, rows }: { lines: readonly Line[]; columns: number; rows: number }) {
  // One line shorter than the terminal, as teamtop's layout keeps every frame (src/ui/screen/layout.ts).
  return (
    <Box flexDirection="column" width={columns}>
      {lines.slice(0, rows - 1).map((line, i) =>
        'rule' in line ? (
          // Its text changes under a transform that stays the same: only the text node is told.
          <Transform key={i} transform={asItIs}>
            {line.rule.repeat(line.rule === '─' ? columns : Math.floor(columns / 2))}
          </Transform>
        ) : 'parts' in line ? (
          <Text key={i} wrap="truncate-end">
            {line.parts.map((part, j) => (
              <Text key={j} color={part.color} bold={part.bold}>
                {fit(part.text, Math.floor(columns / line.parts.length))}
              </Text>
            ))}
          </Text>
        ) : (
          <Box key={i} flexDirection="row">
            {line.pieces.map((piece, j) => (
              <Box key={j} width={Math.floor(columns / line.pieces.length)}>
                <Text wrap="truncate-end" color={piece.color} bold={piece.bold}>
                  {fit(piece.text, Math.floor(columns / line.pieces.length))}
                </Text>
              </Box>
            ))}
          </Box>
        ),
      )}
    </Box>
  );
}

/**
 * Characters of every width Ink and the terminal agree on: ASCII, CJK, emoji,
 * box drawing, a combining accent. (This headless xterm measures with Unicode
 * 6's tables, in which a lone 👍 is one column: its skin-toned form and a flag
 * are two columns for both.)
 */
const text = fc.array(fc.constantFrom('a', 'b', ' ', 'x', '界', '👍🏽', '🇫🇷', '─', 'é', 'e\u0301', '9'), { maxLength: 14 });
const piece: fc.Arbitrary<Piece> = fc.record({
  text,
  color: fc.constantFrom(undefined, 'red' as const, 'green' as const),
  bold: fc.boolean(),
});
const line: fc.Arbitrary<Line> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ pieces: fc.array(piece, { minLength: 1, maxLength: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ parts: fc.array(piece, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ rule: fc.constantFrom('─' as const, '界' as const) }) },
);

/** What happens between two frames: a line changes, comes or goes, the frame is replaced, the terminal is resized. */
type Step =
  | { readonly kind: 'change'; readonly at: number; readonly line: Line }
  | { readonly kind: 'insert'; readonly at: number; readonly line: Line }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'replace'; readonly lines: readonly Line[] }
  /** The same words in other styles (a selection moving, a handshake stalling). */
  | { readonly kind: 'restyle'; readonly at: number; readonly color: Piece['color']; readonly bold: boolean }
  /** The terminal narrows (or widens) by `by` columns, and gets `rows` rows. */
  | { readonly kind: 'resize'; readonly by: number; readonly rows: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('change' as const), at: fc.nat(), line }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), line }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), lines: fc.array(line, { maxLength: 12 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('restyle' as const),
      at: fc.nat(),
      color: fc.constantFrom(undefined, 'red' as const, 'green' as const),
      bold: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resize' as const),
      by: fc.integer({ min: 0, max: 12 }),
      rows: fc.integer({ min: 3, max: 14 }),
    }),
  },
);

function apply(lines: readonly Line[], next: Step): readonly Line[] {
  const at = 'at' in next ? next.at % (lines.length + (next.kind === 'insert' ? 1 : 0) || 1) : 0;
  switch (next.kind) {
    case 'change':
      return lines.length === 0 ? [next.line] : lines.map((old, i) => (i === at ? next.line : old));
    case 'insert':
      return [...lines.slice(0, at), next.line, ...lines.slice(at)];
    case 'remove':
      return lines.filter((_, i) => i !== at);
    case 'replace':
      return next.lines;
    case 'restyle':
      return lines.map((old, i) => {
        const restyle = (pieces: readonly Piece[]) =>
          pieces.map((piece, j) => (j === 0 ? { ...piece, color: next.color, bold: next.bold } : piece));
        if (i !== at || 'rule' in old) return old;
        return 'parts' in old ? { parts: restyle(old.parts) } : { pieces: restyle(old.pieces) };
      });
    case 'resize':
      return lines;
  }
}

let mounted: Instance | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

// Styles drawn as on a user's terminal (the tests' FORCE_COLOR=0 would draw none: see src/cli/claim-terminal.ts).
let level: ColorSupportLevel;
beforeAll(() => {
  level = chalk.level;
  chalk.level = 1;
});
afterAll(() => {
  chalk.level = level;
});

/** Mounts `lines` on a terminal of that size, drawn as the live dashboard draws (incrementally, many frames a second). */
function mount(lines: readonly Line[], columns: number, rows: number) {
  const terminal = new FakeTerminal(columns, rows);
  const stdin = Object.assign(new EventEmitter(), { isTTY: false, setEncoding: () => undefined, read: () => null });
  const frame = (shown: readonly Line[]) => <Frame lines={shown} columns={terminal.columns} rows={terminal.rows} />;
  mounted = render(frame(lines), {
    stdout: terminal as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: true,
    maxFps: 1000,
  });
  const instance = mounted;
  return { terminal, draw: (shown: readonly Line[]) => instance.rerender(frame(shown)), frame };
}

/** The terminal shows what a fresh one shows when that frame is written whole. */
async function expectSameScreen(terminal: FakeTerminal, element: React.ReactElement): Promise<void> {
  const whole = newScreen(terminal.columns, terminal.rows);
  whole.write(renderToString(element, { columns: terminal.columns }));
  const expected = await cells(whole);
  await waitFor(async () => expect(await cells(terminal.screen)).toEqual(expected), { interval: 2 });
}

/**
 * A hundred runs of up to 25 frames, each drawn by Ink and again whole, and
 * both screens compared: seconds of CPU, however fast the machine is, and a
 * loaded machine gives this process a fraction of a core. What may fail a run
 * is a frame that never matches (each waits on its own deadline), not the time
 * the runs take: the limit is for a hang.
 */
const PROPERTY_LIMIT_MS = 600_000;

describe('drawing only the lines that changed', { timeout: PROPERTY_LIMIT_MS }, () => {
  it('leaves the screen as a whole frame written on a fresh terminal would, after any frames and resizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 10 }),
        fc.array(step, { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        async (first, steps, narrowing) => {
          // xterm.js keeps what was past the end of a line when the terminal
          // narrows, and shows it again when it widens (xterm drops it), whatever
          // draws on it: within a run the terminal only narrows, or only widens.
          const { terminal, draw, frame } = mount(first, narrowing ? 40 : 12, 12);
          let lines: readonly Line[] = first;
          await expectSameScreen(terminal, frame(lines));
          for (const next of steps) {
            lines = apply(lines, next);
            if (next.kind === 'resize') {
              const columns = narrowing ? Math.max(12, terminal.columns - next.by) : Math.min(40, terminal.columns + next.by);
              terminal.resize(columns, next.rows);
            }
            // teamtop draws again for the new size too (useTerminalSize).
            draw(lines);
            await expectSameScreen(terminal, frame(lines));
          }
          mounted?.unmount();
          mounted = undefined;
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes a changed line alone, and never erases the screen to do it', async () => {
    const pieces = (text: string): Line => ({ pieces: [{ text: [text] }, { text: [text, ' 界👍🏽'], color: 'green' }] });
    const lines = Array.from({ length: 10 }, (_, i) => pieces(`line ${i}`));
    const withAge = (age: string): Line[] => [
      { rule: '─' },
      ...lines.map((old, i) => (i === 4 ? pieces(`an age: ${age}`) : old)),
      { rule: '─' },
    ];
    const { terminal, draw, frame } = mount(withAge('2s'), 40, 14);
    await expectSameScreen(terminal, frame(withAge('2s')));
    terminal.written = '';
    draw(withAge('3s'));
    await expectSameScreen(terminal, frame(withAge('3s')));
    expect(terminal.written).toContain('an age: 3s');
    for (const other of ['line 3', 'line 5', '──']) expect(terminal.written).not.toContain(other);
    // Its line is erased once, before it is written: erasing to the end of a
    // line after writing it takes the last character of a line that fills the
    // width on most terminals (not on xterm.js, which this test runs). Nothing
    // else is erased, and the screen is never cleared.
    expect(terminal.written.split('\u001B[2K')).toEqual([expect.any(String), expect.stringMatching(/^an age: 3s/u)]);
    expect(terminal.written).not.toMatch(/\u001B\[2J|\u001B\[3J/u);
  });
});
