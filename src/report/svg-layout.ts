/**
 * Where things go in the SVG swimlane: lanes stacked under a time axis, a
 * legend below. Drawing units are CSS pixels at the drawing's natural width;
 * the page scales it to the window, no narrower than MIN_SCALE of that.
 */
import { timeAxis, type Axis } from './axis.js';
import type { RunReport } from './model.js';

export const LABEL = 160;
export const AXIS = 34;
export const LANE = 44;
export const LEGEND_ROW = 22;
export const LEGEND_ITEM = 190;
export const MARGIN = 16;
/** The narrowest the page draws it, as a share of its natural width: its text stays readable. */
export const MIN_SCALE = 0.7;

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
  /** Legend items per row. */
  readonly legendColumns: number;
  /** The x of an instant, kept within the plot. */
  readonly x: (time: number) => number;
  /** The middle of a member's lane (undefined: no lane). */
  readonly laneMiddle: (name: string) => number | undefined;
}

export function svgLayout(report: RunReport, legendItems: number): SvgLayout {
  const axis = timeAxis(report.startedAt, report.until);
  const plot = Math.min(PLOT_MAX, Math.max(PLOT_MIN, ((axis.end - axis.start) / 1000) * PER_SECOND));
  const plotLeft = LABEL;
  const plotRight = LABEL + plot;
  const width = plotRight + MARGIN;
  const lanesTop = AXIS;
  const lanes = new Map(report.members.map((member, i) => [member.name, i]));
  const legendTop = lanesTop + lanes.size * LANE + MARGIN;
  const legendColumns = Math.max(1, Math.floor((width - MARGIN) / LEGEND_ITEM));
  const height = legendTop + Math.ceil(legendItems / legendColumns) * LEGEND_ROW + MARGIN;
  return {
    axis,
    width,
    height,
    plotLeft,
    plotRight,
    lanesTop,
    legendTop,
    legendColumns,
    x: (time) => plotLeft + Math.min(1, Math.max(0, axis.at(time))) * plot,
    laneMiddle: (name) => {
      const lane = lanes.get(name);
      return lane === undefined ? undefined : lanesTop + lane * LANE + LANE / 2;
    },
  };
}
