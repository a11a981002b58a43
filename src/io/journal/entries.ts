// The journal lines for each observation, and for members' activity and incidents as they change.
import { inertJson } from '../../core/text/inert-json.js';
import type { Observation } from '../../core/model/observation.js';
import { classifyFile, pathOf, type TeamFileTarget } from '../../core/model/paths.js';
import { USAGE_COUNTS, type JournalEntry } from './format.js';
import { positionOf, takenMessageOf, type InboxHistory, type TeamState } from '../../core/facts/index.js';
import { activityChanged, selectActivity, selectUsage } from '../../core/select/work.js';
import { TRANSCRIPT_KINDS, type IncidentLog } from '../../core/judge/index.js';
import type { InboxMessage } from '../../core/model/inbox.js';
import { CLIENT_SENDER } from '../../core/model/taken-mail.js';
import { recordedIncident, type Incident, type RecordedIncident } from '../../core/model/diagnosis.js';
import type { ActivityNow, ActivityState } from '../../core/model/activity.js';
import { clampCount, clampFigure, type MemberUsage } from '../../core/model/usage.js';

/** An `activity` line as written (EntrySchema reads it back): a member's state, tool name, times and figures, nothing else. */
interface ActivityEntry {
  readonly op: 'activity';
  readonly t: number;
  readonly path: string;
  readonly member: string;
  readonly state: ActivityState;
  readonly tool: string | null;
  readonly since: number | null;
  /** Left out when it is what the member's line before said. */
  readonly usage?: MemberUsage | null;
}

interface Said {
  readonly activity: ActivityNow;
  readonly usage: MemberUsage | null;
}

interface IncidentsEntry {
  readonly op: 'incidents';
  readonly t: number;
  readonly path: string;
  readonly raised: readonly RecordedIncident[];
  readonly cleared: readonly RecordedIncident[];
  readonly whole?: boolean;
}

export class JournalEntries {
  /** Inboxes whose messages this run's files hold: a change to one can be recorded as a change. */
  private readonly based = new Set<string>();
  /** The last problem this run recorded of each file (null: it went; one an earlier run recorded can go in this one). */
  private readonly problems = new Map<string, string | null>();
  private readonly folders: Set<string>;
  private readonly looked = new Map<string, TeamState>();
  private readonly said = new Map<string, Map<string, Said>>();

  constructor(
    folders: ReadonlySet<string> | undefined,
    private readonly now: () => number,
  ) {
    this.folders = new Set(folders);
  }

  holds(path: string): boolean {
    return this.based.has(path);
  }

  /** The team's file was made again (another teamtop's pruning took it): the changes that follow need their base again. */
  madeAgain(team: string): void {
    for (const based of this.based) if (classifyFile(based)?.team === team) this.based.delete(based);
    this.said.delete(team);
    this.looked.delete(team);
  }

  /**
   * The line recording `observation`, and the team whose file it goes in;
   * nothing when it is not history. `teams`: the store's, once it was applied.
   */
  entryFor(observation: Observation, teams?: ReadonlyMap<string, TeamState>): [team: string, line: string] | undefined {
    switch (observation.kind) {
      case 'config':
      case 'task':
      case 'agent-status':
        if (observation.source === undefined) return undefined;
        return this.line(observation.team, {
          op: 'file',
          t: observation.at,
          live: observation.live,
          path: pathOf(targetOf(observation)),
          text: observation.source,
        });
      case 'log':
      case 'artifacts':
        // An output log stays on disk, and a listing is not history.
        return undefined;
      case 'inbox': {
        const { change } = observation;
        const path = pathOf({ kind: 'inbox', team: observation.team, member: observation.member });
        // A change from an inbox read this run did not record: the next one is asked for every message.
        if (!change || (!change.whole && !this.based.has(path))) return undefined;
        this.based.add(path);
        const invalid = change.invalid.length > 0 ? { invalid: [...change.invalid] } : {};
        // Only written out: the entry's type is the reader's, which owns what it parses.
        const messages = change.messages as Extract<JournalEntry, { op: 'inbox' }>['messages'];
        return this.line(observation.team, { op: 'inbox', t: observation.at, live: observation.live, path, messages, ...invalid });
      }
      case 'mail-taken': {
        const path = pathOf({ kind: 'inbox', team: observation.team, member: observation.member });
        const mail = this.takenMail(observation, teams?.get(observation.team)?.inboxes.get(observation.member));
        if (mail.length === 0 && !observation.followed) return undefined;
        const followed = observation.followed ? { followed: true } : {};
        return this.line(observation.team, { op: 'taken', t: observation.at, live: observation.live, path, mail, ...followed });
      }
      case 'problem':
      case 'problem-gone': {
        const target = classifyFile(observation.path);
        if (!target || target.kind === 'output-log' || target.kind === 'artifacts') return undefined;
        const message = observation.kind === 'problem' ? observation.message : null;
        if (this.problems.get(observation.path) === message) return undefined;
        this.problems.set(observation.path, message);
        const at = observation.kind === 'problem' ? observation.at : this.now();
        return this.line(target.team, { op: 'problem', t: at, path: observation.path, message });
      }
      case 'file-gone': {
        if (observation.target.kind === 'output-log' || observation.target.kind === 'artifacts') return undefined;
        const path = pathOf(observation.target);
        this.based.delete(path);
        return this.line(observation.target.team, { op: 'gone', t: observation.at, live: observation.live, path });
      }
      case 'folder':
      case 'folder-gone': {
        const { team, kind } = observation.target;
        const path = `${kind === 'team-dir' ? 'teams' : 'tasks'}/${team}`;
        const present = observation.kind === 'folder';
        if (this.folders.has(path) === present) return undefined;
        if (present) this.folders.add(path);
        else this.folders.delete(path);
        return this.line(team, { op: 'folder', t: observation.at, path, present });
      }
    }
  }

  /**
   * The mail a member's model took, as the inbox (the store's, after it) holds each: an inbox's fact, never the
   * transcript's copy (a protocol message's JSON is not always the inbox's). One no inbox holds is not recorded.
   */
  private takenMail(observation: Extract<Observation, { kind: 'mail-taken' }>, inbox: InboxHistory | undefined) {
    return observation.mail.flatMap((mail) => {
      const { at } = mail;
      const nth = mail.nth ? { nth: mail.nth } : {};
      if (!inbox)
        return mail.spawn || mail.from === CLIENT_SENDER
          ? []
          : [{ from: mail.from, summary: mail.summary, color: mail.color, text: mail.text, at, ...nth }];
      const message = takenMessageOf(inbox, mail);
      return message ? [{ from: message.from, summary: message.summary, color: message.color, text: message.body, at, ...nth }] : [];
    });
  }

  /** Incidents raised and cleared since `before` (all standing when `whole`), not those from transcripts: they can quote a tool's input. */
  incidentsFor(
    team: string,
    before: IncidentLog | undefined,
    after: IncidentLog,
    state: TeamState | undefined,
    whole: boolean,
  ): [team: string, line: string] | undefined {
    const recorded = (incident: Incident) => !TRANSCRIPT_KINDS.has(incident.kind);
    const open = [...after.open.values()].filter(recorded);
    const raised = whole ? open : open.filter((incident) => before?.open.get(incident.id) !== incident);
    const cleared = after.cleared === before?.cleared ? [] : after.cleared.slice(before?.cleared.length ?? 0).filter(recorded);
    if (!whole && raised.length === 0 && cleared.length === 0) return undefined;
    const place = (message: InboxMessage): number => {
      const inbox = state?.inboxes.get(message.to);
      return (inbox && positionOf(inbox, message.key)) ?? -1;
    };
    return this.line(team, {
      op: 'incidents',
      t: Number.isFinite(after.judgedAt) ? after.judgedAt : this.now(),
      path: `teams/${team}`,
      raised: raised.map((incident) => recordedIncident(incident, place)),
      cleared: cleared.map((incident) => recordedIncident(incident, place)),
      ...(whole && { whole }),
    });
  }

  /** A line per member whose state or tool changed (as `--follow --json` says), or whose figures changed while idle. */
  activityFor(team: TeamState, now: number): [team: string, line: string][] {
    if (team.transcripts.size === 0 || this.looked.get(team.name) === team) return [];
    this.looked.set(team.name, team);
    let said = this.said.get(team.name);
    if (!said) this.said.set(team.name, (said = new Map<string, Said>()));
    const figuresOf = selectUsage(team).members;
    const lines: [string, string][] = [];
    for (const [member, activity] of selectActivity(team, now)) {
      const before = said.get(member);
      const figures = recordable(figuresOf.get(member) ?? null);
      const idle = activity.state === 'idle' || activity.state === 'unknown';
      if (!activityChanged(before?.activity, activity) && !(idle && !sameUsage(before?.usage ?? null, figures))) continue;
      said.set(member, { activity, usage: figures });
      const { state, tool, since } = activity;
      // Most changes come with the same figures (a call's end, a turn's): a restore parses every line.
      const usage = before && sameUsage(before.usage, figures) ? {} : { usage: figures };
      lines.push(this.line(team.name, { op: 'activity', t: now, path: `teams/${team.name}`, member, state, tool, since, ...usage }));
    }
    return lines;
  }

  private line(team: string, entry: JournalEntry | IncidentsEntry | ActivityEntry): [string, string] {
    return [team, `${inertJson(entry)}\n`];
  }
}

function targetOf(observation: Extract<Observation, { kind: 'config' | 'task' | 'agent-status' }>): TeamFileTarget {
  switch (observation.kind) {
    case 'config':
      return { kind: observation.flat ? 'team-file' : 'config', team: observation.team };
    case 'task':
      return { kind: 'task', team: observation.team, id: observation.task.id };
    case 'agent-status':
      return { kind: 'agent-status', team: observation.team, member: observation.member };
  }
}

/** A member's figures as an `activity` line holds them: what its schema takes back. */
function recordable(usage: MemberUsage | null): MemberUsage | null {
  if (usage === null) return null;
  // A count a line holds is a safe integer, a figure finite (usage.ts clamps the figures shown the same way).
  const counts = Object.fromEntries(USAGE_COUNTS.map((key) => [key, clampCount(usage[key])])) as Pick<
    MemberUsage,
    (typeof USAGE_COUNTS)[number]
  >;
  const { contextWindow, contextWindowSource, compactions, lastCompaction, subagents } = usage;
  return {
    ...counts,
    contextPercent: clampFigure(usage.contextPercent),
    costUSD: clampFigure(usage.costUSD),
    costEstimated: usage.costEstimated,
    // Since issue 35: facts about the context and the subagents, never what a transcript says (a trigger is the client's word).
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(contextWindowSource === undefined ? {} : { contextWindowSource }),
    ...(compactions === undefined ? {} : { compactions: clampCount(compactions) }),
    ...(lastCompaction === undefined ? {} : { lastCompaction }),
    ...(subagents === undefined ? {} : { subagents: subagents && { ...subagents, costUSD: clampFigure(subagents.costUSD) } }),
  };
}

const sameUsage = (a: MemberUsage | null, b: MemberUsage | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    Object.keys(a).every((key) => {
      const [x, y] = [a[key as keyof MemberUsage], b[key as keyof MemberUsage]];
      // The figures that are objects (the last compaction, the subagents) compared by what they hold.
      return x === y || (typeof x === 'object' && x !== null && JSON.stringify(x) === JSON.stringify(y));
    }));
