// A teammate's own subagent: alice, working on her task, starts a subagent
// (`Agent`, no `name`: not a teammate) that runs a 4 s command and reports.
// In process the call waits for the subagent; in tmux it runs in the
// background and alice hears of its end later. Then she completes her task,
// tells the lead and approves her shutdown.
import { responses, toolResults, toolUses, usageSum } from '../client-records.mjs';
import { shutdownAnswer, shutdownRequest, subagentPrompt, TASK_TOOLS } from '../script-kit.mjs';

/** The call that started the subagent: alice's step a03. */
const CALL = 'toolu_alice_a03_0';
const scoutOf = (records) => records.subagentsOf('alice');
const TOKENS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'];

export const SURVEY = 'sleep 4';

export const scenario = {
  name: 'subagents',
  summary: "lead + alice: alice's own subagent scout runs a 4 s command (in process: in the call; in tmux: in the background)",

  /** What the client wrote (client-records.mjs). */
  client: [
    { says: 'alice started one subagent', check: (records) => scoutOf(records).length === 1 || `${scoutOf(records).length}` },
    {
      says: "its .meta.json: toolUseId (alice's Agent call), spawnDepth 1, no name",
      check: ({ subagentsOf }) => {
        const meta = subagentsOf('alice')[0]?.meta;
        return (meta?.toolUseId === CALL && meta.spawnDepth === 1 && meta.name === undefined) || JSON.stringify(meta);
      },
    },
    {
      says: "in process: in <leadSessionId>/subagents/, parentAgentId alice's agent id, run in the foreground",
      modes: ['in-process'],
      check: (records) => {
        const [scout] = scoutOf(records);
        const alice = records.member('alice');
        return (
          (scout.sessionId === records.config.leadSessionId &&
            scout.meta.parentAgentId === alice.agentId &&
            scout.meta.requestShape === 'foreground') ||
          JSON.stringify({ sessionId: scout.sessionId, meta: scout.meta })
        );
      },
    },
    {
      says: "in tmux: in alice's own <sessionId>/subagents/, no parentAgentId, run in the background",
      modes: ['tmux'],
      check: (records) => {
        const [scout] = scoutOf(records);
        const alice = records.member('alice');
        return (
          (scout.sessionId === alice.sessionId && scout.meta.parentAgentId === undefined && scout.meta.requestShape === 'background') ||
          JSON.stringify({ sessionId: scout.sessionId, meta: scout.meta })
        );
      },
    },
    {
      says: "the subagent's records: agentId (its file's), isSidechain, its session's sessionId; its Bash call answered",
      check: (records) => {
        const [scout] = scoutOf(records);
        const own = scout.records.filter((record) => record.type === 'assistant' || record.type === 'user');
        const mismatched = own.find(
          (record) => record.agentId !== scout.agentId || record.isSidechain !== true || record.sessionId !== scout.sessionId,
        );
        if (mismatched) return JSON.stringify({ agentId: mismatched.agentId, isSidechain: mismatched.isSidechain });
        const bash = toolUses(scout.records).find((use) => use.name === 'Bash' && use.input.command === SURVEY);
        return (bash !== undefined && toolResults(scout.records).has(bash.id)) || 'no answered Bash call';
      },
    },
    {
      says: "alice's Agent call's result names the subagent (toolUseResult.agentId)",
      check: (records) => {
        const result = toolResults(records.member('alice').records).get(CALL);
        return result?.toolUseResult?.agentId === scoutOf(records)[0].agentId || JSON.stringify(result?.toolUseResult?.agentId);
      },
    },
    {
      says: "in process: the result carries the subagent's last usage and totalTokens",
      modes: ['in-process'],
      check: (records) => {
        const { toolUseResult } = toolResults(records.member('alice').records).get(CALL);
        const last = responses(scoutOf(records)[0].records).at(-1).message.usage;
        const total = TOKENS.reduce((sum, field) => sum + last[field], 0);
        return (
          (toolUseResult.usage?.input_tokens === last.input_tokens && toolUseResult.totalTokens === total) ||
          JSON.stringify(toolUseResult.usage)
        );
      },
    },
    {
      says: 'in tmux: alice is told of its end by a queue-operation and a user record, after her turn ended with pendingBackgroundAgentCount 1',
      modes: ['tmux'],
      check: (records) => {
        const alice = records.member('alice').records;
        const pending = alice.findIndex((record) => record.subtype === 'turn_duration' && record.pendingBackgroundAgentCount === 1);
        const queued = alice.findIndex((record) => record.type === 'queue-operation');
        return (pending >= 0 && queued > pending) || `turn_duration at ${pending}, queue-operation at ${queued}`;
      },
    },
    {
      says: "the subagent's tokens are in no record of alice's own transcript",
      check: (records) => {
        const scout = responses(scoutOf(records)[0].records).map((record) => record.message.id);
        const own = new Set(responses(records.member('alice').records).map((record) => record.message.id));
        return (scout.length > 0 && scout.every((id) => !own.has(id))) || 'shared responses';
      },
    },
  ],

  /** Issue 35: a subagent counts toward its member. */
  teamtop: [
    {
      says: "alice's tokens include her subagent's, and usage.subagents gives them apart",
      issue: 35,
      check: ({ json, records }) => {
        const alice = json.teams[0].members.find((member) => member.name === 'alice');
        const own = usageSum(records.member('alice').records, 'input_tokens');
        const scout = usageSum(scoutOf(records)[0].records, 'input_tokens');
        return alice.usage.inputTokens === own + scout && alice.usage.subagents?.inputTokens === scout;
      },
    },
    {
      says: 'live: alice was shown running Bash inside her Agent call (▶ Agent › Bash)',
      issue: 35,
      check: ({ events }) =>
        events.some((event) => event.member === 'alice' && event.activity?.tool === 'Agent' && /Bash/u.test(event.activity.detail ?? '')),
    },
  ],

  lead(turn) {
    if (!turn.done('g01'))
      return turn.tools('g01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('g02'))
      return turn.tools('g02', [['TaskCreate', { subject: 'Survey the repo', description: 'alice surveys it', activeForm: 'Surveying' }]]);
    if (!turn.done('g03')) {
      const prompt = 'You are alice. Work on task #1.';
      return turn.tools('g03', [['Agent', { description: 'alice surveys', name: 'alice', subagent_type: 'general-purpose', prompt }]]);
    }
    if (!turn.plain('alice').some((text) => text.includes('alice: task 1 done'))) return turn.say('Waiting for alice.');
    if (!turn.done('g04')) return turn.tools('g04', [shutdownRequest('alice', 'survey done')]);
    if (!turn.shutDown('alice')) return turn.say('Waiting for alice to shut down.');
    turn.finish();
    return turn.say('ALL DONE: alice has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('a06')) return turn.tools('a06', [shutdownAnswer(request)]);
    if (!turn.done('a01')) return turn.tools('a01', [TASK_TOOLS]);
    if (!turn.done('a02')) return turn.tools('a02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'alice' }]]);
    if (!turn.done('a03'))
      return turn.tools('a03', [
        [
          'Agent',
          { description: 'scout surveys', subagent_type: 'general-purpose', prompt: subagentPrompt('scout', 'alice', 'Survey the repo.') },
        ],
      ]);
    // In tmux the call returns at once; the subagent's report comes later.
    if (!turn.text.includes('scout: survey done')) return turn.say('alice: waiting for scout.');
    if (!turn.done('a04')) return turn.tools('a04', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    if (!turn.done('a05'))
      return turn.tools('a05', [['SendMessage', { to: 'team-lead', summary: 'alice done', message: 'alice: task 1 done' }]]);
    return turn.say('alice: nothing more to do.');
  },

  subagent(turn) {
    if (!turn.done('s01')) return turn.tools('s01', [['Bash', { command: SURVEY, description: 'survey the repo' }]]);
    return turn.say('scout: survey done');
  },
};
