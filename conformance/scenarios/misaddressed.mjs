// The lead means alice and writes alise. 2.1.330 refuses the message (in
// process: "No agent named 'alise' is reachable. Did you mean: alice [<ref>]?
// Use ListAgents to see everyone you can message."; the script log quotes it),
// but TaskUpdate takes alise as task #2's owner and writes its
// task_assignment to an inbox of that name, which nobody reads. alice does
// task #1 and shuts down; the lead exits with #2 still pending under alise.

import { doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

export const scenario = {
  name: 'misaddressed',
  summary: 'lead + alice: a message to alise is refused, task #2 given to alise is not; its assignment waits in an inbox nobody reads',

  lead(turn) {
    const aliceDone = turn.plain('alice').some((text) => text.includes('alice: task 1 done'));
    if (!turn.done('m01'))
      return turn.tools('m01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('m02')) {
      return turn.tools('m02', [
        ['TaskCreate', { subject: 'Review the parser', description: 'alice reviews the parser', activeForm: 'Reviewing the parser' }],
        ['TaskCreate', { subject: 'Integrate the parser', description: 'alice integrates it once reviewed', activeForm: 'Integrating' }],
      ]);
    }
    if (!turn.done('m03')) {
      return turn.tools('m03', [
        [
          'Agent',
          {
            description: 'alice reviews the parser',
            name: 'alice',
            subagent_type: 'general-purpose',
            prompt: 'You are alice. Work on task #1 (Review the parser).',
          },
        ],
      ]);
    }
    if (!turn.done('m04')) {
      return turn.tools('m04', [
        [
          'SendMessage',
          { to: 'alise', summary: 'integrate next', message: 'alise, please integrate the parser once you have reviewed it.' },
        ],
      ]);
    }
    if (!turn.done('m05')) {
      turn.log(`SendMessage to alise: ${turn.result('m04')}`);
      return turn.tools('m05', [['TaskUpdate', { taskId: '2', owner: 'alise' }]]);
    }
    if (!aliceDone) return turn.say('Waiting for alice.');
    if (!turn.done('m06')) {
      turn.log(`TaskUpdate owner alise: ${turn.result('m05')}`);
      return turn.tools('m06', [shutdownRequest('alice', 'review done')]);
    }
    if (!turn.shutDown('alice')) return turn.say('Waiting for alice to shut down.');
    turn.finish();
    return turn.say('ALL DONE: alice has shut down; task #2 waits for alise.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('a05')) {
      return turn.tools('a05', [shutdownAnswer(request)]);
    }
    return doesTask(turn, 'a', 'alice', '1');
  },
};
