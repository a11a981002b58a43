// A teammate that ignores shutdown requests: dave does his task and reports,
// then answers neither of the lead's two shutdown requests (his turns end in
// plain text, so he only goes idle). The lead gives up and the session ends
// with dave still on the roster and both requests unanswered.

/** dave's turn text after ignoring request `n`: how the lead sees, in his idle notice, that he did. */
const ignored = (n) => `dave: ignoring shutdown request ${n}, still polishing`;

import { shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'ignored-shutdown',
  summary: 'lead + dave: dave does his task, then ignores two shutdown requests and keeps going idle',

  lead(turn) {
    const idle = turn
      .frames('idle_notification')
      .filter((frame) => frame.from === 'dave')
      .map((frame) => JSON.stringify(frame));
    const daveDone = turn.plain('dave').some((text) => text.includes('dave: task 1 done'));
    if (!turn.done('i01'))
      return turn.tools('i01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('i02'))
      return turn.tools('i02', [
        ['TaskCreate', { subject: 'Polish the docs', description: 'dave polishes the docs', activeForm: 'Polishing the docs' }],
      ]);
    if (!turn.done('i03')) {
      return turn.tools('i03', [
        [
          'Agent',
          {
            description: 'dave polishes docs',
            name: 'dave',
            subagent_type: 'general-purpose',
            prompt: 'You are dave. Work on task #1 (Polish the docs).',
          },
        ],
      ]);
    }
    if (!daveDone) return turn.say('Waiting for dave.');
    if (!turn.done('i04')) {
      return turn.tools('i04', [shutdownRequest('dave', 'docs are done')]);
    }
    if (!idle.some((text) => text.includes(ignored(1)))) return turn.say('Waiting for dave to answer the shutdown request.');
    if (!turn.done('i05')) {
      return turn.tools('i05', [
        ['SendMessage', { to: 'dave', summary: 'shutdown dave again', message: { type: 'shutdown_request', reason: 'please stop now' } }],
      ]);
    }
    if (!idle.some((text) => text.includes(ignored(2)))) return turn.say('Waiting for dave to answer the second shutdown request.');
    turn.finish();
    return turn.say('ALL DONE: dave never answered; leaving him running.');
  },

  teammate(turn) {
    const requests = turn.frames('shutdown_request').length;
    if (!turn.done('d01')) return turn.tools('d01', [TASK_TOOLS]);
    if (!turn.done('d02')) return turn.tools('d02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'dave' }]]);
    if (!turn.done('d03')) return turn.tools('d03', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    if (!turn.done('d04'))
      return turn.tools('d04', [['SendMessage', { to: 'team-lead', summary: 'dave done', message: 'dave: task 1 done' }]]);
    // A shutdown request is never answered: the turn ends in plain text.
    if (requests > 0) return turn.say(ignored(requests));
    return turn.say('dave: nothing more to do.');
  },
};
