// A terminal's screen as an SVG image: every cell of a headless xterm, with its
// character, colours and emphasis, in a grid a browser draws the same anywhere.

/** The 16 colours of the ANSI palette: VS Code's dark terminal theme, which most readers know. */
const ANSI = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#e5e5e5',
];
const BACKGROUND = '#1e1e1e';
const FOREGROUND = '#cccccc';

/** The xterm 256-colour palette: the 16 above, a 6×6×6 cube, then 24 greys. */
function paletteColor(index) {
  if (index < 16) return ANSI[index];
  if (index < 232) {
    const level = (n) => (n === 0 ? 0 : 55 + n * 40);
    const cube = index - 16;
    return hex((level(Math.floor(cube / 36)) << 16) | (level(Math.floor(cube / 6) % 6) << 8) | level(cube % 6));
  }
  const grey = 8 + (index - 232) * 10;
  return hex((grey << 16) | (grey << 8) | grey);
}

const hex = (rgb) => `#${rgb.toString(16).padStart(6, '0')}`;

/**
 * A cell's colours as drawn. Bold text in one of the first eight colours is
 * drawn bright, as xterm does by default.
 */
function colorsOf(cell) {
  const pick = (isDefault, isRgb, value, fallback, bright) => {
    if (isDefault) return fallback;
    if (isRgb) return hex(value);
    return paletteColor(bright && value < 8 ? value + 8 : value);
  };
  const bold = cell.isBold() !== 0;
  let fg = pick(cell.isFgDefault(), cell.isFgRGB(), cell.getFgColor(), FOREGROUND, bold);
  let bg = pick(cell.isBgDefault(), cell.isBgRGB(), cell.getBgColor(), BACKGROUND, false);
  if (cell.isInverse() !== 0) [fg, bg] = [bg, fg];
  return { fg, bg };
}

/** What a run of cells shares: one `<text>` draws it. */
function styleKey(cell) {
  const { fg, bg } = colorsOf(cell);
  return [fg, bg, cell.isBold(), cell.isDim(), cell.isItalic(), cell.isUnderline(), cell.isInvisible()].join(' ');
}

/** XML text: escaped, and any code point XML cannot hold shown as U+FFFD. */
function xmlText(text) {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/gu, '&amp;')
    .replace(/</gu, '&lt;')
    .replace(/>/gu, '&gt;');
}

/** The runs of one screen line: consecutive cells of one style, each cell with its column and width. */
function runsOf(line, cols) {
  const runs = [];
  for (let x = 0; x < cols;) {
    const cell = line.getCell(x);
    const width = Math.max(cell.getWidth(), 1);
    const key = styleKey(cell);
    const last = runs.at(-1);
    const shown = { x, width, chars: cell.getChars() || ' ' };
    if (last && last.key === key) last.cells.push(shown);
    else runs.push({ key, cell, x, cells: [shown] });
    x += width;
  }
  return runs;
}

/**
 * The pieces of a run drawn as text: its words, with single spaces kept inside
 * a piece. A browser drops spaces at the ends of a stretched text and folds
 * runs of them, so a gap of two or more columns starts a new piece.
 */
function piecesOf(run) {
  const pieces = [];
  let piece;
  let gap = 0;
  for (const cell of run.cells) {
    if (cell.chars === ' ') {
      gap += 1;
      continue;
    }
    if (piece && gap < 2) {
      piece.text += ' '.repeat(gap) + cell.chars;
      piece.columns = cell.x + cell.width - piece.x;
    } else {
      piece = { x: cell.x, columns: cell.width, text: cell.chars };
      pieces.push(piece);
    }
    gap = 0;
  }
  return pieces;
}

/**
 * The visible screen of `terminal` (an `@xterm/headless` Terminal) as an SVG
 * document. Each run is stretched to exactly its columns (`textLength`), so
 * the grid stays aligned whatever monospace font the reader has.
 */
export function screenToSvg(terminal, { fontSize = 14, title = 'teamtop' } = {}) {
  const cellWidth = Math.round(fontSize * 0.6 * 100) / 100;
  const cellHeight = Math.round(fontSize * 1.2 * 100) / 100;
  const pad = Math.round(fontSize);
  const { cols, rows } = terminal;
  const width = Math.ceil(cols * cellWidth + 2 * pad);
  const height = Math.ceil(rows * cellHeight + 2 * pad);
  const buffer = terminal.buffer.active;
  const backgrounds = [];
  const texts = [];
  for (let y = 0; y < rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    if (!line) continue;
    const top = pad + y * cellHeight;
    for (const run of runsOf(line, cols)) {
      const { cell } = run;
      const { fg, bg } = colorsOf(cell);
      const columns = run.cells.reduce((sum, shown) => sum + shown.width, 0);
      if (bg !== BACKGROUND) {
        backgrounds.push(
          `<rect x="${round(pad + run.x * cellWidth)}" y="${round(top)}" width="${round(columns * cellWidth)}" height="${round(cellHeight)}" fill="${bg}"/>`,
        );
      }
      if (cell.isInvisible() !== 0) continue;
      const style = [
        `fill="${fg}"`,
        cell.isBold() !== 0 ? 'font-weight="bold"' : '',
        cell.isDim() !== 0 ? 'opacity="0.6"' : '',
        cell.isItalic() !== 0 ? 'font-style="italic"' : '',
        cell.isUnderline() !== 0 ? 'text-decoration="underline"' : '',
      ].filter(Boolean);
      for (const piece of piecesOf(run)) {
        const place = `x="${round(pad + piece.x * cellWidth)}" y="${round(top + fontSize)}" textLength="${round(piece.columns * cellWidth)}"`;
        texts.push(`<text ${place} lengthAdjust="spacingAndGlyphs" ${style.join(' ')}>${xmlText(piece.text)}</text>`);
      }
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xml:space="preserve" role="img" aria-label="${xmlText(title).replace(/"/gu, '&quot;')}">`,
    `<title>${xmlText(title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${BACKGROUND}"/>`,
    ...backgrounds,
    `<g font-family="'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace" font-size="${fontSize}">`,
    ...texts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

const round = (n) => Math.round(n * 100) / 100;
