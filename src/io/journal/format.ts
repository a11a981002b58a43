/**
 * The journal: an append-only JSONL record of what teamtop saw, one file per run
 * and team. The first line of a file is a header; each further line is one thing
 * seen: a file's new text, an inbox's change, a problem with a file appearing
 * or going, a file removed, a folder appearing or disappearing.
 *
 * ```
 * {"teamtop":"journal","v":2,"run":"…","team":"alpha","claudeDir":"/home/me/.claude","started":1767…}
 * {"op":"file","t":1767…,"live":false,"path":"teams/alpha/config.json","text":"{…}"}
 * {"op":"inbox","t":1767…,"live":false,"path":"teams/alpha/inboxes/lead.json","messages":[{…},{…},{…}]}
 * {"op":"inbox","t":1767…,"live":true,"path":"teams/alpha/inboxes/lead.json","messages":[[0,3],{…}]}
 * {"op":"inbox","t":1767…,"live":true,"path":"teams/alpha/inboxes/lead.json","messages":[[1,3],{…,"read":true}]}
 * {"op":"problem","t":1767…,"path":"tasks/alpha/4.json","message":"not valid JSON at line 3, column 1"}
 * {"op":"problem","t":1767…,"path":"tasks/alpha/4.json","message":null}
 * {"op":"gone","t":1767…,"live":true,"path":"tasks/alpha/3.json"}
 * {"op":"incidents","t":1767…,"path":"teams/alpha","raised":[{"id":"stalled:…",…,"raisedAt":1767…}],"cleared":[]}
 * {"op":"activity","t":1767…,"path":"teams/alpha","member":"worker","state":"tool","tool":"Bash","since":1767…,"usage":{"inputTokens":1200,…}}
 * {"op":"activity","t":1767…,"path":"teams/alpha","member":"worker","state":"thinking","tool":null,"since":1767…}
 * {"op":"taken","t":1767…,"live":true,"path":"teams/alpha/inboxes/worker.json","mail":[{"from":"lead","summary":"go","color":null,"text":"…","at":1767…}],"followed":true}
 * {"op":"folder","t":1767…,"path":"teams/alpha","present":false}
 * ```
 *
 * A run whose header has `"incidents"` (the thresholds it judged with)
 * records the team's incidents as it judged them: all that stand with its
 * first line of the team (`"whole":true`), then each change. A replay with
 * the same thresholds takes those instead of judging every moment of the
 * history again (a judgement walks the team's history).
 *
 * An inbox is recorded as its change from the previous record of it in the
 * same file (see InboxChange): runs of the messages it held (`[start, end)`)
 * and the elements that are new or changed, as written; the first record of
 * it in a file holds every element. Above: three messages, a fourth appended,
 * then the first one gone and the fourth marked read. A file that cannot be
 * read or parsed is recorded by its problem's message, never by its text.
 *
 * An `activity` line is what a member was doing as its session transcript
 * said, when its state or the tool shown changed (and its figures when they
 * changed while it idled): its state, the tool's name, since when, and its
 * tokens, context, tool calls and cost (left out when they are what the
 * member's line before in the same file said). Never a tool's input, a result
 * or any text of a transcript: transcripts hold the user's code and secrets.
 *
 * A `taken` line is mail a member's model took, as its session transcript
 * showed it (its `<teammate-message>` records): each message's sender,
 * summary, colour and text as its inbox held them, and when it was taken;
 * `followed` once the member's transcript was read to its end. It is an inbox
 * fact, like an `inbox` line: the messages' text is the team's mail, never
 * the client's (the instructions it appends to a protocol message are left
 * out), and nothing else of a transcript.
 *
 * Version 1 recorded an inbox's whole text on every change, and an append as
 * a patch of the text before it (`keep`: characters kept); it is still read.
 */
import { thresholdsSchema } from '../../core/model/settings.js';
import * as z from 'zod/mini';
import { MAX_FIGURE } from '../../core/model/usage.js';

export const JOURNAL_VERSION = 2;

const count = z.int().check(z.gte(0));

/**
 * A time a Date can hold: past ±8.64e15 ms, `new Date(t).toISOString()`
 * throws, and a recording is something strangers send.
 */
const instant = z.number().check(z.gte(-8.64e15), z.lte(8.64e15));

/**
 * An inbox element as written: an object, its fields read later by the inbox
 * decoder. Only its shape is checked here: a schema over its fields would
 * walk every field of every message of a journal that holds years of them.
 */
const element = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

export const HeaderSchema = z.looseObject({
  teamtop: z.literal('journal'),
  v: z.number(),
  run: z.string(),
  team: z.string(),
  claudeDir: z.string(),
  started: instant,
  /**
   * The run records its incidents (`incidents` lines), judged with these
   * thresholds: a replay with the same ones takes them rather than judging the
   * team again.
   */
  incidents: z.optional(thresholdsSchema),
});
export type JournalHeader = z.infer<typeof HeaderSchema>;

/** A time, or null where the files did not say (NaN, which JSON writes as null). */
const maybeInstant = z.nullable(instant);

const RecordedEvidenceSchema = z.union([
  z.looseObject({ kind: z.literal('message'), ref: z.string(), at: maybeInstant, to: z.string(), n: z.int() }),
  z.looseObject({ kind: z.enum(['task', 'member', 'inbox']), ref: z.string(), at: maybeInstant }),
]);

/** An incident as recorded (see RecordedIncident). */
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

const ACTIVITY_STATES = ['tool', 'thinking', 'writing', 'idle', 'waiting-permission', 'unknown'] as const;
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

/** `Member.usage` as an `activity` line holds it (see MemberUsage). */
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
    state: z.enum(ACTIVITY_STATES),
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
/** `messages` as the schema takes them: elements, and runs of two counts. */
const isPieces = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((piece) => isElement(piece) || (Array.isArray(piece) && piece.length === 2 && isCount(piece[0]) && isCount(piece[1])));
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isFigure = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= MAX_FIGURE;
/** `usage` as the schema takes it (absent, null, or every figure of a fitting type). */
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
/** A `taken` line's message as the schema takes it. */
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

/**
 * A parsed line that `EntrySchema` would take as it is, told without it: a
 * journal of a long run is hundreds of thousands of lines, and the schema cost
 * more than parsing them. Anything else goes through the schema (and its message).
 */
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

/** A line of a journal file: a run's header or one entry. */
export type JournalLine =
  { readonly kind: 'header'; readonly header: JournalHeader } | { readonly kind: 'entry'; readonly entry: JournalEntry };
