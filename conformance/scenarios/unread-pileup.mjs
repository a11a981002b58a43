// alice starts a 30 s test run; meanwhile the lead writes to her twice. An
// in-process teammate takes its mail between turns, so both messages wait
// unread in her inbox until the command ends; then she reads and answers them.

const TEST_RUN = `node -e "setTimeout(() => console.log('42 tests passed'), 30000)"`;

import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'unread-pileup',
  summary: 'lead + alice: alice runs a 30 s command while the lead writes to her twice; she reads both when it ends',
  modes: ['in-process'],

  lead(turn) {
    const answered = turn.plain('alice').some((text) => text.includes('alice: sorry'));
    if (!turn.done('u01'))
      return turn.tools('u01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('u02'))
      return turn.tools('u02', [['TaskCreate', { subject: 'Run the test suite', description: 'alice runs it', activeForm: 'Testing' }]]);
    if (!turn.done('u03')) {
      return turn.tools('u03', [
        [
          'Agent',
          {
            description: 'alice runs the tests',
            name: 'alice',
            subagent_type: 'general-purpose',
            prompt: 'You are alice. Work on task #1.',
          },
        ],
      ]);
    }
    // alice is inside her command by then.
    if (!turn.done('u04')) return turn.tools('u04', [['Bash', { command: 'sleep 4', description: 'let alice start' }]]);
    if (!turn.done('u05'))
      return turn.tools('u05', [['SendMessage', { to: 'alice', summary: 'status?', message: 'alice, how are the tests going?' }]]);
    if (!turn.done('u06')) return turn.tools('u06', [['Bash', { command: 'sleep 3', description: 'wait a little' }]]);
    if (!turn.done('u07'))
      return turn.tools('u07', [
        ['SendMessage', { to: 'alice', summary: 'status again', message: 'alice, please answer: are the tests green?' }],
      ]);
    if (!answered) return turn.say('Waiting for alice.');
    if (!turn.done('u08')) {
      return turn.tools('u08', [shutdownRequest('alice', 'tests done')]);
    }
    if (!turn.shutDown('alice')) return turn.say('Waiting for alice to shut down.');
    turn.finish();
    return turn.say('ALL DONE: alice has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('a06')) {
      return turn.tools('a06', [shutdownAnswer(request)]);
    }
    if (!turn.done('a01')) return turn.tools('a01', [TASK_TOOLS]);
    if (!turn.done('a02')) return turn.tools('a02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'alice' }]]);
    // A test run of 30 s (2.1.330 refuses a plain `sleep` of 25 s or more).
    if (!turn.done('a03')) return turn.tools('a03', [['Bash', { command: TEST_RUN, description: 'run the test suite', timeout: 60000 }]]);
    if (!turn.done('a04')) {
      turn.log(`heard after the command: ${turn.plain('team-lead').join(' | ')}`);
      return turn.tools('a04', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    }
    if (!turn.done('a05'))
      return turn.tools('a05', [
        ['SendMessage', { to: 'team-lead', summary: 'tests green', message: 'alice: sorry, I was running the tests: all green' }],
      ]);
    return turn.say('alice: nothing more to do.');
  },
};
