// Compaction: the client compacts at CLAUDE_CODE_AUTO_COMPACT_WINDOW=200000,
// and the lead's fourth response reports a context of 190,200 tokens (most of
// it read from the cache), so before its next call the client summarises the
// conversation (a side call the fake model answers, written to no transcript),
// writes a `compact_boundary` and the summary, and goes on from there. bob
// does his task meanwhile and shuts down when asked.
import { lastCostState, responses, usageSum } from '../client-records.mjs';
import { bobWritesTheParser, doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

const leadRecords = (records) => records.member('team-lead')?.records ?? [];
const boundaryOf = (records) => leadRecords(records).find((record) => record.type === 'system' && record.subtype === 'compact_boundary');
const contextOf = (usage) => usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
const FIELDS = [
  ['input_tokens', 'inputTokens'],
  ['output_tokens', 'outputTokens'],
  ['cache_read_input_tokens', 'cacheReadInputTokens'],
  ['cache_creation_input_tokens', 'cacheCreationInputTokens'],
];

/** What the lead's context holds after bob is spawned: over 94 % of the 200k window. */
export const FULL = { input_tokens: 4000, cache_read_input_tokens: 186000, cache_creation_input_tokens: 200 };

export const scenario = {
  name: 'compaction',
  summary: "lead + bob: the lead's context passes the 200k window the client compacts at; it compacts and goes on",
  modes: ['in-process'],
  env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '200000' },
  /** The summary call reads the conversation it summarises: as much as the call before it. */
  summaryUsage: FULL,

  /** What the client wrote (client-records.mjs). */
  client: [
    {
      says: "the lead's transcript holds one compact_boundary: compactMetadata {trigger, preTokens over 190,000, postTokens, durationMs}",
      check: (records) => {
        const boundary = boundaryOf(records);
        const metadata = boundary?.compactMetadata;
        return (
          (typeof metadata?.trigger === 'string' &&
            metadata.preTokens > 190_000 &&
            metadata.postTokens < metadata.preTokens &&
            typeof metadata.durationMs === 'number') ||
          JSON.stringify(metadata)
        );
      },
    },
    {
      says: 'the summary follows it: a user record with isCompactSummary',
      check: (records) => {
        const lead = leadRecords(records);
        const at = lead.indexOf(boundaryOf(records));
        return lead.slice(at + 1).some((record) => record.type === 'user' && record.isCompactSummary === true);
      },
    },
    {
      says: 'the response before it reported a context of 190,200 tokens',
      check: (records) => {
        const lead = leadRecords(records);
        const before = responses(lead.slice(0, lead.indexOf(boundaryOf(records)))).at(-1);
        return contextOf(before.message.usage) === contextOf(FULL) || contextOf(before.message.usage);
      },
    },
    {
      says: "the summary call is in no transcript, only in the lead's cost-state (which counts the whole process): 186,000 tokens read from the cache more",
      check: (records) => {
        const cost = lastCostState(leadRecords(records));
        if (!cost) return 'no cost-state';
        const usage = Object.values(cost.modelUsage).reduce(
          (sum, model) => Object.fromEntries(FIELDS.map(([, key]) => [key, (sum[key] ?? 0) + model[key]])),
          {},
        );
        const written = FIELDS.map(([field]) =>
          records.transcripts.reduce((sum, transcript) => sum + usageSum(transcript.records, field), 0),
        );
        const cacheRead = FIELDS.findIndex(([field]) => field === 'cache_read_input_tokens');
        return (
          (FIELDS.every(([, key], i) => usage[key] > written[i]) &&
            usage.cacheReadInputTokens - written[cacheRead] >= FULL.cache_read_input_tokens) ||
          JSON.stringify({ usage, written })
        );
      },
    },
  ],

  /** Issue 35: the compaction shown, the context against the window the client compacts at, the client's cost. */
  teamtop: [
    {
      says: "the lead's context is measured against the 200k window (the transcript shows it)",
      issue: 35,
      check: ({ json }) => {
        const lead = json.teams[0].members.find((member) => member.isLead);
        return lead.usage.contextWindow === 200_000 && lead.usage.contextWindowSource === 'compaction';
      },
    },
    {
      says: 'the compaction is shown on the lead, with its trigger and tokens before and after',
      issue: 35,
      check: ({ json, records }) => {
        const { compactMetadata } = boundaryOf(records);
        const last = json.teams[0].members.find((member) => member.isLead).usage.lastCompaction;
        return (
          last?.preTokens === compactMetadata.preTokens &&
          last.postTokens === compactMetadata.postTokens &&
          last.trigger === compactMetadata.trigger
        );
      },
    },
  ],

  lead(turn) {
    const opening = bobWritesTheParser(turn, 'c');
    // Every answer after the spawn reports the full context, until the compaction.
    if (opening) return turn.done('c03') && !turn.compacted ? turn.usage(FULL, opening) : opening;
    if (!turn.done('c04')) return turn.tools('c04', [shutdownRequest('bob', 'parser done')]);
    if (!turn.shutDown('bob')) return turn.say('Waiting for bob to shut down.');
    turn.finish();
    return turn.say('ALL DONE: bob has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('b05')) return turn.tools('b05', [shutdownAnswer(request)]);
    return doesTask(turn, 'b', 'bob', '1');
  },
};
