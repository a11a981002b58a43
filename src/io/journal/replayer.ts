// Journal lines back into observations, through the live loader's interpreter: a replay reaches the state the run reached.
import { thresholdsRecord } from '../../core/model/settings.js';
import type { Observation } from '../../core/model/observation.js';
import { classifyFile, classifyFolder } from '../../core/model/paths.js';
import { FileInterpreter } from '../../core/decode/interpreter.js';
import { firstLine, NAME_MAX } from '../../core/decode/transcript/text-lines.js';
import type { JournalEntry, JournalHeader, JournalLine, RecordedIncidentLine } from './format.js';
import { append, putLatest } from '../../core/model/lists.js';
import { RECORDED_MEMBERS_KEPT } from '../../core/facts/index.js';
import type { RecordedIncident } from '../../core/model/diagnosis.js';
import { MAX_FIGURE, type MemberUsage } from '../../core/model/usage.js';
import { sanitizeLine } from '../../core/text/sanitize.js';

export class Replayer {
  readonly interpreter = new FileInterpreter();
  readonly folders = new Set<string>();
  /** Patches that could not be applied (the text they build on was lost), one sentence each. */
  readonly notices: string[] = [];
  private header: JournalHeader | undefined;
  /** By the path of this file's `activity` lines: its team, and each member's figures as its last line with them said. */
  private readonly activity = new Map<string, { readonly team: string | undefined; readonly figures: Map<string, MemberUsage | null> }>();
  private readonly tools = new Map<string, string>();

  /** A new run file begins: the last one's header ends with it (a file whose header was lost records no incidents). */
  beginFile(at: number): Observation[] {
    const ended = this.header?.incidents ? [{ kind: 'run' as const, team: this.header.team, at, thresholds: null }] : [];
    this.header = undefined;
    this.activity.clear();
    return ended;
  }

  /** A recording is something people send each other: an entry that cannot be replayed is skipped with a notice. */
  apply(line: JournalLine): Observation[] {
    if (line.kind === 'header') {
      const ended = this.beginFile(line.header.started);
      this.header = line.header;
      const { team, started, incidents } = line.header;
      const thresholds = incidents ? thresholdsRecord(incidents) : null;
      return [...ended, { kind: 'run', team, at: started, thresholds }];
    }
    try {
      return this.applyEntry(line.entry);
    } catch (error) {
      this.notices.push(
        `${line.entry.path}: an entry recorded at ${new Date(line.entry.t).toISOString()} could not be replayed (${error instanceof Error ? error.message : String(error)}) and was skipped`,
      );
      return [];
    }
  }

  private applyEntry(entry: JournalEntry): Observation[] {
    switch (entry.op) {
      case 'file': {
        if (entry.keep === undefined)
          return this.interpreter.interpret(entry.path, entry.text, entry.t, { live: entry.live, final: true }).observations;
        const observations = this.interpreter.interpretAppendix(entry.path, entry.keep, entry.text, entry.t, entry.live);
        if (!observations)
          this.notices.push(
            `${entry.path}: an append recorded at ${new Date(entry.t).toISOString()} builds on a text the journal lost, and was skipped`,
          );
        return observations ?? [];
      }
      case 'inbox': {
        const observations = this.interpreter.applyChange(
          entry.path,
          { messages: entry.messages, invalid: entry.invalid ?? [] },
          entry.t,
          entry.live,
        );
        if (!observations)
          this.notices.push(
            `${entry.path}: a change recorded at ${new Date(entry.t).toISOString()} builds on messages the journal lost, and was skipped`,
          );
        return observations ?? [];
      }
      case 'problem':
        return entry.message === null ? this.interpreter.cleared(entry.path) : this.interpreter.fail(entry.path, entry.message, entry.t);
      case 'gone':
        return this.interpreter.remove(entry.path, entry.t, entry.live);
      case 'folder': {
        const target = classifyFolder(entry.path);
        if (!target) return [];
        if (entry.present) {
          this.folders.add(entry.path);
          return [{ kind: 'folder', target, at: entry.t }];
        }
        this.folders.delete(entry.path);
        const prefix = `${entry.path}/`;
        const forgotten: Observation[] = [];
        for (const path of this.interpreter.knownFiles()) if (path.startsWith(prefix)) append(forgotten, this.interpreter.forget(path));
        return [...forgotten, { kind: 'folder-gone', target, at: entry.t }];
      }
      case 'activity':
        return this.activityOf(entry);
      case 'taken': {
        const target = classifyFile(entry.path);
        if (target?.kind !== 'inbox') return [];
        const mail = entry.mail.map(({ from, summary, color, text, at, spawn, nth }) => ({
          from,
          summary,
          color,
          text,
          at,
          ...(spawn === true ? { spawn } : {}),
          ...(nth ? { nth } : {}),
        }));
        const followed = entry.followed === true ? { followed: true } : {};
        return [{ kind: 'mail-taken', team: target.team, member: target.member, mail, ...followed, at: entry.t, live: entry.live }];
      }
      case 'incidents': {
        const target = classifyFolder(entry.path);
        if (target?.kind !== 'team-dir' || !this.header?.incidents || target.team !== this.header.team) return [];
        return [
          {
            kind: 'incidents',
            team: target.team,
            at: entry.t,
            raised: entry.raised.map(incidentOf),
            cleared: entry.cleared.map(incidentOf),
            whole: entry.whole === true,
          },
        ];
      }
    }
  }

  /** A member's activity; figures left out are the member's last line's, and a tool's name is cut as the transcript decoder cuts it. */
  private activityOf(entry: Extract<JournalEntry, { op: 'activity' }>): Observation[] {
    let known = this.activity.get(entry.path);
    if (!known) {
      // A file is one team's: more paths than a few is a hostile one.
      if (this.activity.size >= PATHS_KEPT) this.activity.clear();
      const target = classifyFolder(entry.path);
      known = { team: target?.kind === 'team-dir' ? target.team : undefined, figures: new Map() };
      this.activity.set(entry.path, known);
    }
    if (known.team === undefined) return [];
    const { member, state, since, t } = entry;
    const tool = state === 'tool' || state === 'waiting-permission' ? this.toolName(entry.tool ?? '') : null;
    if (entry.usage !== undefined) putLatest(known.figures, member, usageOf(entry.usage), RECORDED_MEMBERS_KEPT);
    const usage = known.figures.get(member) ?? null;
    return [{ kind: 'activity', team: known.team, member, work: { state, tool, since, usage, at: t } }];
  }

  /** A tool's name as shown: a run calls a handful of tools a hundred thousand times. */
  private toolName(raw: string): string {
    let name = this.tools.get(raw);
    if (name === undefined) {
      if (this.tools.size >= TOOLS_KEPT) this.tools.clear();
      name = firstLine(raw, NAME_MAX) ?? '?';
      this.tools.set(raw, name);
    }
    return name;
  }
}

/** The `activity` lines' paths a file is read with: one, unless it is hostile. */
const PATHS_KEPT = 16;

/** Tools' names kept as shown: more than a team calls, unless the file is hostile. */
const TOOLS_KEPT = 256;

function usageOf(usage: NonNullable<Extract<JournalEntry, { op: 'activity' }>['usage']> | null): MemberUsage | null {
  if (usage === null) return null;
  const { inputTokens, outputTokens, cacheReadTokens, cacheCreationTokens, contextTokens, contextPercent, toolCalls } = usage;
  const { costUSD, costEstimated } = usage;
  return {
    inputTokens,
    outputTokens,
    cacheReadTokens,
    cacheCreationTokens,
    contextTokens,
    contextPercent,
    toolCalls,
    costUSD,
    costEstimated,
    ...laterFigures(usage),
  };
}

const countOrNull = (value: unknown): number | null => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null);
const figureOrNull = (value: unknown): number | null => (typeof value === 'number' && value >= 0 && value <= MAX_FIGURE ? value : null);

/**
 * The figures lines hold since issue 35 (the window, the compactions, the
 * subagents), each taken only as what it must be: a line from before has
 * none, and a hostile one's are dropped, never shown as they are written.
 */
function laterFigures(usage: Readonly<Record<string, unknown>>): Partial<MemberUsage> {
  const figures: { -readonly [K in keyof MemberUsage]?: MemberUsage[K] } = {};
  if ('contextWindow' in usage) figures.contextWindow = countOrNull(usage['contextWindow']);
  if ('contextWindowSource' in usage) {
    const source = usage['contextWindowSource'];
    figures.contextWindowSource = source === 'compaction' || source === 'model' ? source : null;
  }
  const compactions = countOrNull(usage['compactions']);
  if (compactions !== null) figures.compactions = compactions;
  const last = usage['lastCompaction'];
  if (last !== null && typeof last === 'object' && !Array.isArray(last)) {
    const fields = last as Record<string, unknown>;
    const at =
      typeof fields['at'] === 'string' && !Number.isNaN(Date.parse(fields['at'])) ? new Date(Date.parse(fields['at'])).toISOString() : null;
    const trigger = typeof fields['trigger'] === 'string' ? sanitizeLine(fields['trigger']).slice(0, 80) : null;
    figures.lastCompaction = {
      at,
      trigger,
      preTokens: countOrNull(fields['preTokens']),
      postTokens: countOrNull(fields['postTokens']),
      durationMs: countOrNull(fields['durationMs']),
    };
  } else if ('lastCompaction' in usage) figures.lastCompaction = null;
  const subagents = usage['subagents'];
  if (subagents !== null && typeof subagents === 'object' && !Array.isArray(subagents)) {
    const fields = subagents as Record<string, unknown>;
    const counts = (['count', 'inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheCreationTokens', 'toolCalls'] as const).map((key) =>
      countOrNull(fields[key]),
    );
    if (counts.every((count) => count !== null)) {
      const [count, inputTokens, outputTokens, cacheReadTokens, cacheCreationTokens, toolCalls] = counts;
      figures.subagents = {
        count: count!,
        inputTokens: inputTokens!,
        outputTokens: outputTokens!,
        cacheReadTokens: cacheReadTokens!,
        cacheCreationTokens: cacheCreationTokens!,
        toolCalls: toolCalls!,
        costUSD: figureOrNull(fields['costUSD']),
      };
    }
  } else if ('subagents' in usage) figures.subagents = null;
  return figures;
}

const timeOrNaN = (at: number | null): number => at ?? Number.NaN;

function incidentOf(line: RecordedIncidentLine): RecordedIncident {
  return {
    id: line.id,
    kind: line.kind,
    severity: line.severity,
    subject: line.subject,
    members: line.members,
    since: timeOrNaN(line.since),
    summary: line.summary,
    action: line.action,
    evidence: line.evidence.map((item) =>
      item.kind === 'message'
        ? { kind: 'message', ref: item.ref, at: timeOrNaN(item.at), to: item.to, n: item.n }
        : { kind: item.kind, ref: item.ref, at: timeOrNaN(item.at) },
    ),
    raisedAt: timeOrNaN(line.raisedAt),
    clearedAt: line.clearedAt,
    cleared: line.cleared,
  };
}
