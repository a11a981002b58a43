/**
 * The report as one HTML page: self-contained (no script, nothing to fetch),
 * names from disk as text, and read by a real browser (Debian's chromium,
 * headless) at a wide and a narrow window: the swimlane's colours are on the
 * screen, and the browser finds no element a name could have made.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberCss } from '../../../src/core/report/colors.js';
import { reportHtml } from '../../../src/core/report/html.js';
import type { RunReport } from '../../../src/core/report/model.js';
import { INK } from '../../../src/core/report/svg.js';
import { parsedPage, screenshot, type Screenshot } from '../../helpers/chromium.js';
import { tempDir } from '../../helpers/fixtures.js';
import { report } from '../../helpers/report-run.js';

const HOSTILE = 'bob</text></svg><script>document.title="pwned"</script><img src=x onerror=alert(1)>"\'&\u202E\u001b[2J';

function page(built: RunReport): string {
  const path = join(tempDir(), 'report.html');
  writeFileSync(path, reportHtml(built, 'teamtop test'));
  return path;
}

/** How many pixels of the screenshot are `css` (to within antialiasing). */
function count(shot: Screenshot, css: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16));
  let found = 0;
  for (let y = 0; y < shot.height; y++)
    for (let x = 0; x < shot.width; x++) {
      const [pr, pg, pb] = shot.at(x, y);
      if (Math.abs(pr - r!) <= 4 && Math.abs(pg - g!) <= 4 && Math.abs(pb - b!) <= 4) found++;
    }
  return found;
}

describe('the HTML report', () => {
  it('needs no network and no script: inline styles and SVG, and a policy that loads nothing', () => {
    const html = reportHtml(report(true), 'teamtop test');
    expect(html).toMatch(/^<!doctype html>/u);
    expect(html).not.toMatch(/<script|<link|<iframe|<object|@import|\bsrc=|\bhref=|url\((?!#arrow\))/iu);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/u);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="swimlane"');
    expect(html).toContain('@media print');
  });

  it('keeps a hostile name as text: escaped in the markup, and no element of its own in the page a browser reads', () => {
    const path = page(report(true, undefined, { bob: HOSTILE }));
    const html = reportHtml(report(true, undefined, { bob: HOSTILE }), 'teamtop test');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e]/u);
    const dom = parsedPage(path);
    expect(dom).not.toMatch(/<script|<img/iu);
    expect(dom).toContain('bob&lt;/text&gt;&lt;/svg&gt;&lt;script&gt;document.title="pwned"&lt;/script&gt;');
    expect(dom).toContain('<title>teamtop report · team</title>');
  });

  it('shows the swimlane in a browser: every mark in its colour', { timeout: 60_000 }, () => {
    const built = report(true);
    const shot = screenshot(page(built), join(tempDir(), 'wide.png'), 1200, 900);
    expect([shot.width, shot.height]).toEqual([1200, 900]);
    // The same run with no incident and no request: what the marks add is theirs.
    const bare = screenshot(page({ ...built, incidents: [], handshakes: [] }), join(tempDir(), 'bare.png'), 1200, 900);
    // bob works in blue and alice in green; the request is amber, the incident red.
    expect(count(shot, memberCss('blue'))).toBeGreaterThan(1000);
    expect(count(shot, memberCss('green'))).toBeGreaterThan(300);
    expect(count(shot, INK.request) - count(bare, INK.request)).toBeGreaterThan(20);
    expect(count(shot, INK.incident) - count(bare, INK.incident)).toBeGreaterThan(20);
  });

  it('fits a narrow window: the drawing scrolls in its own box, and nothing spills past the window', { timeout: 60_000 }, () => {
    const shot = screenshot(page(report(true)), join(tempDir(), 'narrow.png'), 480, 900);
    expect(count(shot, memberCss('blue'))).toBeGreaterThan(500);
    expect(count(shot, memberCss('green'))).toBeGreaterThan(200);
    // Just inside the window's right edge: the page's margin, left of its scroll bar.
    const right = Array.from({ length: 400 }, (_, y) => shot.at(458, 100 + y));
    expect(right.every(([r, g, b]) => r === 255 && g === 255 && b === 255)).toBe(true);
  });
});
