/**
 * The journal's lines: an append-only JSONL file per run and team, a header then one thing seen a line.
 * The format, with examples, and what it never holds: docs/internals/journal.md.
 */
import { thresholdsSchema } from '../../core/model/settings.js';
import * as z from 'zod/mini';
import { MAX_FIGURE } from '../../core/model/usage.js';
import { ACTIVITY_STATES, type ActivityState } from '../../core/model/activity.js';

export const JOURNAL_VERSION = 2;

const count = z.int().check(z.gte(0));

/** A time a Date can hold: past ±8.64e15 ms `toISOString()` throws, and a recording is something strangers send. */
const instant = z.number().check(z.gte(-8.64e15), z.lte(8.64e15));

/** An inbox element, only its shape checked: the inbox decoder reads its fields, and a schema here would walk them all again. */
const element = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

export const HeaderSchema = z.looseObject({
  teamtop: z.literal('journal'),
  v: z.number(),
  run: z.string(),
  team: z.string(),
  claudeDir: z.string(),
  started: instant,
  /** The run records its incidents, diagnosed with these thresholds: a replay with the same ones takes them as recorded. */
  incidents: z.optional(thresholdsSchema),
});
export type JournalHeader = z.infer<typeof HeaderSchema>;

/** A time, or null where the files did not say (NaN, which JSON writes as null). */
const maybeInstant = z.nullable(instant);

const RecordedEvidenceSchema = z.union([
  z.looseObject({ kind: z.literal('message'), ref: z.string(), at: maybeInstant, to: z.string(), n: z.int() }),
  z.looseObject({ kind: z.enum(['task', 'member', 'inbox']), ref: z.string(), at: maybeInstant }),
]);

const RecordedIncidentSchema = z.looseObject({
  id: z.string(),
  kind: z.string(),
  severity: z.enum(['warning', 'info']),
  subject: z.string(),
  members: z.array(z.string()),
  since: maybeInstant,
  summary: z.string(),
  action: z.string(),
  evidence: z.array(RecordedEvidenceSchema),
  raisedAt: maybeInstant,
  clearedAt: maybeInstant,
  cleared: z.nullable(z.string()),
});
export type RecordedIncidentLine = z.infer<typeof RecordedIncidentSchema>;

const STATES: ReadonlySet<unknown> = new Set(ACTIVITY_STATES);

/** Token counts and tool calls (counts: a safe integer, never negative), told without the schema. */
export const USAGE_COUNTS = [
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheCreationTokens',
  'contextTokens',
  'toolCalls',
] as const;
/** Dollars and percentages: finite, and not past what any run costs or fills (MAX_FIGURE, usage.ts). */
const figure = z.number().check(z.gte(0), z.lte(MAX_FIGURE));

export const RecordedUsageSchema = z.looseObject({
  inputTokens: count,
  outputTokens: count,
  cacheReadTokens: count,
  cacheCreationTokens: count,
  contextTokens: count,
  toolCalls: count,
  contextPercent: z.nullable(figure),
  costUSD: z.nullable(figure),
  costEstimated: z.boolean(),
});

export const EntrySchema = z.discriminatedUnion('op', [
  z.looseObject({
    op: z.literal('file'),
    t: instant,
    live: z.boolean(),
    path: z.string(),
    text: z.string(),
    /** Version 1: characters kept from the text recorded before for this path in the same file. */
    keep: z.optional(count),
  }),
  z.looseObject({
    op: z.literal('inbox'),
    t: instant,
    live: z.boolean(),
    path: z.string(),
    messages: z.array(z.union([element, z.tuple([count, count])])),
    /** Why each element that could not be read could not be (none when absent). */
    invalid: z.optional(z.array(z.string())),
  }),
  /** A problem with a file appeared (its message) or went (null). */
  z.looseObject({ op: z.literal('problem'), t: instant, path: z.string(), message: z.nullable(z.string()) }),
  z.looseObject({ op: z.literal('gone'), t: instant, live: z.boolean(), path: z.string() }),
  z.looseObject({ op: z.literal('folder'), t: instant, path: z.string(), present: z.boolean() }),
  /** A team's incidents changed (`path`: its folder): those raised or said anew, and those cleared. */
  z.looseObject({
    op: z.literal('incidents'),
    t: instant,
    path: z.string(),
    raised: z.array(RecordedIncidentSchema),
    cleared: z.array(RecordedIncidentSchema),
    /** `raised` is every one standing (a run's first line of a team): any other stands no more. */
    whole: z.optional(z.boolean()),
  }),
  /** Mail the member whose inbox `path` is took, as its transcript showed (see above); `followed`: its transcript was read to its end. */
  z.looseObject({
    op: z.literal('taken'),
    t: instant,
    live: z.boolean(),
    path: z.string(),
    mail: z.array(
      z.looseObject({
        from: z.string(),
        summary: z.nullable(z.string()),
        color: z.nullable(z.string()),
        text: z.string(),
        at: instant,
        spawn: z.optional(z.boolean()),
        /** The how-manyeth equal message of its record (absent: the first). */
        nth: z.optional(count),
      }),
    ),
    followed: z.optional(z.boolean()),
  }),
  /** What a member of the team (`path`: its folder) was doing and had used (a tool's name, never its input). */
  z.looseObject({
    op: z.literal('activity'),
    t: instant,
    path: z.string(),
    member: z.string(),
    state: z.enum(ACTIVITY_STATES as [ActivityState, ...ActivityState[]]),
    tool: z.nullable(z.string()),
    since: maybeInstant,
    /** Absent: as the member's line before in the same file said. */
    usage: z.optional(z.nullable(RecordedUsageSchema)),
  }),
]);
export type JournalEntry = z.infer<typeof EntrySchema>;

const isInstant = (value: unknown): boolean => typeof value === 'number' && value >= -8.64e15 && value <= 8.64e15;
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const isElement = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPieces = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((piece) => isElement(piece) || (Array.isArray(piece) && piece.length === 2 && isCount(piece[0]) && isCount(piece[1])));
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isFigure = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= MAX_FIGURE;
const isUsage = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (!isElement(value) || Object.hasOwn(value, '__proto__')) return false;
  const usage = value as Record<string, unknown>;
  return (
    USAGE_COUNTS.every((key) => isCount(usage[key])) &&
    (usage['contextPercent'] === null || isFigure(usage['contextPercent'])) &&
    (usage['costUSD'] === null || isFigure(usage['costUSD'])) &&
    typeof usage['costEstimated'] === 'boolean'
  );
};

const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string';
const isTakenMail = (value: unknown): boolean => {
  if (!isElement(value) || Object.hasOwn(value as object, '__proto__')) return false;
  const mail = value as Record<string, unknown>;
  return (
    typeof mail['from'] === 'string' &&
    isNullableString(mail['summary']) &&
    isNullableString(mail['color']) &&
    typeof mail['text'] === 'string' &&
    isInstant(mail['at']) &&
    (mail['spawn'] === undefined || typeof mail['spawn'] === 'boolean') &&
    (mail['nth'] === undefined || isCount(mail['nth']))
  );
};

/** A parsed line `EntrySchema` would take as it is, told without it (faster on a long journal); the rest goes through the schema. */
export function isPlainEntry(value: unknown): value is JournalEntry {
  if (!isElement(value)) return false;
  const entry = value as Record<string, unknown>;
  // An own `__proto__` key the schema gives back without: such a line is left to it.
  if (!isInstant(entry['t']) || typeof entry['path'] !== 'string' || Object.hasOwn(entry, '__proto__')) return false;
  const live = typeof entry['live'] === 'boolean';
  switch (entry['op']) {
    case 'inbox':
      return live && isPieces(entry['messages']) && (entry['invalid'] === undefined || isStrings(entry['invalid']));
    case 'file':
      return live && typeof entry['text'] === 'string' && (entry['keep'] === undefined || isCount(entry['keep']));
    case 'gone':
      return live;
    case 'taken':
      return (
        live &&
        Array.isArray(entry['mail']) &&
        entry['mail'].every(isTakenMail) &&
        (entry['followed'] === undefined || typeof entry['followed'] === 'boolean')
      );
    case 'folder':
      return typeof entry['present'] === 'boolean';
    case 'problem':
      return typeof entry['message'] === 'string' || entry['message'] === null;
    case 'activity':
      return (
        typeof entry['member'] === 'string' &&
        STATES.has(entry['state']) &&
        (typeof entry['tool'] === 'string' || entry['tool'] === null) &&
        (entry['since'] === null || isInstant(entry['since'])) &&
        isUsage(entry['usage'])
      );
    default:
      return false;
  }
}

export type JournalLine =
  { readonly kind: 'header'; readonly header: JournalHeader } | { readonly kind: 'entry'; readonly entry: JournalEntry };
