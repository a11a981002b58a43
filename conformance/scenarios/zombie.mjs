// bob, the only teammate, approves his shutdown and keeps going: the same
// answer runs a 3 s command and then messages the lead. 2.1.330 takes him off
// the team as soon as it reads the approval, and with no teammate left the
// lead stops reading its inbox: bob's last message waits there unread until
// the lead exits.

import { bobWritesTheParser, doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

export const scenario = {
  name: 'zombie',
  summary: 'lead + bob: bob approves his shutdown, then writes to the lead 3 s later; nobody reads it',
  modes: ['in-process'],

  lead(turn) {
    const opening = bobWritesTheParser(turn, 'z');
    if (opening) return opening;
    if (!turn.done('z04')) {
      return turn.tools('z04', [shutdownRequest('bob', 'parser done')]);
    }
    if (!turn.shutDown('bob')) return turn.say('Waiting for bob to shut down.');
    // Long enough for bob's last message to come, and to wait unread.
    if (!turn.done('z05')) return turn.tools('z05', [['Bash', { command: 'sleep 10', description: 'wrap up' }]]);
    turn.finish();
    return turn.say('ALL DONE: bob has shut down.');
  },

  teammate(turn) {
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('b05')) {
      return turn.tools('b05', [
        shutdownAnswer(request),
        ['Bash', { command: 'sleep 3', description: 'finish the last test run' }],
        ['SendMessage', { to: 'team-lead', summary: 'one more thing', message: 'bob: one more thing: the parser tests are flaky' }],
      ]);
    }
    return doesTask(turn, 'b', 'bob', '1');
  },
};
