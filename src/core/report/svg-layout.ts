/** Where things go in the SVG swimlane; units are CSS pixels at its natural width, which the page scales down to MIN_SCALE. */
import { timeAxis, type Axis } from './axis.js';
import type { RunReport } from './model.js';

const LABEL = 160;
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
  const plotLeft = LABEL;
  const plotRight = LABEL + plot;
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
