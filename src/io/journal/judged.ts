/**
 * A run an earlier teamtop wrote without its incidents is judged moment by moment on every restore (seconds for a long
 * run). Judged once, its judgement is written into it, as this teamtop writes a run: a header that says the thresholds,
 * and the `incidents` lines where they changed. The next restore takes them. Only teamtop's own journal is written:
 * a copy beside the run, renamed over it, and only while nobody writes the run. See docs/internals/journal.md.
 */
import { closeSync, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { inertJson } from '../../core/text/inert-json.js';
import { thresholdsRecord, type Thresholds } from '../../core/model/settings.js';
import { positionOf, type TeamState } from '../../core/facts/index.js';
import { TRANSCRIPT_KINDS, type IncidentLog } from '../../core/judge/index.js';
import { recordedIncident, type Incident } from '../../core/model/diagnosis.js';
import type { InboxMessage } from '../../core/model/inbox.js';
import type { AppState } from '../../core/app-state.js';
import type { JournalHeader } from './format.js';
import { isLive } from './store-dir.js';

/** A run judged by the restore: its team's incidents before and after it, and the file as it was then. */
interface Judged {
  readonly path: string;
  readonly header: JournalHeader;
  readonly before: IncidentLog | undefined;
  readonly after: IncidentLog | undefined;
  readonly team: TeamState | undefined;
  readonly size: number;
  readonly mtimeMs: number;
}

/** What changed at one instant: an `incidents` line. */
interface Change {
  readonly raised: Incident[];
  readonly cleared: Incident[];
}

const CHUNK = 1 << 20;

/** Where an entry line says its time: `{"op":"…","t":…`, as the writer writes every entry. */
const ENTRY_TIME = /^\{"op":"[a-z-]*","t":(-?[0-9.e+-]+)[,}]/u;

const recordable = (incident: Incident): boolean => !TRANSCRIPT_KINDS.has(incident.kind);

function lineTime(line: string): number {
  const match = ENTRY_TIME.exec(line);
  if (match) return Number(match[1]);
  try {
    const value = JSON.parse(line) as { t?: unknown };
    return typeof value.t === 'number' ? value.t : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The incidents lines of one judged run, by instant, and what stood as it began (recorded whole, as a run's first). */
function changesOf({ before, after }: Judged): { readonly standing: Incident[]; readonly changes: Map<number, Change> } {
  const changes = new Map<number, Change>();
  const at = (time: number): Change => {
    let change = changes.get(time);
    if (!change) changes.set(time, (change = { raised: [], cleared: [] }));
    return change;
  };
  const open = before?.open ?? new Map<string, Incident>();
  const standing = [...open.values()].filter(recordable);
  if (!after) return { standing, changes };
  const raisedBefore = (incident: Incident) => Object.is(open.get(incident.id)?.raisedAt, incident.raisedAt);
  for (const incident of after.cleared.slice(before?.cleared.length ?? 0)) {
    if (!recordable(incident) || incident.clearedAt === null) continue;
    if (!raisedBefore(incident)) at(incident.raisedAt).raised.push({ ...incident, clearedAt: null, cleared: null });
    at(incident.clearedAt).cleared.push(incident);
  }
  const end = Number.isFinite(after.judgedAt) ? after.judgedAt : Number.NaN;
  for (const incident of after.open.values()) {
    if (!recordable(incident) || open.get(incident.id) === incident) continue;
    if (!raisedBefore(incident)) at(incident.raisedAt).raised.push(incident);
    // Once more as it stands at the end: what it says (its evidence) may have grown since it was raised.
    if (Number.isFinite(end) && end !== incident.raisedAt) at(end).raised.push(incident);
  }
  return { standing, changes };
}

function incidentsLine(team: string, state: TeamState | undefined, t: number, change: Change, whole: boolean): string {
  const place = (message: InboxMessage): number => {
    const inbox = state?.inboxes.get(message.to);
    return (inbox && positionOf(inbox, message.key)) ?? -1;
  };
  const entry = {
    op: 'incidents',
    t,
    path: `teams/${team}`,
    raised: change.raised.map((incident) => recordedIncident(incident, place)),
    cleared: change.cleared.map((incident) => recordedIncident(incident, place)),
    ...(whole && { whole }),
  };
  return `${inertJson(entry)}\n`;
}

/** The run's lines with its judgement in them: the header saying the thresholds, each change before the first line after it. */
function rewrite(judged: Judged, thresholds: Thresholds): void {
  const { path, header, team } = judged;
  const name = header.team;
  const { standing, changes } = changesOf(judged);
  const times = [...changes.keys()].filter(Number.isFinite).sort((a, b) => a - b);
  const temp = join(dirname(path), `.${basename(path)}.judged-${process.pid}`);
  const input = openSync(path, 'r');
  let output: number | undefined;
  try {
    const stats = fstatSync(input);
    // Written to since it was replayed (a teamtop of ours never appends to an earlier run): left as it is.
    if (stats.size !== judged.size || stats.mtimeMs !== judged.mtimeMs) return;
    output = openSync(temp, 'wx', 0o600);
    const out = output;
    let pending: string[] = [];
    let pendingBytes = 0;
    const put = (text: string) => {
      pending.push(text);
      pendingBytes += text.length;
      if (pendingBytes >= CHUNK) flush();
    };
    const flush = () => {
      if (pending.length > 0) writeSync(out, pending.join(''));
      pending = [];
      pendingBytes = 0;
    };
    let next = 0;
    /** The changes before `time`: those at it come after its lines (a moment is judged after its last line). */
    const changesUntil = (time: number) => {
      while (next < times.length && times[next]! < time) {
        put(incidentsLine(name, team, times[next]!, changes.get(times[next]!)!, false));
        next++;
      }
    };
    let first = true;
    const line = (text: string, ended: boolean) => {
      if (first && text.trim() !== '') {
        first = false;
        put(`${inertJson({ ...header, incidents: thresholdsRecord(thresholds) })}\n`);
        if (standing.length > 0) put(incidentsLine(name, team, header.started, { raised: standing, cleared: [] }, true));
        return;
      }
      const time = lineTime(text);
      // A change is written before the first line after it; a line whose time is unknown stays where it was.
      if (Number.isFinite(time)) changesUntil(time);
      put(ended ? `${text}\n` : text);
    };
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(CHUNK);
    let carry = '';
    for (;;) {
      const read = readSync(input, buffer, 0, CHUNK, null);
      if (read === 0) break;
      const text = carry + decoder.write(buffer.subarray(0, read));
      const lines = text.split('\n');
      carry = lines.pop()!;
      for (const text of lines) line(text, true);
    }
    carry += decoder.end();
    changesUntil(Number.POSITIVE_INFINITY);
    // A torn last line stays torn, after the changes: the restore skips it, as before.
    if (carry !== '') line(carry, false);
    flush();
    closeSync(out);
    output = undefined;
    // Not renamed over a run another teamtop pruned, or wrote to, meanwhile.
    const now = lstatSync(path);
    if (now.ino !== stats.ino || now.size !== stats.size || now.mtimeMs !== stats.mtimeMs) return;
    renameSync(temp, path);
  } finally {
    if (output !== undefined) closeSync(output);
    closeSync(input);
    rmSync(temp, { force: true });
  }
}

/** Gathers, as a restore replays each run, those it judged in full; `record` writes their judgement into them. */
export class JudgedRuns {
  private readonly judged: Judged[] = [];
  private last: Pick<AppState, 'incidents'>;

  constructor(
    private readonly state: () => AppState,
    private readonly thresholds: Thresholds,
  ) {
    this.last = state();
  }

  /** The restore replayed the run at `path` (its header, if it had one); the store holds its judgement now. */
  replayed(path: string, header: JournalHeader | undefined): void {
    const now = this.state();
    const before = this.last;
    this.last = now;
    if (!header || header.incidents !== undefined || isLive(basename(path, '.jsonl'))) return;
    try {
      const { size, mtimeMs } = lstatSync(path);
      const team = header.team;
      this.judged.push({
        path,
        header,
        before: before.incidents.get(team),
        after: now.incidents.get(team),
        team: now.teams.get(team),
        size,
        mtimeMs,
      });
    } catch {
      // Gone meanwhile: nothing to record.
    }
  }

  /** Write each judged run's judgement into it; one that cannot be written is judged again by the next restore. */
  record(): void {
    for (const judged of this.judged.splice(0)) {
      try {
        rewrite(judged, this.thresholds);
      } catch {
        // A read-only or full disk, a run pruned meanwhile: it stays as it was.
      }
    }
  }
}
