// What a member's pane opens: the member itself (`d`) or a line of its output log.
import { agentFigures, figuresLine, formatBytes } from '../../../core/model/agent.js';
import { maxOf } from '../../../core/model/lists.js';
import { boundDepth } from '../../../core/decode/protocol.js';
import type { Member } from '../../../core/model/schemas.js';
import { formatAge, formatSince, formatWait, toIso } from '../../../core/model/time.js';
import type { MailWaits } from '../../../core/select/mail.js';
import type { MemberView } from '../../../core/select/members.js';
import { selectShowsRecordedWork, selectSpawnedByLead, selectWork } from '../../../core/select/work.js';
import type { Part } from '../../widgets/fitted-line.js';
import { fieldLines, namePart, wrap } from '../../widgets/message-detail.js';
import type { Detail, Look } from '../pane.js';
import { displayWidth, fit, fitPad, wrapBlock } from '../../../core/text/fit.js';
import { palette } from '../../widgets/theme.js';
import type { Frame } from '../../views/view.js';
import { promptOf, workLines, type DetailWork } from './work-detail.js';
import { selectLiveness } from '../../../core/select/liveness.js';
import type { Liveness } from '../../../core/model/liveness.js';

/** `process: pid 23229, dead since 16:19:09 (its process is gone)`: whether its process runs, as teamtop sees it. */
function processLine(liveness: Liveness | undefined, now: number): string {
  // Nothing seen of it (no file under sessions/): nothing to say.
  if (!liveness || (liveness.state === 'unknown' && liveness.pid === null)) return '';
  const pid = liveness.pid === null ? '' : `pid ${liveness.pid}, `;
  const since = Number.isFinite(liveness.since) ? ` ${formatAge(Math.max(0, now - liveness.since))} ago` : '';
  switch (liveness.state) {
    case 'alive':
      return `process: ${pid}running`;
    case 'dead':
      return `process: ${pid}gone${since ? `, seen gone${since}` : ' (before teamtop looked)'}: killed or crashed, not shut down`;
    case 'unknown':
      return `process: ${pid}not known${liveness.why ? ` (${liveness.why})` : ''}`;
  }
}

export function statusLabel(member: MemberView, now: number): string {
  const since =
    Number.isFinite(member.statusSince) && member.status !== 'lead' ? ` ${formatSince(Math.max(0, now - member.statusSince))}` : '';
  return `${member.status}${since}${member.departed ? ' · departed' : ''}`;
}

const memberName = (look: Look, member: MemberView): Part => ({
  ...namePart(look, member.name),
  text: `${member.isLead ? '★ ' : ''}${fit(member.name, 40)}`,
});

/** `mail waits 0.5s, at most 3s`: how long a member's mail typically waits to be taken (the median), and the longest. */
export function waitsText(waits: MailWaits): string {
  return `mail waits ${formatWait(waits.typicalMs)}, at most ${formatWait(waits.maxMs)}`;
}

/** An instant as ISO with its age: `2026-03-01T10:00:00.000Z (3m ago)`; '' when unknown. */
function instant(value: number | string | undefined, now: number): string {
  const iso = toIso(value);
  if (iso === null) return '';
  return `${iso} (${formatAge(Math.max(0, now - Date.parse(iso)))} ago)`;
}

const fact = (label: string, value: string | undefined | null): string => (value ? `${label}: ${value}` : '');

/** A member's details: roster entry, runner status and figures, metadata, artifacts, prompt; empty sections left out. */
function memberLines(
  member: MemberView,
  info: Member | null,
  budgetTokens: number | undefined,
  width: number,
  now: number,
  work?: DetailWork,
  liveness?: Liveness,
): string[] {
  const runner = member.agent?.status ?? null;
  const roster = [
    processLine(liveness, now),
    fact('agent id', info?.agentId),
    fact('colour', member.color),
    fact('cwd', info?.cwd),
    fact('joined', instant(info?.joinedAt, now)),
    fact('spawned', instant(info?.spawnedAt, now)),
    fact('shut down', instant(info?.shutdownAt, now)),
    info?.isActive === undefined ? '' : `active: ${info.isActive ? 'yes' : 'no (waiting between turns)'}`,
    member.waits ? `${waitsText(member.waits)} (the median and the longest of ${member.waits.count} delivered)` : '',
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
  if (work) sections.push(workLines(work, now).flatMap((line) => wrap(line, width)));
  const prompt = promptOf(info, work);
  if (prompt) sections.push([`${prompt.label}:`, ...wrap(prompt.text, width - 2).map((line) => `  ${line}`)]);
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

function memberDetail(
  member: MemberView,
  info: Member | null,
  budgetTokens: number | undefined,
  now: number,
  work?: DetailWork,
  liveness?: Liveness,
): Detail {
  return {
    lines: (width) => memberLines(member, info, budgetTokens, width, now, work, liveness),
    facts: (look) => [
      [
        memberName(look, member),
        { text: ` · ${fit([member.agentType, member.model, member.backendType].filter(Boolean).join(' · '), 120)}`, dimColor: true },
      ],
      [
        {
          text: statusLabel(member, look.now),
          bold: true,
          color: member.status === 'failed' || member.status === 'dead' ? look.paint(palette.danger) : undefined,
        },
        { text: member.unread > 0 ? ` · ${member.unread} unread` : '', dimColor: true },
      ],
    ],
  };
}

/** What the member's details say of its work and spawn prompt: nothing when no transcript, nor the journal, says anything of it. */
function detailWork(frame: Frame, member: string): DetailWork | undefined {
  const work = selectWork(frame.team).get(member);
  const agentCallPrompt = selectSpawnedByLead(frame.team).get(member) ?? null;
  const recorded = selectShowsRecordedWork(frame.team, member);
  if (!work && !recorded && agentCallPrompt === null) return undefined;
  return {
    path: work?.path ?? null,
    recorded,
    transcripts: work?.transcripts ?? 0,
    activity: frame.work.activity.get(member),
    usage: frame.work.usage.members.get(member) ?? null,
    spawnPrompt: work?.activity.spawnPrompt ?? null,
    inProcess: work?.inProcess ?? false,
    agentCallPrompt,
  };
}

/** The member opened (`d`), as of the frame: its pane on the dashboard and its steps open the same. */
export const memberOpened = (frame: Frame, member: MemberView): Detail =>
  memberDetail(
    member,
    frame.team.members.get(member.name)?.info ?? null,
    frame.team.config?.metadata?.budget_tokens,
    frame.now,
    detailWork(frame, member.name),
    selectLiveness(frame.team).get(member.name),
  );

export function logLineDetail(member: MemberView, number: number, line: string): Detail {
  return {
    lines: (width) => wrapBlock(line, width),
    facts: (look) => [
      [memberName(look, member), { text: ` · output.log line ${number}`, dimColor: true }],
      [{ text: member.agent?.log?.present === false ? 'the file was removed' : 'output.log', dimColor: true }],
    ],
  };
}
