/**
 * The README's picture is drawn from a terminal's cells (scripts/screen-svg.mjs)
 * and is of the real dashboard (scripts/screenshot.mjs wrote it from the demo).
 */
import xterm from '@xterm/headless';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenToSvg } from '../../scripts/screen-svg.mjs';

async function terminalShowing(output: string, cols = 40, rows = 3): Promise<InstanceType<typeof xterm.Terminal>> {
  const terminal = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(output, resolve));
  return terminal;
}

describe('a screen as SVG', () => {
  it('draws each run of cells in its colours and emphasis, stretched to its columns', async () => {
    const svg = screenToSvg(await terminalShowing('\x1b[1;34mbold blue\x1b[0m plain \x1b[38;2;255;135;0morange\x1b[0m'), { fontSize: 10 });
    // Bold in one of the first eight colours is drawn bright, as xterm does; a cell is 0.6 em wide.
    expect(svg).toContain(
      '<text x="10" y="20" textLength="54" lengthAdjust="spacingAndGlyphs" fill="#3b8eea" font-weight="bold">bold blue</text>',
    );
    expect(svg).toContain('fill="#cccccc">plain</text>');
    expect(svg).toContain('fill="#ff8700">orange</text>');
  });

  it('draws inverse cells on their foreground colour, and palette colours past 16', async () => {
    const svg = screenToSvg(await terminalShowing('\x1b[7mfocus\x1b[0m \x1b[38;5;208mx\x1b[38;5;245my'), { fontSize: 10 });
    expect(svg).toMatch(/<rect x="10" y="10" width="30" height="12" fill="#cccccc"\/>/u);
    expect(svg).toContain('fill="#1e1e1e">focus</text>');
    expect(svg).toContain('fill="#ff8700">x</text>');
    expect(svg).toContain('fill="#8a8a8a">y</text>');
  });

  it('keeps the document well formed whatever the cells hold', async () => {
    // U+FFFF is a character to a terminal and none to XML.
    const svg = screenToSvg(await terminalShowing('a <b> & "c" \uffff'), { title: 'x & <y>' });
    expect(svg).toContain('a &lt;b&gt; &amp; "c" \ufffd');
    expect(svg).toContain('<title>x &amp; &lt;y&gt;</title>');
    expect(svg).not.toContain('\uffff');
  });
});

describe("the README's screenshot", () => {
  it('is the dashboard, drawn from the demo with its panes and lists', () => {
    const svg = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'screenshot.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const drawn = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/gu)].map((match) => match[1]).join('');
    for (const part of ['teamtop', 'v2-release', '★ team-lead', 'architect', 'Diagnoses', 'Handshakes', 'Tasks', 'quit'])
      expect(drawn).toContain(part);
  });
});
