/** The swimlane in text, a column per slice of the run: where several things fall in one, the rarest wins (incident, message, work). */
import type { ChalkInstance } from 'chalk';
import stringWidth from 'string-width';
import { timeAxis, type Axis } from './axis.js';
import { memberPaint } from './colors.js';
import { fitColumns, formatDuration, padColumns } from './format.js';
import { maxOf } from '../model/lists.js';
import type { ReportMember, RunReport } from './model.js';

const GLYPHS = { got: '◦', stay: '─', working: '█', idle: '░', sent: '•', incident: '!' } as const;

type Mark = keyof typeof GLYPHS;
/** Mail that came is drawn only where nothing else is: off the roster, where nobody took it. */
const RANK: Readonly<Record<Mark, number>> = { got: 0, stay: 1, idle: 2, working: 2, sent: 3, incident: 4 };

/** The widest a name column gets on a narrow terminal (a wide one gives a quarter of its width); longer names are cut. */
const NAME_COLUMNS = 16;
/** The fewest columns a lane gets, however narrow the terminal. */
const LANE_MIN = 20;

class Lane {
  readonly marks: (Mark | undefined)[];

  constructor(
    readonly columns: number,
    private readonly axis: Axis,
  ) {
    this.marks = Array.from({ length: columns });
  }

  column(time: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor(this.axis.at(time) * this.columns)));
  }

  put(time: number, mark: Mark): void {
    if (!Number.isFinite(time)) return;
    const at = this.column(time);
    const there = this.marks[at];
    if (there === undefined || RANK[mark] >= RANK[there]) this.marks[at] = mark;
  }

  fill(from: number, to: number, mark: Mark): void {
    if (!Number.isFinite(from) || !Number.isFinite(to)) return;
    for (let at = this.column(from); at <= this.column(to); at++) {
      const there = this.marks[at];
      if (there === undefined || RANK[mark] >= RANK[there]) this.marks[at] = mark;
    }
  }
}

function laneOf(report: RunReport, member: ReportMember, columns: number, axis: Axis): Lane {
  const lane = new Lane(columns, axis);
  for (const stay of member.stays) {
    lane.fill(Number.isFinite(stay.joinedAt) ? stay.joinedAt : axis.start, Number.isFinite(stay.leftAt) ? stay.leftAt : axis.end, 'stay');
  }
  // Each span ends where the next begins: it is drawn up to the column before.
  for (const span of member.activity) lane.fill(span.from, Math.max(span.from, span.to - 1), span.state);
  for (const message of report.messages) {
    if (message.from === member.name) lane.put(message.at, 'sent');
    else if (message.to === member.name) lane.put(message.at, 'got');
  }
  for (const incident of report.incidents) if (incident.members[0] === member.name) lane.put(incident.raisedAt, 'incident');
  return lane;
}

function drawLane(lane: Lane, paint: ChalkInstance, color: ChalkInstance): string {
  let line = '';
  for (const mark of lane.marks) {
    if (mark === undefined) line += ' ';
    else if (mark === 'incident') line += paint.red.bold(GLYPHS.incident);
    else if (mark === 'idle' || mark === 'stay' || mark === 'got') line += paint.dim(color(GLYPHS[mark]));
    else line += color(GLYPHS[mark]);
  }
  return line;
}

/** Labels at round instants, each where its instant falls, none over another. */
function ruler(axis: Axis, columns: number): string {
  const ticks = axis.ticks(Math.max(1, Math.floor(columns / 12)));
  let line = '';
  for (const tick of ticks) {
    const at = Math.floor(axis.at(tick) * columns);
    const label = `╵${axis.label(tick, ticks)}`;
    if (at < line.length + (line === '' ? 0 : 1) || at + stringWidth(label) > columns) continue;
    line = line.padEnd(at) + label;
  }
  return line;
}

/** The columns a name gets: the widest name's, within limits (a quarter of the width, at least NAME_COLUMNS). */
export const nameColumns = (names: readonly string[], width: number): number => {
  const most = Math.max(NAME_COLUMNS, Math.floor(width / 4));
  return Math.min(
    most,
    maxOf(
      names.map((name) => stringWidth(fitColumns(name, most))),
      4,
    ),
  );
};

/** The swimlane's lines in `width` columns, with its legend. */
export function textSwimlane(report: RunReport, width: number, paint: ChalkInstance): string[] {
  const axis = timeAxis(report.startedAt, report.until);
  const names = nameColumns(
    report.members.map((member) => member.name),
    width,
  );
  const columns = Math.max(LANE_MIN, width - names - 3);
  const lines = [`  ${' '.repeat(names)} ${ruler(axis, columns)}`];
  for (const member of report.members) {
    const color = memberPaint(paint, member.color);
    const lane = laneOf(report, member, columns, axis);
    lines.push(`  ${color(padColumns(member.name, names))} ${drawLane(lane, paint, color)}`);
  }
  const legend = [
    `${GLYPHS.working} working`,
    `${GLYPHS.idle} idle`,
    `${GLYPHS.stay} on the roster (the lead: activity not known)`,
    `${GLYPHS.sent} sent a message`,
    `${GLYPHS.got} got one while off the roster`,
    `${paint.red.bold(GLYPHS.incident)} incident raised`,
    `one column ${formatDuration((axis.end - axis.start) / columns)}`,
  ];
  for (const line of folded(legend, columns)) lines.push(`  ${' '.repeat(names)} ${line}`);
  return lines;
}

/** Items joined with ` · `, a new line before one that would pass `columns`. */
function folded(items: readonly string[], columns: number): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines[lines.length - 1];
    if (last !== undefined && stringWidth(last) + 3 + stringWidth(item) <= columns) lines[lines.length - 1] = `${last} · ${item}`;
    else lines.push(item);
  }
  return lines;
}
