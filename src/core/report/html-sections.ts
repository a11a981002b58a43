/** The report's tables in HTML; every value from disk goes through xmlText. */
import { formatClock, isInstant } from '../model/time.js';
import { timeIn } from './activity.js';
import { memberCss } from './colors.js';
import { formatDuration, formatSpan, formatUsage } from './format.js';
import type { ReportTask, RunReport } from './model.js';
import { xmlText } from './xml.js';

const clock = (time: number | null): string => (time !== null && isInstant(time) ? formatClock(time) : '—');

const cell = (text: string | number, className = ''): string =>
  `<td${className ? ` class="${className}"` : ''}>${xmlText(String(text))}</td>`;

function table(headings: readonly string[], rows: readonly string[], empty: string): string {
  if (rows.length === 0) return `<p class="none">${xmlText(empty)}</p>`;
  const head = headings.map((heading) => `<th scope="col">${xmlText(heading)}</th>`).join('');
  return `<div class="table"><table><thead><tr>${head}</tr></thead><tbody>${rows.map((row) => `<tr>${row}</tr>`).join('')}</tbody></table></div>`;
}

const section = (id: string, heading: string, body: string): string => `<section id="${id}"><h2>${xmlText(heading)}</h2>${body}</section>`;

function members(report: RunReport): string {
  const rows = report.members.map((member) => {
    const stays =
      member.stays.length === 0
        ? 'on no roster'
        : member.stays.map((stay) => `${clock(stay.joinedAt)}–${Number.isFinite(stay.leftAt) ? clock(stay.leftAt) : 'end'}`).join(', ');
    const busy = member.activity.length > 0;
    return [
      `<td class="who"><span class="dot" style="background:${memberCss(member.color)}"></span>${xmlText(member.name)}</td>`,
      cell(member.isLead ? 'lead' : member.agentType),
      cell(member.model ?? '—'),
      cell(stays),
      cell(busy ? formatDuration(timeIn(member.activity, 'working')) : '—', 'num'),
      cell(busy ? formatDuration(timeIn(member.activity, 'idle')) : '—', 'num'),
      cell(member.sent, 'num'),
      cell(member.received, 'num'),
      cell(member.status),
      cell(member.usage ? formatUsage(member.usage) : '—', 'num'),
    ].join('');
  });
  const headings = ['member', 'role', 'model', 'on the roster', 'working', 'idle', 'sent', 'got', 'status at the end', 'tokens and cost'];
  return section('members', `Members (${report.members.length})`, table(headings, rows, 'nobody'));
}

function mail(report: RunReport): string {
  const rows = report.pairs.map((pair) =>
    [
      cell(pair.from),
      cell(pair.to),
      cell(pair.count, 'num'),
      cell(pair.plain, 'num'),
      cell(pair.protocol, 'num'),
      cell(pair.kinds.map((kind) => `${kind.count} ${kind.kind}`).join(', ') || '—'),
    ].join(''),
  );
  return section(
    'mail',
    `Messages (${report.messages.length}) by pair`,
    table(['from', 'to', 'messages', 'plain', 'protocol', 'protocol by type'], rows, 'no messages'),
  );
}

function handshakes(report: RunReport): string {
  const rows = report.handshakes.map((handshake) => {
    const first = handshake.answers[0];
    const answer = first
      ? `${first.state}${handshake.answers.length > 1 ? ` (answered ${handshake.answers.length} times)` : ''}`
      : handshake.state;
    const waited =
      handshake.waitedMs !== null
        ? formatDuration(handshake.waitedMs)
        : isInstant(handshake.requestedAt)
          ? `${formatSpan(report.until - handshake.requestedAt)}, unanswered`
          : '—';
    return [
      cell(clock(handshake.requestedAt), 'time'),
      cell(handshake.kind, 'word'),
      cell(`${handshake.from} → ${handshake.to}`),
      cell(answer, first ? '' : 'open'),
      cell(waited, 'num'),
      cell(handshake.fact || '—'),
    ].join('');
  });
  return section(
    'handshakes',
    `Handshakes (${report.handshakes.length})`,
    table(['asked at', 'kind', 'who asked whom', 'answer', 'waited', 'about'], rows, 'no handshakes'),
  );
}

function tasks(report: RunReport): string {
  const { done, left, dropped } = report.tasks;
  const row = (task: ReportTask, mark: string) =>
    [cell(mark, 'mark'), cell(`#${task.id}`), cell(task.subject), cell(task.owner ?? 'nobody'), cell(task.status)].join('');
  const rows = [...done.map((task) => row(task, '✓')), ...left.map((task) => row(task, '·')), ...dropped.map((task) => row(task, '✗'))];
  const heading = `Tasks (${done.length} done, ${left.length} left${dropped.length > 0 ? `, ${dropped.length} dropped` : ''})`;
  return section('tasks', heading, table(['', 'task', 'subject', 'owner', 'status'], rows, 'no tasks'));
}

function incidents(report: RunReport): string {
  const rows = report.incidents.map((incident) =>
    [
      cell(clock(incident.raisedAt), 'time'),
      cell(incident.severity === 'warning' ? '⚠ warning' : 'ℹ info', incident.severity),
      cell(incident.kind, 'word'),
      cell(incident.members.join(', ')),
      `<td class="text">${xmlText(incident.summary)}<div class="action">→ ${xmlText(incident.action)}</div></td>`,
      cell(incident.clearedAt === null ? 'standing' : `${clock(incident.clearedAt)}${incident.cleared ? ` (${incident.cleared})` : ''}`),
    ].join(''),
  );
  return section(
    'incidents',
    `Incidents (${report.incidents.length})`,
    table(['raised', 'severity', 'kind', 'members', 'what and what to do', 'cleared'], rows, 'nothing went wrong'),
  );
}

export const reportSections = (report: RunReport): string =>
  [incidents(report), members(report), mail(report), handshakes(report), tasks(report)].join('\n');
