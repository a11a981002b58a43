// carol starts task #2 while task #1, which blocks it, is still pending:
// 2.1.330's TaskUpdate takes it ("Updated task #2 owner, status"; the script
// log quotes it). Then she does #1, finishes #2 and shuts down.

import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'started-while-blocked',
  summary: 'lead + carol: carol starts #2 while #1, which blocks it, is pending, then does #1 and finishes #2',
  modes: ['in-process'],

  lead(turn) {
    const carolDone = turn.plain('carol').some((text) => text.includes('carol: tasks 1 and 2 done'));
    if (!turn.done('w01'))
      return turn.tools('w01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('w02')) {
      return turn.tools('w02', [
        ['TaskCreate', { subject: 'Design the API', description: 'the API first', activeForm: 'Designing the API' }],
        ['TaskCreate', { subject: 'Build the API', description: 'once it is designed', activeForm: 'Building the API' }],
      ]);
    }
    if (!turn.done('w03')) return turn.tools('w03', [['TaskUpdate', { taskId: '2', addBlockedBy: ['1'] }]]);
    if (!turn.done('w04')) {
      return turn.tools('w04', [
        [
          'Agent',
          { description: 'carol builds the API', name: 'carol', subagent_type: 'general-purpose', prompt: 'You are carol. Build the API.' },
        ],
      ]);
    }
    if (!carolDone) return turn.say('Waiting for carol.');
    if (!turn.done('w05')) {
      return turn.tools('w05', [shutdownRequest('carol', 'API done')]);
    }
    if (!turn.shutDown('carol')) return turn.say('Waiting for carol to shut down.');
    turn.finish();
    return turn.say('ALL DONE: carol has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('c08')) {
      return turn.tools('c08', [shutdownAnswer(request)]);
    }
    if (!turn.done('c01')) return turn.tools('c01', [TASK_TOOLS]);
    if (!turn.done('c02')) return turn.tools('c02', [['TaskUpdate', { taskId: '2', status: 'in_progress', owner: 'carol' }]]);
    if (!turn.done('c03')) {
      turn.log(`TaskUpdate #2 in_progress while #1 blocks it: ${turn.result('c02')}`);
      return turn.tools('c03', [['SendMessage', { to: 'team-lead', summary: 'carol started', message: 'carol: started task 2' }]]);
    }
    if (!turn.done('c04')) return turn.tools('c04', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'carol' }]]);
    if (!turn.done('c05')) return turn.tools('c05', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    if (!turn.done('c06')) return turn.tools('c06', [['TaskUpdate', { taskId: '2', status: 'completed' }]]);
    if (!turn.done('c07'))
      return turn.tools('c07', [['SendMessage', { to: 'team-lead', summary: 'carol done', message: 'carol: tasks 1 and 2 done' }]]);
    return turn.say('carol: nothing more to do.');
  },
};
