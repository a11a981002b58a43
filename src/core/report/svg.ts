/** The swimlane as SVG: lanes, spans, message arrows, request bars, incident marks, a legend; every mark has a <title> for hover. */
import { formatClock } from '../model/time.js';
import { memberCss } from './colors.js';
import { fitColumns, formatDuration } from './format.js';
import type { ReportHandshake, ReportMember, ReportMessage, RunReport } from './model.js';
import { AXIS, LANE, MARGIN, svgLayout, type SvgLayout } from './svg-layout.js';
import { n, title, xmlText } from './xml.js';

export const INK = {
  idle: '#cbd5e1',
  request: '#f59e0b',
  incident: '#dc2626',
  grid: '#e2e8f0',
  text: '#1e293b',
  arrow: '#334155',
} as const;

/**
 * The one style block, the same for every drawing, so a strict page (`teamtop serve`) allows it by its hash. Text inherits the
 * <svg>'s colour, so a lane's name coloured by its own `fill` attribute keeps it.
 */
export const SVG_STYLE = `.swimlane{fill:${INK.text}}text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}.name{font-size:14px;font-weight:600}.tick{font-size:12px;fill:#475569}.legend{font-size:13px}.again{font-size:10px;opacity:0.7}`;

/** How far apart a wide drawing names its lanes again. */
const NAME_AGAIN = 1000;

/** The legend, in its order: what each mark means. */
export const LEGEND = [
  { mark: 'working', label: 'working' },
  { mark: 'idle', label: 'idle' },
  { mark: 'stay', label: 'on the roster' },
  { mark: 'message', label: 'message (arrow to recipient)' },
  { mark: 'protocol', label: 'protocol message' },
  { mark: 'request', label: 'request, until answered' },
  { mark: 'incident', label: 'incident (red)' },
] as const;

type Mark = (typeof LEGEND)[number]['mark'];

const clock = (time: number): string => formatClock(time);
const span = (from: number, to: number): string => `${clock(from)}–${clock(to)} (${formatDuration(to - from)})`;

const rect = (x: number, y: number, w: number, h: number, fill: string, hover: string, extra = ''): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(w, 1))}" height="${n(h)}" fill="${fill}"${extra}>${title(hover)}</rect>`;

/** A lane's background and its member's name. */
function laneBackground(member: ReportMember, index: number, layout: SvgLayout): string {
  const top = AXIS + index * LANE;
  const role = member.isLead ? 'lead' : member.agentType;
  const facts = `${member.name} · ${role} · ${member.status} · sent ${member.sent}, got ${member.received}`;
  const name = xmlText(fitColumns(member.name, layout.nameColumns));
  // A presentation attribute, not a style attribute: a page whose policy forbids inline styles (`teamtop serve`) draws it too.
  const style = `fill="${memberCss(member.color)}"`;
  // A drawing wider than a screen says whose lane it is again along the way: the names at its left scroll away.
  const again: string[] = [];
  for (let x = layout.plotLeft + NAME_AGAIN; x < layout.plotRight - NAME_AGAIN / 2; x += NAME_AGAIN)
    again.push(`<text class="again" x="${n(x)}" y="${n(top + 12)}" ${style}>${name}</text>`);
  return (
    `<rect x="0" y="${n(top)}" width="${n(layout.width)}" height="${LANE}" fill="${index % 2 === 0 ? '#f8fafc' : '#ffffff'}"/>` +
    `<text class="name" x="${n(layout.plotLeft - 10)}" y="${n(top + LANE / 2 + 5)}" text-anchor="end" ${style}>${title(facts)}${name}</text>` +
    again.join('')
  );
}

/** Its stays on the roster, and its working and idle spans over them. */
function laneSpans(member: ReportMember, layout: SvgLayout, report: RunReport): string {
  const middle = layout.laneMiddle(member.name)!;
  const color = memberCss(member.color);
  const { x } = layout;
  const parts: string[] = [];
  for (const stay of member.stays) {
    const from = Number.isFinite(stay.joinedAt) ? stay.joinedAt : layout.axis.start;
    const to = Number.isFinite(stay.leftAt) ? stay.leftAt : report.until;
    parts.push(rect(x(from), middle - 2, x(to) - x(from), 4, color, `${member.name} on the roster ${span(from, to)}`, ' opacity="0.4"'));
  }
  for (const activity of member.activity) {
    const height = activity.state === 'working' ? 14 : 8;
    const fill = activity.state === 'working' ? color : INK.idle;
    const hover = `${member.name} ${activity.state} ${span(activity.from, activity.to)}`;
    parts.push(rect(x(activity.from), middle - height / 2, x(activity.to) - x(activity.from), height, fill, hover));
  }
  return parts.join('');
}

function requestBar(handshake: ReportHandshake, layout: SvgLayout, report: RunReport): string {
  const middle = layout.laneMiddle(handshake.to);
  if (middle === undefined || !Number.isFinite(handshake.requestedAt)) return '';
  const answered = handshake.answers[0];
  const end = answered && Number.isFinite(answered.at) ? answered.at : report.until;
  const how = answered ? `${answered.state} after ${formatDuration(handshake.waitedMs)}` : `${handshake.state}, never answered`;
  const hover = `${handshake.kind} request ${handshake.from} → ${handshake.to} at ${clock(handshake.requestedAt)}: ${how}${handshake.fact ? ` · ${handshake.fact}` : ''}`;
  const x = layout.x(handshake.requestedAt);
  return rect(x, middle + 10, layout.x(end) - x, 4, INK.request, hover, answered ? '' : ' opacity="0.6"');
}

function arrow(message: ReportMessage, layout: SvgLayout, colors: ReadonlyMap<string, string>): string {
  if (!Number.isFinite(message.at)) return '';
  const x = n(layout.x(message.at));
  const to = layout.laneMiddle(message.to);
  const from = layout.laneMiddle(message.from);
  const hover = title(`${clock(message.at)} ${message.from} → ${message.to} · ${message.kind}: ${message.text}`);
  const stroke = colors.get(message.from) ?? INK.arrow;
  if (to === undefined) return '';
  if (from === to) return `<circle cx="${x}" cy="${n(to)}" r="3" fill="#fff" stroke="${stroke}" stroke-width="1.5">${hover}</circle>`;
  // From outside every lane (a sender no file names as a member): a stub from above.
  const start = from ?? to - LANE / 2;
  const end = to + (start < to ? -9 : 9);
  const dash = message.protocol ? ' stroke-dasharray="4 3"' : '';
  return (
    `<g class="message">${hover}<line x1="${x}" y1="${n(start)}" x2="${x}" y2="${n(end)}" stroke="${stroke}" stroke-width="2"${dash} marker-end="url(#arrow)"/>` +
    `<line x1="${x}" y1="${n(start)}" x2="${x}" y2="${n(end)}" stroke="transparent" stroke-width="8"/></g>`
  );
}

function incidentMarks(report: RunReport, layout: SvgLayout): string {
  return report.incidents
    .map((incident) => {
      const middle = layout.laneMiddle(incident.members[0] ?? '');
      if (middle === undefined || !Number.isFinite(incident.raisedAt)) return '';
      const top = middle - LANE / 2;
      const x = layout.x(incident.raisedAt);
      const until = layout.x(incident.clearedAt ?? report.until);
      const state = incident.clearedAt === null ? 'standing' : `cleared ${clock(incident.clearedAt)}`;
      const hover = title(`${incident.severity} ${incident.kind} at ${clock(incident.raisedAt)} (${state}): ${incident.summary}`);
      return (
        `<g class="incident">${hover}<rect x="${n(x)}" y="${n(top + 2)}" width="${n(Math.max(until - x, 1))}" height="4" fill="${INK.incident}" opacity="0.5"/>` +
        `<line x1="${n(x)}" y1="${n(top + 2)}" x2="${n(x)}" y2="${n(top + LANE - 2)}" stroke="${INK.incident}" stroke-width="3"/>` +
        `<path d="M${n(x - 6)},${n(top + 2)} h12 l-6,9 z" fill="${INK.incident}"/></g>`
      );
    })
    .join('');
}

function axisMarks(layout: SvgLayout): string {
  const { axis } = layout;
  const ticks = axis.ticks(Math.max(1, Math.floor((layout.plotRight - layout.plotLeft) / 110)));
  return ticks
    .map((tick) => {
      const x = n(layout.x(tick));
      // A label at the right edge ends there rather than past it.
      const anchor = layout.plotRight - layout.x(tick) < 30 ? 'end' : 'middle';
      return (
        `<line x1="${x}" y1="${AXIS - 6}" x2="${x}" y2="${n(layout.legendTop - MARGIN)}" stroke="${INK.grid}"/>` +
        `<text class="tick" x="${x}" y="${AXIS - 10}" text-anchor="${anchor}">${xmlText(axis.label(tick, ticks))}</text>`
      );
    })
    .join('');
}

/** A legend item's sample, drawn in a 24 × 10 box at (x, y). */
function sample(mark: Mark, x: number, y: number): string {
  switch (mark) {
    case 'working':
      return `<rect x="${x}" y="${y - 2}" width="24" height="14" fill="${INK.arrow}"/>`;
    case 'idle':
      return `<rect x="${x}" y="${y + 1}" width="24" height="8" fill="${INK.idle}"/>`;
    case 'stay':
      return `<rect x="${x}" y="${y + 3}" width="24" height="4" fill="${INK.arrow}" opacity="0.4"/>`;
    case 'message':
    case 'protocol':
      return `<line x1="${x}" y1="${y + 5}" x2="${x + 20}" y2="${y + 5}" stroke="${INK.arrow}" stroke-width="2"${mark === 'protocol' ? ' stroke-dasharray="4 3"' : ''} marker-end="url(#arrow)"/>`;
    case 'request':
      return `<rect x="${x}" y="${y + 3}" width="24" height="4" fill="${INK.request}"/>`;
    case 'incident':
      return `<rect x="${x + 9}" y="${y - 3}" width="6" height="16" fill="${INK.incident}"/>`;
  }
}

/** The layout of a report's drawing, its legend included. */
export const layoutOf = (report: RunReport): SvgLayout =>
  svgLayout(
    report,
    LEGEND.map((item) => item.label),
  );

function legend(layout: SvgLayout): string {
  return LEGEND.map(({ mark, label }, i) => {
    const { x, y } = layout.legendSpots[i]!;
    return `${sample(mark, x, y)}<text class="legend" x="${x + 32}" y="${y + 9}">${xmlText(label)}</text>`;
  }).join('');
}

/** The swimlane as one <svg> element, to stand alone or inside the page. */
export function reportSvg(report: RunReport): string {
  const layout = layoutOf(report);
  const colors = new Map(report.members.map((member) => [member.name, memberCss(member.color)]));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="swimlane" viewBox="0 0 ${n(layout.width)} ${n(layout.height)}" width="${n(layout.width)}" height="${n(layout.height)}" role="img" aria-label="${xmlText(`the run of ${report.team}, a lane per member`)}">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${INK.arrow}"/></marker></defs>`,
    `<style>${SVG_STYLE}</style>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...report.members.map((member, i) => laneBackground(member, i, layout)),
    axisMarks(layout),
    ...report.members.map((member) => laneSpans(member, layout, report)),
    ...report.handshakes.map((handshake) => requestBar(handshake, layout, report)),
    ...report.messages.map((message) => arrow(message, layout, colors)),
    incidentMarks(report, layout),
    legend(layout),
    '</svg>',
  ].join('\n');
}
