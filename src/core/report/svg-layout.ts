/** Where things go in the SVG swimlane; units are CSS pixels at its natural width, which the page scales down to MIN_SCALE. */
import stringWidth from 'string-width';
import { maxOf } from '../model/lists.js';
import { sanitizeLine } from '../text/sanitize.js';
import { timeAxis, type Axis } from './axis.js';
import type { RunReport } from './model.js';

/** The names' column fits the longest name (NAME_CHARACTER units a column of the 14 px names), within limits. */
const LABEL_MIN = 160;
const LABEL_MAX = 420;
const LABEL_ROOM = 24;
const NAME_CHARACTER = 8.5;
export const AXIS = 34;
export const LANE = 44;
const LEGEND_ROW = 22;
/** A legend item: its sample, then its label at about this many units a character. */
const LEGEND_SAMPLE = 32;
const LEGEND_CHARACTER = 7.5;
const LEGEND_GAP = 28;
/** The legend wraps within the first screen of a wide drawing. */
const LEGEND_WIDTH = 1100;
export const MARGIN = 16;
/** The narrowest the page draws it, as a share of its natural width: its text stays readable. */
export const MIN_SCALE = 0.8;

/** Drawing units per second of the run: a longer run gets a wider drawing (and a scroll bar), up to a limit. */
const PER_SECOND = 4;
const PLOT_MIN = 760;
const PLOT_MAX = 9600;

export interface SvgLayout {
  readonly axis: Axis;
  readonly width: number;
  readonly height: number;
  readonly plotLeft: number;
  /** The terminal columns of a name the names' column holds: a longer one is cut. */
  readonly nameColumns: number;
  readonly plotRight: number;
  readonly lanesTop: number;
  readonly legendTop: number;
  /** Where each legend item's sample goes, in the order given. */
  readonly legendSpots: readonly { readonly x: number; readonly y: number }[];
  /** The x of an instant, kept within the plot. */
  readonly x: (time: number) => number;
  /** The middle of a member's lane (undefined: no lane). */
  readonly laneMiddle: (name: string) => number | undefined;
}

/** Legend items flowing left to right, a new row before one that would pass `limit`. */
function flow(labels: readonly string[], top: number, limit: number): { x: number; y: number }[] {
  const spots: { x: number; y: number }[] = [];
  let x = MARGIN;
  let y = top;
  for (const label of labels) {
    const width = LEGEND_SAMPLE + label.length * LEGEND_CHARACTER;
    if (x > MARGIN && x + width > limit) {
      x = MARGIN;
      y += LEGEND_ROW;
    }
    spots.push({ x, y });
    x += width + LEGEND_GAP;
  }
  return spots;
}

export function svgLayout(report: RunReport, legendLabels: readonly string[]): SvgLayout {
  const axis = timeAxis(report.startedAt, report.until);
  const plot = Math.min(PLOT_MAX, Math.max(PLOT_MIN, ((axis.end - axis.start) / 1000) * PER_SECOND));
  const longest = maxOf(
    // A name past the widest column is cut anyway: its first characters say how wide it is.
    report.members.map((member) => stringWidth(sanitizeLine(member.name.slice(0, 4 * LABEL_MAX)))),
    0,
  );
  const plotLeft = Math.min(LABEL_MAX, Math.max(LABEL_MIN, LABEL_ROOM + longest * NAME_CHARACTER));
  const nameColumns = Math.floor((plotLeft - LABEL_ROOM) / NAME_CHARACTER);
  const plotRight = plotLeft + plot;
  const width = plotRight + MARGIN;
  const lanesTop = AXIS;
  const lanes = new Map(report.members.map((member, i) => [member.name, i]));
  const legendTop = lanesTop + lanes.size * LANE + MARGIN;
  const legendSpots = flow(legendLabels, legendTop, Math.min(width, LEGEND_WIDTH) - MARGIN);
  const height = (legendSpots[legendSpots.length - 1]?.y ?? legendTop) + LEGEND_ROW + MARGIN;
  return {
    axis,
    width,
    height,
    plotLeft,
    nameColumns,
    plotRight,
    lanesTop,
    legendTop,
    legendSpots,
    x: (time) => plotLeft + Math.min(1, Math.max(0, axis.at(time))) * plot,
    laneMiddle: (name) => {
      const lane = lanes.get(name);
      return lane === undefined ? undefined : lanesTop + lane * LANE + LANE / 2;
    },
  };
}
