/**
 * The body of an opened message or task, as display lines: sanitised, wrapped to
 * the width, ready to be scrolled by line.
 */
import type { Handshake } from '../src/domain/handshakes.js';
import type { InboxMessage } from '../src/domain/inbox.js';
import { agentFigures, figuresLine, formatBytes } from '../src/domain/agent.js';
import { boundDepth } from '../src/domain/protocol.js';
import type { Member } from '../src/domain/schemas.js';
import type { TaskNode } from '../src/domain/task-graph.js';
import { formatAge, formatWait, toIso } from '../src/domain/time.js';
import type { MailWaits } from '../src/store/selectors/mail.js';
import type { MemberView } from '../src/store/selectors/members.js';
import type { StepStatus } from '../src/domain/workflow/evaluate.js';
import type { WorkflowSpec } from '../src/domain/workflow/spec.js';
import { displayWidth, fitPad, wrapBlock } from './text.js';
import { append, maxOf } from '../src/domain/lists.js';

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
      lines.push(`${name}:`);
      append(
        lines,
        value.split(/\r?\n/u).map((line) => `  ${line}`),
      );
    } else if (typeof value === 'string') {
      lines.push(`${name}: ${value}`);
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
      append(lines, fieldLines(value as Record<string, unknown>, `${name}.`));
    } else {
      lines.push(`${name}: ${JSON.stringify(value)}`);
    }
  }
  return lines;
}

/**
 * An opened message is drawn again on every frame (a key, a tick, another inbox
 * changing): its lines are kept, for the width they were wrapped to. A protocol
 * message's fields are lines of their own, each sanitised and wrapped: a plan of
 * thousands of lines cost as much on every frame.
 */
const wrappedMessages = new WeakMap<InboxMessage, { readonly width: number; readonly lines: readonly string[] }>();

export function messageLines(message: InboxMessage, width: number): readonly string[] {
  const known = wrappedMessages.get(message);
  if (known?.width === width) return known.lines;
  const body = message.data
    ? [...wrap(message.text, width), '', ...fieldLines(message.data).flatMap((line) => wrap(line, width))]
    : wrap(message.body, width);
  // The envelope's own facts that no line shows: the lead's signature on a message to a tmux teammate.
  const lines = message.leadSig ? [...body, '', ...wrap(`signed by the lead (lead_sig): ${message.leadSig}`, width)] : body;
  wrappedMessages.set(message, { width, lines });
  return lines;
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

/** `approved`, or every answer in order when there were more: `approved → rejected`. */
export function answersText(handshake: Handshake): string {
  return handshake.answers.length > 1 ? handshake.answers.map((answer) => answer.state).join(' → ') : handshake.state;
}

export const CONTRADICTING = '⚠ contradicting';

export function handshakeLines(handshake: Handshake, width: number): string[] {
  const when = (time: number | null) => (time === null ? 'not seen' : new Date(time).toISOString());
  const { answers } = handshake;
  const answerFacts = answers.map((answer, i) => {
    const after =
      answer.at !== null && handshake.requestedAt !== null ? ` (${formatWait(answer.at - handshake.requestedAt)} after the request)` : '';
    return `${answers.length > 1 ? `answer ${i + 1}` : 'answered'}: ${answer.state} by ${answer.from} at ${when(answer.at)}${after}`;
  });
  const facts = [
    `request id: ${handshake.requestId}`,
    `requested: ${when(handshake.requestedAt)}`,
    ...(answerFacts.length > 0 ? answerFacts : ['answered: not yet']),
    handshake.contradicting
      ? `${CONTRADICTING}: the answers disagree, and the first (${handshake.state}) may already have been acted on`
      : '',
    handshake.fact ? `about: ${handshake.fact}` : '',
  ].filter(Boolean);
  const message = (label: string, source: InboxMessage | null) =>
    source
      ? [
          '',
          ...wrap(`${label} (${source.kind}, ${source.from} → ${source.to}):`, width),
          ...messageLines(source, width - 2).map((line) => `  ${line}`),
        ]
      : [];
  return [
    ...facts.flatMap((line) => wrap(line, width)),
    ...message('request', handshake.request),
    ...answers.flatMap((answer, i) => message(answers.length > 1 ? `answer ${i + 1}` : 'response', answer.message)),
  ];
}

/** `0.5s typ · 3s max`: how long a member's mail waits to be delivered. */
export function waitsText(waits: MailWaits): string {
  return `${formatWait(waits.typicalMs)} typ · ${formatWait(waits.maxMs)} max`;
}

/** An instant as ISO with its age: `2026-03-01T10:00:00.000Z (3m ago)`; '' when unknown. */
function instant(value: number | string | undefined, now: number): string {
  const iso = toIso(value);
  if (iso === null) return '';
  return `${iso} (${formatAge(Math.max(0, now - Date.parse(iso)))} ago)`;
}

const fact = (label: string, value: string | undefined | null): string => (value ? `${label}: ${value}` : '');

/**
 * A member's details: its roster entry, its runner's status and figures
 * (API-spec layout), its metadata and its artifacts folder, then its prompt.
 * Sections with nothing to say are left out.
 */
export function memberLines(
  member: MemberView,
  info: Member | null,
  budgetTokens: number | undefined,
  width: number,
  now: number,
): string[] {
  const runner = member.agent?.status ?? null;
  const roster = [
    fact('agent id', info?.agentId),
    fact('colour', member.color),
    fact('cwd', info?.cwd),
    fact('joined', instant(info?.joinedAt, now)),
    fact('spawned', instant(info?.spawnedAt, now)),
    fact('shut down', instant(info?.shutdownAt, now)),
    info?.isActive === undefined ? '' : `active: ${info.isActive ? 'yes' : 'no (waiting between turns)'}`,
    member.waits ? `mail: ${waitsText(member.waits)} in the inbox (${member.waits.count} delivered)` : '',
    info?.planModeRequired ? 'plan mode required' : '',
  ];
  const runnerFacts = runner
    ? [
        `runner status: ${runner.status}`,
        fact('started', instant(runner.startedAt, now)),
        fact('last active', instant(runner.lastActiveAt, now)),
        fact('completed', instant(runner.completedAt, now)),
        fact('error', runner.errorMessage),
        fact('figures', figuresLine(agentFigures(runner, budgetTokens))),
      ]
    : [];
  const metadata = info?.metadata ? metadataLines(info.metadata) : [];
  const log = member.agent?.log;
  const logFacts = log
    ? [`output log: ${log.total} line${log.total === 1 ? '' : 's'} seen${log.present ? '' : ' · the file was removed'} (o shows it)`]
    : [];
  const sections = [roster, runnerFacts, metadata, artifactLines(member), logFacts]
    .map((section) => section.filter(Boolean).flatMap((line) => wrap(line, width)))
    .filter((section) => section.length > 0);
  if (info?.prompt) sections.push(['prompt:', ...wrap(info.prompt, width - 2).map((line) => `  ${line}`)]);
  return sections.flatMap((section, i) => (i === 0 ? section : ['', ...section]));
}

/** Keys of a member's metadata shown, at most: it is the runner's to fill, with anything. */
const METADATA_KEYS = 50;

/** A member's metadata as `metadata.key: value` lines: the first keys only, nested no deeper than protocol data. */
function metadataLines(metadata: Readonly<Record<string, unknown>>): string[] {
  const entries = Object.entries(metadata);
  const shown = boundDepth(Object.fromEntries(entries.slice(0, METADATA_KEYS))) as Record<string, unknown>;
  const more = entries.length - METADATA_KEYS;
  return [...fieldLines(shown, 'metadata.'), ...(more > 0 ? [`… and ${more} more metadata keys`] : [])];
}

/** The artifacts folder: each entry's name and size, names padded to line up. */
function artifactLines(member: MemberView): string[] {
  const artifacts = member.agent?.artifacts;
  if (!artifacts) return [];
  const count = artifacts.entries.length + artifacts.more;
  if (count === 0) return ['artifacts: none yet'];
  const total = artifacts.entries.reduce((sum, entry) => sum + entry.size, 0);
  const nameWidth = Math.min(
    48,
    maxOf(
      artifacts.entries.map((entry) => displayWidth(entry.name, 48)),
      4,
    ),
  );
  return [
    `artifacts (${count}, ${formatBytes(total)} in files):`,
    ...artifacts.entries.map(
      (entry) => `  ${fitPad(entry.name, nameWidth)}  ${entry.kind === 'file' ? formatBytes(entry.size) : entry.kind}`,
    ),
    ...(artifacts.more > 0 ? [`  … and ${artifacts.more} more`] : []),
  ];
}

/** A workflow step: who runs it, what it waits on, where it stands and why, what it takes and gives. */
export function stepLines(step: StepStatus, spec: WorkflowSpec, width: number): string[] {
  const declared = spec.workflow?.steps?.find((candidate) => candidate.name === step.name);
  const port = (label: string, ports: readonly { name: string; type?: string | undefined; from?: string | undefined }[] | undefined) =>
    ports && ports.length > 0
      ? [
          `${label}: ${ports.map((item) => `${item.name}${item.type ? ` (${item.type})` : ''}${item.from ? ` ← ${item.from}` : ''}`).join(', ')}`,
        ]
      : [];
  return [
    `agent: ${step.agent}`,
    `depends on: ${step.dependsOn.length > 0 ? step.dependsOn.join(', ') : 'nothing'}${declared?.depends_on ? '' : step.dependsOn.length > 0 ? ' (implied by the workflow type)' : ''}`,
    `${step.state}: ${step.why}`,
    ...port('inputs', declared?.inputs),
    ...port('outputs', declared?.outputs),
  ].flatMap((line) => wrap(line, width));
}
