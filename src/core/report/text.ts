/** The report in a terminal: every name and text from disk goes through sanitizeLine (fitColumns); colour only if chalk has it. */
import type { ChalkInstance } from 'chalk';
import { idleNote } from '../judge/index.js';
import stringWidth from 'string-width';
import { append, maxOf } from '../model/lists.js';
import { wrapBlock } from '../text/fit.js';
import { sanitizeLine } from '../text/sanitize.js';
import { formatClock, isInstant } from '../model/time.js';
import { timeIn } from './activity.js';
import { memberPaint } from './colors.js';
import { fitColumns, formatDuration, formatInstant, formatSpan, formatUsage, padColumns } from './format.js';
import { durationOf, type ReportMember, type RunReport } from './model.js';
import { nameColumns, textSwimlane } from './text-lanes.js';

/** A row's free text (a subject, a summary) gets what the row leaves, but never less than this. */
const TEXT_MIN = 24;

/** `lead`, then `text` wrapped to `width` under where it began: a report is pasted, so nothing is cut. */
function row(lead: string, text: string, width: number, indent = stringWidth(lead)): string[] {
  const [first = '', ...rest] = wrapBlock(sanitizeLine(text), Math.max(TEXT_MIN, width - indent)).map((line) => line.trimEnd());
  return [`${lead}${first}`, ...rest.map((line) => `${' '.repeat(indent)}${line}`)];
}

const clock = (time: number): string => (isInstant(time) ? formatClock(time) : '--:--:--');

function staysLine(member: ReportMember): string {
  if (member.stays.length === 0) return 'on no roster';
  return member.stays.map((stay) => `${clock(stay.joinedAt)}–${Number.isFinite(stay.leftAt) ? clock(stay.leftAt) : 'end'}`).join(', ');
}

function heading(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const state = report.endedAt === null ? 'running' : 'ended';
  const lines = [`${paint.bold(`teamtop report · ${fitColumns(report.team, width - 30)}`)} (${state})`];
  if (report.description) append(lines, row('  ', report.description, width));
  const end = report.endedAt === null ? `still running at ${formatInstant(report.until)}` : formatInstant(report.endedAt);
  const ran = `ran ${formatInstant(report.startedAt)} → ${end} (${formatSpan(durationOf(report))})`;
  append(lines, row('  ', `${ran}${report.usage ? ` · ${formatUsage(report.usage)}` : ''}`, width));
  if (report.idle) append(lines, row(`  ${paint.yellow('⚠')} `, idleNote(report.idle), width));
  return lines;
}

function membersSection(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const lines = [paint.bold(`Members (${report.members.length})`)];
  const names = nameColumns(
    report.members.map((member) => member.name),
    width,
  );
  for (const member of report.members) {
    const role = member.isLead ? 'lead' : member.agentType;
    const busy =
      member.activity.length > 0
        ? ` · working ${formatDuration(timeIn(member.activity, 'working'))}, idle ${formatDuration(timeIn(member.activity, 'idle'))}`
        : '';
    const usage = member.usage ? ` · ${formatUsage(member.usage)}` : '';
    const facts = `${role} · ${staysLine(member)}${busy} · sent ${member.sent}, got ${member.received} · ${member.status}${usage}`;
    append(lines, row(`  ${memberPaint(paint, member.color)(padColumns(member.name, names))} `, facts, width));
  }
  return lines;
}

function mailSection(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const lines = [paint.bold(`Messages (${report.messages.length}) by pair`)];
  if (report.pairs.length === 0) lines.push('  none');
  const names = nameColumns(
    report.pairs.flatMap((pair) => [pair.from, pair.to]),
    width,
  );
  const counts = maxOf(
    report.pairs.map((pair) => String(pair.count).length),
    1,
  );
  for (const pair of report.pairs) {
    const kinds = pair.kinds.map((kind) => `${kind.count} ${kind.kind}`).join(', ');
    const split = `${pair.plain} plain${pair.protocol > 0 ? `, ${pair.protocol} protocol: ${kinds}` : ''}`;
    const who = `${padColumns(pair.from, names)} → ${padColumns(pair.to, names)}`;
    append(lines, row(`  ${who} ${String(pair.count).padStart(counts)}  `, split, width));
  }
  return lines;
}

function handshakesSection(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const lines = [paint.bold(`Handshakes (${report.handshakes.length})`)];
  if (report.handshakes.length === 0) lines.push('  none');
  for (const handshake of report.handshakes) {
    const waited =
      handshake.waitedMs !== null
        ? `${handshake.answers[0]!.state} after ${formatDuration(handshake.waitedMs)}`
        : `${handshake.state}${isInstant(handshake.requestedAt) ? `, waited ${formatSpan(report.until - handshake.requestedAt)}` : ''}`;
    const more = handshake.answers.length > 1 ? ` (answered ${handshake.answers.length} times)` : '';
    const said = `${clock(handshake.requestedAt)} ${handshake.kind} ${handshake.from} → ${handshake.to}: ${waited}${more}${handshake.fact ? ` · ${handshake.fact}` : ''}`;
    append(lines, row('  ', said, width, 11));
  }
  return lines;
}

function tasksSection(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const { done, left, dropped } = report.tasks;
  const lines = [paint.bold(`Tasks (${done.length} done, ${left.length} left${dropped.length > 0 ? `, ${dropped.length} dropped` : ''})`)];
  const rows = [
    ...done.map((task) => ({ task, mark: paint.green('✓') })),
    ...left.map((task) => ({ task, mark: paint.yellow('·') })),
    ...dropped.map((task) => ({ task, mark: paint.dim('✗') })),
  ];
  if (rows.length === 0) lines.push('  none');
  for (const { task, mark } of rows) {
    append(lines, row(`  ${mark} `, `#${task.id} ${task.subject} · ${task.owner ?? 'nobody'} · ${task.status}`, width));
  }
  return lines;
}

function incidentsSection(report: RunReport, paint: ChalkInstance, width: number): string[] {
  const lines = [paint.bold(`Incidents (${report.incidents.length})`)];
  if (report.incidents.length === 0) lines.push(`  ${paint.green('✓')} none`);
  for (const incident of report.incidents) {
    const mark = incident.severity === 'warning' ? paint.yellow.bold('⚠') : paint.cyan('ℹ');
    const cleared =
      incident.clearedAt === null ? 'standing' : `cleared ${clock(incident.clearedAt)}${incident.cleared ? ` (${incident.cleared})` : ''}`;
    const raised = `  ${mark} ${clock(incident.raisedAt)} ${paint.bold(incident.kind)} · `;
    append(lines, row(raised, `${incident.members.join(', ')} · ${cleared}`, width));
    append(lines, row('    ', incident.summary, width));
    append(lines, row('    → ', incident.action, width));
  }
  return lines;
}

/** The whole report in `width` columns. */
export function reportText(report: RunReport, width: number, paint: ChalkInstance): string {
  const sections = [
    heading(report, paint, width),
    [paint.bold('Swimlane'), ...textSwimlane(report, width, paint)],
    membersSection(report, paint, width),
    mailSection(report, paint, width),
    handshakesSection(report, paint, width),
    tasksSection(report, paint, width),
    incidentsSection(report, paint, width),
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
