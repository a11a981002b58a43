// bob starts a 30 s build; meanwhile the lead asks him to shut down. An
// in-process teammate takes its mail between turns, so the request waits
// unanswered, unread in his inbox, until the command ends; then he approves.

const BUILD = `node -e "setTimeout(() => console.log('build done'), 30000)"`;

import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'stalled',
  summary: 'lead + bob: the lead asks bob to shut down while he runs a 30 s command; he answers when it ends',
  modes: ['in-process'],

  lead(turn) {
    if (!turn.done('s01'))
      return turn.tools('s01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('s02'))
      return turn.tools('s02', [['TaskCreate', { subject: 'Build the release', description: 'bob builds it', activeForm: 'Building' }]]);
    if (!turn.done('s03')) {
      return turn.tools('s03', [
        [
          'Agent',
          { description: 'bob builds the release', name: 'bob', subagent_type: 'general-purpose', prompt: 'You are bob. Work on task #1.' },
        ],
      ]);
    }
    // bob is inside his command by then.
    if (!turn.done('s04')) return turn.tools('s04', [['Bash', { command: 'sleep 4', description: 'let bob start' }]]);
    if (!turn.done('s05')) {
      return turn.tools('s05', [shutdownRequest('bob', 'the release is cancelled')]);
    }
    if (!turn.shutDown('bob')) return turn.say('Waiting for bob to shut down.');
    turn.finish();
    return turn.say('ALL DONE: bob has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('b04')) {
      return turn.tools('b04', [shutdownAnswer(request)]);
    }
    if (!turn.done('b01')) return turn.tools('b01', [TASK_TOOLS]);
    if (!turn.done('b02')) return turn.tools('b02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'bob' }]]);
    // A build of 30 s (2.1.330 refuses a plain `sleep` of 25 s or more).
    if (!turn.done('b03')) return turn.tools('b03', [['Bash', { command: BUILD, description: 'build the release', timeout: 60000 }]]);
    return turn.say('bob: build done.');
  },
};
