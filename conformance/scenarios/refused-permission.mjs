// A refused permission, and a task left without an owner. No bypass of
// permissions: alice starts task #1 and runs `rm -rf ./build`, which asks for
// permission; the person at the lead's pane says no (Escape). In process the
// refusal is her tool result's permissionDecision; in tmux it comes back as a
// permission_response of subtype error. She tells the lead, who asks her to
// shut down; she approves, and the client puts her in-progress task back to
// pending with no owner.
import { toolResults } from '../client-records.mjs';
import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

/** The tool result of alice's refused call (step a03). */
const refusedResult = (records) => toolResults(records.member('alice')?.records ?? []).get('toolu_alice_a03_0');

export const REFUSED_COMMAND = 'rm -rf ./build';

export const scenario = {
  name: 'refused-permission',
  summary: 'lead + alice, permissions asked: her `rm -rf` is refused; she shuts down with her task in progress',
  // Asked, not decided by 2.1.332's default auto mode (which runs a classifier).
  claudeArgs: ['--permission-mode', 'default'],
  answerDialogs: true,
  denyDialogs: /rm -rf/u,

  /** What the client wrote (client-records.mjs). */
  client: [
    {
      says: "alice's refused call: permissionDecision {decision: reject, source: user_reject}, an is_error tool result",
      check: (records) => {
        const result = refusedResult(records);
        const block = result?.message.content.find((candidate) => candidate.type === 'tool_result');
        return (
          (result?.permissionDecision?.decision === 'reject' &&
            result.permissionDecision.source === 'user_reject' &&
            block.is_error === true) ||
          JSON.stringify(result?.permissionDecision)
        );
      },
    },
    {
      says: 'in tmux: a permission_request from alice and a permission_response of subtype error, for her call',
      modes: ['tmux'],
      check: (records) => {
        const request = records.messages.find((message) => message.kind === 'permission_request');
        const response = records.messages.find((message) => message.kind === 'permission_response');
        return (
          (request?.from === 'alice' &&
            request.protocol.tool_use_id === 'toolu_alice_a03_0' &&
            response?.to === 'alice' &&
            response.protocol.subtype === 'error' &&
            response.protocol.request_id === request.protocol.request_id) ||
          JSON.stringify(response?.protocol)
        );
      },
    },
    {
      says: 'in process: no permission message in any inbox',
      modes: ['in-process'],
      check: (records) => !records.messages.some((message) => message.kind.startsWith('permission_')),
    },
    {
      says: 'when alice shut down, task #1 went from in_progress under alice to pending with no owner',
      check: (records) => {
        const versions = records.taskVersions('1').map(({ data }) => `${data.status}${data.owner === undefined ? '' : `@${data.owner}`}`);
        return versions.join(' → ') === 'pending → in_progress@alice → pending' || versions.join(' → ');
      },
    },
    {
      says: 'the reset came after her shutdown_approved',
      check: (records) => {
        const approved = records.messages.find((message) => message.kind === 'shutdown_approved');
        const reset = records.taskVersions('1').at(-1);
        return (
          (approved !== undefined && reset.ms >= approved.writtenMs) || JSON.stringify({ approved: approved?.writtenMs, reset: reset.ms })
        );
      },
    },
  ],

  /** Issue 35: after the run, doctor and the report mention the refusal and the task left without an owner. */
  teamtop: [
    {
      says: 'doctor: an info for the refused permission, and one for task #1 back to pending without an owner',
      issue: 35,
      check: ({ doctor }) => {
        const infos = doctor.teams[0].diagnoses.filter((diagnosis) => diagnosis.severity === 'info');
        const refused = infos.find((diagnosis) => diagnosis.kind === 'permission-refused' && diagnosis.members.includes('alice'));
        const unowned = infos.find((diagnosis) => diagnosis.kind === 'task-unowned');
        return /Bash/u.test(refused?.summary ?? '') && /#1\b/u.test(unowned?.summary ?? '');
      },
    },
  ],

  lead(turn) {
    if (!turn.done('r01'))
      return turn.tools('r01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('r02'))
      return turn.tools('r02', [['TaskCreate', { subject: 'Clean the build', description: 'alice cleans it', activeForm: 'Cleaning' }]]);
    if (!turn.done('r03')) {
      const prompt = 'You are alice. Work on task #1.';
      return turn.tools('r03', [
        ['Agent', { description: 'alice cleans the build', name: 'alice', subagent_type: 'general-purpose', prompt }],
      ]);
    }
    if (!turn.plain('alice').some((text) => text.includes('alice: refused'))) return turn.say('Waiting for alice.');
    if (!turn.done('r04')) return turn.tools('r04', [shutdownRequest('alice', 'leave the build as it is')]);
    if (!turn.shutDown('alice')) return turn.say('Waiting for alice to shut down.');
    // Time for what the client writes after her departure (the task back to
    // pending, and its word of it to the lead), then a look at the list.
    if (!turn.done('r05')) return turn.tools('r05', [['Bash', { command: 'sleep 2', description: 'let alice go' }]]);
    if (!turn.done('r06')) return turn.tools('r06', [['TaskList', {}]]);
    turn.finish();
    return turn.say('ALL DONE: alice has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('a05')) return turn.tools('a05', [shutdownAnswer(request)]);
    if (!turn.done('a01')) return turn.tools('a01', [TASK_TOOLS]);
    if (!turn.done('a02')) return turn.tools('a02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'alice' }]]);
    if (!turn.done('a03')) return turn.tools('a03', [['Bash', { command: REFUSED_COMMAND, description: 'clean the build' }]]);
    if (!turn.done('a04'))
      return turn.tools('a04', [
        ['SendMessage', { to: 'team-lead', summary: 'refused', message: 'alice: refused: I may not clean the build' }],
      ]);
    return turn.say('alice: waiting.');
  },
};
