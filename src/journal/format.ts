/**
 * The journal: an append-only JSONL record of what teamtop saw, one file per run
 * and team. The first line of a file is a header; each further line is one thing
 * seen: a file's new text (whole, or as a patch of the text recorded before it in
 * the same file), a file removed, a folder appearing or disappearing.
 *
 * ```
 * {"teamtop":"journal","v":1,"run":"…","team":"alpha","claudeDir":"/home/me/.claude","started":1767…}
 * {"op":"file","t":1767…,"live":true,"path":"teams/alpha/inboxes/lead.json","text":"[…]"}
 * {"op":"file","t":1767…,"live":true,"path":"teams/alpha/inboxes/lead.json","keep":5120,"text":",\n  {…}\n]"}
 * {"op":"gone","t":1767…,"live":true,"path":"tasks/alpha/3.json"}
 * {"op":"folder","t":1767…,"path":"teams/alpha","present":false}
 * ```
 */
import * as z from 'zod/mini';

export const JOURNAL_VERSION = 1;

export const HeaderSchema = z.looseObject({
  teamtop: z.literal('journal'),
  v: z.number(),
  run: z.string(),
  team: z.string(),
  claudeDir: z.string(),
  started: z.number(),
});
export type JournalHeader = z.infer<typeof HeaderSchema>;

export const EntrySchema = z.discriminatedUnion('op', [
  z.looseObject({
    op: z.literal('file'),
    t: z.number(),
    live: z.boolean(),
    path: z.string(),
    text: z.string(),
    /** Characters kept from the text recorded before for this path in the same file. */
    keep: z.optional(z.int().check(z.gte(0))),
  }),
  z.looseObject({ op: z.literal('gone'), t: z.number(), live: z.boolean(), path: z.string() }),
  z.looseObject({ op: z.literal('folder'), t: z.number(), path: z.string(), present: z.boolean() }),
]);
export type JournalEntry = z.infer<typeof EntrySchema>;

/** A line of a journal file: a run's header or one entry. */
export type JournalLine = { readonly kind: 'header'; readonly header: JournalHeader } | { readonly kind: 'entry'; readonly entry: JournalEntry };
