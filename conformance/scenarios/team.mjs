// The lead makes three tasks (#3 blocked by #1 and #2), spawns alice and bob,
// gives them owners and messages, tries a broadcast (2.1.330 refuses it), waits
// for both to report done, then asks both to shut down: bob rejects the first
// request and approves the second. Bob runs a command that takes 3 s (Bash
// `sleep 3`) before he starts his task. 13 to 21 s.

import { shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'team',
  summary: 'lead + alice + bob: 3 tasks, messages, a refused broadcast, bob runs `sleep 3`, a shutdown rejected then approved',
  /** What the dashboard must show while it runs (work.mjs). */
  liveLines: [/▶ Bash sleep 3/u],

  lead(turn) {
    const aliceDone = turn.plain('alice').some((text) => text.includes('task 1 done'));
    const bobDone = turn.plain('bob').some((text) => text.includes('task 2 done'));
    const bobRejected = turn.frames('shutdown_rejected').some((frame) => frame.from === 'bob');
    if (!turn.done('s01'))
      return turn.tools('s01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList,TaskGet', max_results: 10 }]]);
    if (!turn.done('s02')) {
      return turn.tools('s02', [
        ['TaskCreate', { subject: 'Design API', description: 'Design the API (alice)', activeForm: 'Designing API' }],
        ['TaskCreate', { subject: 'Write tests', description: 'Write the tests (bob)', activeForm: 'Writing tests' }],
        ['TaskCreate', { subject: 'Integrate', description: 'Integrate once #1 and #2 are done', metadata: { phase: 'final' } }],
      ]);
    }
    if (!turn.done('s03')) return turn.tools('s03', [['TaskUpdate', { taskId: '3', addBlockedBy: ['1', '2'] }]]);
    if (!turn.done('s04')) {
      return turn.tools('s04', [
        [
          'Agent',
          {
            description: 'alice designs API',
            name: 'alice',
            subagent_type: 'general-purpose',
            prompt: 'You are alice. Work on task #1 (Design API).',
          },
        ],
        [
          'Agent',
          {
            description: 'bob writes tests',
            name: 'bob',
            subagent_type: 'general-purpose',
            prompt: 'You are bob. Work on task #2 (Write tests).',
          },
        ],
      ]);
    }
    if (!turn.done('s05')) {
      return turn.tools('s05', [
        ['TaskUpdate', { taskId: '1', owner: 'alice' }],
        ['TaskUpdate', { taskId: '2', owner: 'bob' }],
      ]);
    }
    if (!turn.done('s06')) {
      return turn.tools('s06', [
        ['SendMessage', { to: 'alice', summary: 'kickoff for alice', message: 'Please start on task #1 now and report when done.' }],
        ['SendMessage', { to: 'bob', summary: 'kickoff for bob', message: 'Please start on task #2 now and report when done.' }],
        ['SendMessage', { to: '*', summary: 'broadcast try', message: 'Broadcast: team, status check.' }],
      ]);
    }
    if (!(aliceDone && bobDone)) return turn.say(`Waiting for alice and bob (alice done: ${aliceDone}, bob done: ${bobDone}).`);
    if (!turn.done('s07')) {
      return turn.tools('s07', [shutdownRequest('alice', 'work complete'), shutdownRequest('bob', 'work complete')]);
    }
    if (bobRejected && !turn.done('s08')) {
      return turn.tools('s08', [
        ['SendMessage', { to: 'bob', summary: 'shutdown bob again', message: { type: 'shutdown_request', reason: 'second request' } }],
      ]);
    }
    if (!(turn.shutDown('alice') && turn.shutDown('bob'))) return turn.say('Waiting for both shutdowns.');
    if (!turn.done('s09')) {
      return turn.tools('s09', [
        ['TaskUpdate', { taskId: '3', status: 'completed', owner: 'team-lead' }],
        ['TaskList', {}],
      ]);
    }
    turn.finish();
    return turn.say('ALL DONE: team finished and shut down.');
  },

  teammate(turn) {
    const name = turn.who;
    const task = name === 'bob' ? '2' : '1';
    const peer = name === 'bob' ? 'alice' : 'bob';
    // Shutdown requests are answered in order; bob rejects the first.
    for (const [i, request] of turn.frames('shutdown_request').entries()) {
      const step = `sd${i}`;
      if (turn.done(step)) continue;
      const approve = !(name === 'bob' && i === 0);
      return turn.tools(step, [
        [
          'SendMessage',
          {
            to: 'team-lead',
            summary: approve ? 'approve shutdown' : 'reject shutdown',
            message: {
              type: 'shutdown_response',
              request_id: request.requestId ?? request.request_id,
              approve,
              ...(approve ? {} : { reason: 'still wrapping up' }),
            },
          },
        ],
      ]);
    }
    if (!turn.done('t01')) return turn.tools('t01', [TASK_TOOLS]);
    if (!turn.done('t02')) return turn.tools('t02', [['TaskUpdate', { taskId: task, status: 'in_progress', owner: name }]]);
    // A command that takes seconds: teamtop must show it running (`▶ Bash sleep 3`).
    if (name === 'bob' && !turn.done('tsl')) return turn.tools('tsl', [['Bash', { command: 'sleep 3', description: 'run the tests' }]]);
    if (!turn.done('t03'))
      return turn.tools('t03', [
        ['SendMessage', { to: 'team-lead', summary: `${name} started`, message: `${name}: started task ${task}` }],
      ]);
    if (!turn.done('t04')) return turn.tools('t04', [['TaskUpdate', { taskId: task, status: 'completed' }]]);
    if (!turn.done('t05'))
      return turn.tools('t05', [['SendMessage', { to: peer, summary: 'hello peer', message: `hi ${peer}, ${name} here (peer DM)` }]]);
    if (!turn.done('t06'))
      return turn.tools('t06', [['SendMessage', { to: 'team-lead', summary: `${name} done`, message: `${name}: task ${task} done` }]]);
    return turn.say(`${name}: nothing more to do (turn ${turn.messages.filter((m) => m.role === 'assistant').length}).`);
  },
};
