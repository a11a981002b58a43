// Two teammates whose model calls fail. alice's second call is answered
// 529, 529, then 429 with `retry-after: 3`, then succeeds: the client retries
// by itself. carol's every call is answered 500: with CLAUDE_CODE_MAX_RETRIES=4
// each turn makes five tries and gives up; the lead's message to her and its
// shutdown request each wake her into another failing turn. The lead ends the
// run with carol never answering.
import { msOf, teammateMessages, toolResults, toolUses } from '../client-records.mjs';
import { doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

/** Tries per turn with CLAUDE_CODE_MAX_RETRIES=4. */
const TRIES = 5;
const recordsOf = (records, name) => records.member(name)?.records ?? [];
/** The assistant records that stand for a failed turn. */
const apiErrors = (records, name) =>
  recordsOf(records, name).filter((record) => record.type === 'assistant' && record.isApiErrorMessage === true);
/** carol's idle notifications to the lead as the client wrote them to the lead's inbox. */
const failedIdles = (records) =>
  records.messages.filter(
    (message) => message.from === 'carol' && message.kind === 'idle_notification' && message.protocol.idleReason === 'failed',
  );

/** The api-request records between alice's first tool result and her second response: one per try. */
function aliceTries(records) {
  const transcript = recordsOf(records, 'alice');
  const uses = toolUses(transcript);
  const first = toolResults(transcript).get(uses.find((use) => use.id === 'toolu_alice_a01_0')?.id);
  const second = uses.find((use) => use.id === 'toolu_alice_a02_0')?.record;
  if (!first || !second) return [];
  return transcript.slice(transcript.indexOf(first), transcript.indexOf(second)).filter((record) => record.type === 'api-request');
}

/** The idle notifications `from` sent the lead whose turn ended in an error. */
const failedTurns = (turn, from) =>
  turn.frames('idle_notification').filter((frame) => frame.from === from && frame.idleReason === 'failed').length;

export const scenario = {
  name: 'api-errors',
  summary: 'lead + alice + carol: alice gets 529, 529, 429 (retry-after 3) then a success; carol gets 500 every time',
  modes: ['in-process'],
  env: { CLAUDE_CODE_MAX_RETRIES: '4' },

  /** What the client wrote (client-records.mjs). */
  client: [
    {
      says: "alice's second response took four tries, each an api-request record",
      check: (records) => aliceTries(records).length === 4 || `${aliceTries(records).length} tries`,
    },
    {
      says: 'the try after the 429 waited for its retry-after (3 s)',
      check: (records) => {
        const tries = aliceTries(records);
        const waited = tries.length === 4 ? msOf(tries[3]) - msOf(tries[2]) : 0;
        return waited >= 2900 || `${waited} ms`;
      },
    },
    { says: 'alice wrote no error record', check: (records) => apiErrors(records, 'alice').length === 0 },
    {
      says: "each of carol's three turns ended in an assistant record: isApiErrorMessage, apiErrorStatus 500, error, model <synthetic>, zero usage",
      check: (records) => {
        const errors = apiErrors(records, 'carol');
        if (errors.length !== 3) return `${errors.length} error records`;
        const wrong = errors.find(
          (record) =>
            record.apiErrorStatus !== 500 ||
            typeof record.error !== 'string' ||
            record.message.model !== '<synthetic>' ||
            record.message.usage.input_tokens !== 0 ||
            record.message.usage.output_tokens !== 0,
        );
        return wrong === undefined || JSON.stringify({ ...wrong, message: { model: wrong.message.model, usage: wrong.message.usage } });
      },
    },
    {
      says: `carol made ${TRIES} tries (api-request records) per failed turn, and no response`,
      check: (records) => {
        const carol = recordsOf(records, 'carol');
        const tries = carol.filter((record) => record.type === 'api-request').length;
        const responses = carol.filter((record) => record.type === 'assistant' && !record.isApiErrorMessage).length;
        return (tries === TRIES * 3 && responses === 0) || `${tries} tries, ${responses} responses`;
      },
    },
    {
      says: 'each failed turn sent the lead an idle_notification with idleReason "failed" and a failureReason giving the status',
      check: (records) => {
        const idles = failedIdles(records);
        return (idles.length === 3 && idles.every((idle) => idle.protocol.failureReason.startsWith('API Error: 500'))) || `${idles.length}`;
      },
    },
    {
      says: "the lead's transcript took each as a <teammate-message> from carol",
      check: (records) => {
        const taken = teammateMessages(recordsOf(records, 'team-lead')).filter(
          (element) => element.attributes.teammate_id === 'carol' && element.protocol?.idleReason === 'failed',
        );
        return taken.length === 3 || `${taken.length}`;
      },
    },
    {
      says: "the lead's message and its shutdown request each woke carol into a failing turn, never answered",
      check: (records) => {
        const heard = teammateMessages(recordsOf(records, 'carol')).filter((element) => element.attributes.teammate_id === 'team-lead');
        const answered = records.messages.some((message) => message.from === 'carol' && message.kind.startsWith('shutdown_'));
        return (
          (heard.length === 3 && heard.some((element) => element.protocol?.type === 'shutdown_request') && !answered) ||
          `${heard.length} heard`
        );
      },
    },
  ],

  /** Issue 35: failing is not thinking, and a failing member is no ignored shutdown. */
  teamtop: [
    {
      says: 'carol is failing (500, three turns in a row)',
      issue: 35,
      check: ({ json }) => {
        const { activity } = json.teams[0].members.find((member) => member.name === 'carol');
        return activity.state === 'failing' && activity.failure?.status === 500 && activity.failure.turns >= 3;
      },
    },
    {
      says: 'live: alice was shown retrying while her call was tried again (529, 529, 429 with retry-after 3)',
      issue: 35,
      check: ({ events }) => events.some((event) => event.member === 'alice' && event.activity?.state === 'retrying'),
    },
    {
      says: 'alice is not failing',
      issue: 35,
      check: ({ json }) => json.teams[0].members.find((member) => member.name === 'alice').activity.state !== 'failing',
    },
    {
      says: 'doctor: api-failing for carol, and no ignored-shutdown',
      issue: 35,
      check: ({ doctor }) =>
        doctor.teams[0].diagnoses.some((diagnosis) => diagnosis.kind === 'api-failing') &&
        !doctor.teams[0].diagnoses.some((diagnosis) => diagnosis.kind === 'ignored-shutdown'),
    },
  ],

  lead(turn) {
    if (!turn.done('e01'))
      return turn.tools('e01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('e02'))
      return turn.tools('e02', [
        ['TaskCreate', { subject: 'Fetch the data', description: 'alice fetches it', activeForm: 'Fetching' }],
        ['TaskCreate', { subject: 'Build the index', description: 'carol builds it', activeForm: 'Indexing' }],
      ]);
    if (!turn.done('e03')) {
      return turn.tools('e03', [
        [
          'Agent',
          { description: 'alice fetches', name: 'alice', subagent_type: 'general-purpose', prompt: 'You are alice. Work on task #1.' },
        ],
        [
          'Agent',
          { description: 'carol indexes', name: 'carol', subagent_type: 'general-purpose', prompt: 'You are carol. Work on task #2.' },
        ],
      ]);
    }
    const aliceDone = turn.plain('alice').some((text) => text.includes('alice: task 1 done'));
    if (!aliceDone || failedTurns(turn, 'carol') < 1) return turn.say('Waiting for alice and carol.');
    if (!turn.done('e04'))
      return turn.tools('e04', [['SendMessage', { to: 'carol', summary: 'status?', message: 'carol, are you there?' }]]);
    if (failedTurns(turn, 'carol') < 2) return turn.say('Waiting for carol.');
    if (!turn.done('e05')) return turn.tools('e05', [shutdownRequest('alice', 'data fetched'), shutdownRequest('carol', 'giving up')]);
    if (!turn.shutDown('alice') || failedTurns(turn, 'carol') < 3) return turn.say('Waiting for alice and carol to shut down.');
    turn.finish();
    return turn.say('ALL DONE: alice has shut down; carol never answered.');
  },

  teammate(turn) {
    if (turn.who === 'carol') return turn.error(500, 'api_error', 'fake internal error');
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('a05')) return turn.tools('a05', [shutdownAnswer(request)]);
    // Her second call: overloaded twice, then rate limited for 3 s, then answered.
    if (turn.done('a01') && !turn.done('a02')) {
      const failed = turn.failures();
      if (failed < 2) return turn.error(529, 'overloaded_error', 'fake overloaded');
      if (failed < 3) return turn.error(429, 'rate_limit_error', 'fake rate limit', { 'retry-after': '3' });
    }
    return doesTask(turn, 'a', 'alice', '1');
  },
};
