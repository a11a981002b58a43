/**
 * The body of an opened message or task, as display lines: sanitised, wrapped to
 * the width, ready to be scrolled by line.
 */
import type { Handshake } from '../src/domain/handshakes.js';
import type { InboxMessage } from '../src/domain/inbox.js';
import type { TaskNode } from '../src/domain/task-graph.js';
import { formatAge } from '../src/domain/time.js';
import { wrapBlock } from './text.js';

function wrap(text: string, width: number): readonly string[] {
  return wrapBlock(text, Math.max(10, width));
}

/** A protocol object's fields as `key: value` lines; nested objects use dotted keys. */
export function fieldLines(data: Readonly<Record<string, unknown>>, prefix = ''): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (prefix === '' && key === 'type') continue;
    const name = `${prefix}${key}`;
    if (typeof value === 'string' && value.includes('\n')) {
      lines.push(`${name}:`, ...value.split(/\r?\n/u).map((line) => `  ${line}`));
    } else if (typeof value === 'string') {
      lines.push(`${name}: ${value}`);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
      lines.push(...fieldLines(value as Record<string, unknown>, `${name}.`));
    } else {
      lines.push(`${name}: ${JSON.stringify(value)}`);
    }
  }
  return lines;
}

export function messageLines(message: InboxMessage, width: number): string[] {
  if (!message.data) return [...wrap(message.body, width)];
  return [...wrap(message.text, width), '', ...fieldLines(message.data).flatMap((line) => wrap(line, width))];
}

export function taskLines(task: TaskNode, width: number): string[] {
  const facts = [
    `status: ${task.status}`,
    task.activeForm ? `doing: ${task.activeForm}` : '',
    task.blockedBy.length > 0 ? `blocked by: ${task.blockedBy.map((id) => `#${id}`).join(' ')}` : '',
    task.blocks.length > 0 ? `blocks: ${task.blocks.map((id) => `#${id}`).join(' ')}` : '',
  ].filter(Boolean);
  return [...facts.flatMap((line) => wrap(line, width)), '', ...wrap(task.description || '(no description)', width)];
}

export function handshakeLines(handshake: Handshake, width: number): string[] {
  const when = (time: number | null) => (time === null ? 'not seen' : new Date(time).toISOString());
  const facts = [
    `request id: ${handshake.requestId}`,
    `requested: ${when(handshake.requestedAt)}`,
    `answered: ${handshake.response ? when(handshake.respondedAt) : 'not yet'}`,
    handshake.answerSeconds === null ? '' : `the answer took ${formatAge(handshake.answerSeconds * 1000)}`,
    handshake.fact ? `about: ${handshake.fact}` : '',
  ].filter(Boolean);
  const message = (label: string, source: InboxMessage | null) =>
    source
      ? ['', ...wrap(`${label} (${source.kind}, ${source.from} → ${source.to}):`, width), ...messageLines(source, width - 2).map((line) => `  ${line}`)]
      : [];
  return [
    ...facts.flatMap((line) => wrap(line, width)),
    ...message('request', handshake.request),
    ...message('response', handshake.response),
  ];
}
