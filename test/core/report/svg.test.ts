/**
 * The SVG swimlane, rendered by resvg (a renderer inside an npm package, no
 * browser): the legend's marks, the lanes' spans and the incidents' red are
 * read off the pixels where the layout puts them. A hostile name is text in
 * the drawing, never markup.
 */
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { memberCss } from '../../../src/core/report/colors.js';
import type { RunReport } from '../../../src/core/report/model.js';
import { LANE } from '../../../src/core/report/svg-layout.js';
import { INK, LEGEND, layoutOf, reportSvg } from '../../../src/core/report/svg.js';
import { at, report } from '../../helpers/report-run.js';

type Rgb = readonly [number, number, number];

/** The drawing's pixels, one drawing unit to a pixel. */
function render(svg: string) {
  const image = new Resvg(svg, { background: '#ffffff' }).render();
  const { pixels, width } = image;
  return {
    width: image.width,
    height: image.height,
    at(x: number, y: number): Rgb {
      const i = (Math.round(y) * width + Math.round(x)) * 4;
      return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    },
  };
}

const rgb = (css: string): Rgb => [1, 3, 5].map((i) => parseInt(css.slice(i, i + 2), 16)) as unknown as Rgb;
/** `color` at `opacity` over white. */
const over = (css: string, opacity: number): Rgb => rgb(css).map((c) => Math.round(c * opacity + 255 * (1 - opacity))) as unknown as Rgb;
const close = (actual: Rgb, expected: Rgb): boolean => actual.every((c, k) => Math.abs(c - expected[k]!) <= 3);
const near = (actual: Rgb, expected: Rgb) => expect(close(actual, expected), `${actual.join()} ≈ ${expected.join()}`).toBe(true);

const legendSwatches: Readonly<Record<(typeof LEGEND)[number]['mark'], Rgb | undefined>> = {
  working: rgb(INK.arrow),
  idle: rgb(INK.idle),
  stay: over(INK.arrow, 0.4),
  message: rgb(INK.arrow),
  protocol: undefined,
  request: rgb(INK.request),
  incident: rgb(INK.incident),
};

function drawn(built: RunReport) {
  const layout = layoutOf(built);
  return { layout, image: render(reportSvg(built)) };
}

describe('the SVG swimlane', () => {
  it('is as large as its layout says', () => {
    const { layout, image } = drawn(report(true));
    expect([image.width, image.height]).toEqual([Math.round(layout.width), Math.round(layout.height)]);
  });

  it('draws its legend: each mark in its colour where the legend puts it', () => {
    const { layout, image } = drawn(report(true));
    LEGEND.forEach(({ mark }, i) => {
      const expected = legendSwatches[mark];
      if (!expected) return;
      const { x, y } = layout.legendSpots[i]!;
      // The middle of the sample (a message's line is at its middle height too).
      near(image.at(x + (mark === 'incident' ? 12 : 8), y + 5), expected);
    });
  });

  it("draws each member's working and idle spans in its lane, at their time", () => {
    const { layout, image } = drawn(report(true));
    const bob = layout.laneMiddle('bob')!;
    const alice = layout.laneMiddle('alice')!;
    near(image.at(layout.x(at(2.6)), bob), rgb(memberCss('blue')));
    near(image.at(layout.x(at(5.5)), bob), rgb(INK.idle));
    near(image.at(layout.x(at(10.5)), bob), rgb(memberCss('blue')));
    near(image.at(layout.x(at(2)), alice), rgb(memberCss('green')));
    near(image.at(layout.x(at(15)), alice), rgb(INK.idle));
    // Before bob joined, and after he left: his lane's background.
    near(image.at(layout.x(at(0.5)), bob), rgb('#ffffff'));
    near(image.at(layout.x(at(16)), bob), rgb('#ffffff'));
  });

  it('marks a request in the asked member’s lane until it was answered, and an incident in red at its time', () => {
    const { layout, image } = drawn(report(true));
    const bob = layout.laneMiddle('bob')!;
    // The shutdown request to bob, from 9 s to its answer at 10 s, under his lane's middle.
    near(image.at(layout.x(at(9.5)), bob + 12), rgb(INK.request));
    near(image.at(layout.x(at(10.5)), bob + 12), rgb('#ffffff'));
    // to-departed, raised at 17 s (the mail of 12 s, once the client had 5 s to settle): a red line down bob's lane, and a band until the end (it stands).
    near(image.at(layout.x(at(17)), bob + LANE / 2 - 6), rgb(INK.incident));
    near(image.at(layout.x(at(18)), bob - LANE / 2 + 4), over(INK.incident, 0.5));
  });

  it('draws a message as an arrow from its sender’s lane to its recipient’s', () => {
    const { layout, image } = drawn(report(true));
    const lead = layout.laneMiddle('team-lead')!;
    const bob = layout.laneMiddle('bob')!;
    // bob's "done" at 8 s: a line in bob's blue between the two lanes (antialiased: some pixel of it in full).
    const x = layout.x(at(8));
    const y = (lead + bob) / 2;
    expect([-1, 0, 1].some((dx) => close(image.at(x + dx, y), rgb(memberCss('blue'))))).toBe(true);
    expect(close(image.at(x + 4, y), rgb('#ffffff')) || close(image.at(x + 4, y), rgb('#f8fafc'))).toBe(true);
  });

  it('names each lane in full when its name fits a column wide enough for it, and cuts only a name past that', () => {
    // Cut at 16 columns (`unit-testing-re…`) on a 1,400 px page with room to spare (issue 38).
    const long = 'unit-testing-researcher';
    const built = report(true, undefined, { bob: long });
    expect(reportSvg(built)).toContain(`>${long}</text>`);
    const layout = layoutOf(built);
    expect(layout.nameColumns).toBeGreaterThanOrEqual(long.length);
    // 14 px semibold letters are under 8.5 units wide on average: the name ends left of the lanes.
    expect(layout.plotLeft).toBeGreaterThanOrEqual(10 + long.length * 8.5);
    // A short name keeps the narrow column; a name past the widest column is cut.
    expect(layoutOf(report(true)).plotLeft).toBe(160);
    expect(reportSvg(report(true, undefined, { bob: 'x'.repeat(200) }))).toContain(`>${'x'.repeat(45)}…</text>`);
  });

  it('keeps a hostile name as text: the drawing still parses, with no markup of the name’s', () => {
    const hostile = 'bob</text><script>alert(1)</script><text>"\'&\u202E\u0007';
    const svg = reportSvg(report(true, undefined, { bob: hostile }));
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e]/u);
    expect(svg).toContain('bob&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // resvg refuses a drawing that is not well-formed XML.
    expect(() => render(svg)).not.toThrow();
  });
});
