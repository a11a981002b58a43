// bob, the only teammate, approves his shutdown and keeps going: the same
// answer runs a 3 s command and then messages the lead. 2.1.330 takes him off
// the team as soon as it reads the approval, and with no teammate left the
// lead stops reading its inbox: bob's last message waits there unread until
// the lead exits.

export const scenario = {
  name: 'zombie',
  summary: 'lead + bob: bob approves his shutdown, then writes to the lead 3 s later; nobody reads it',
  modes: ['in-process'],

  lead(turn) {
    const bobDone = turn.plain('bob').some((text) => text.includes('bob: task 1 done'));
    if (!turn.done('z01'))
      return turn.tools('z01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('z02'))
      return turn.tools('z02', [
        ['TaskCreate', { subject: 'Write the parser', description: 'bob writes the parser', activeForm: 'Writing' }],
      ]);
    if (!turn.done('z03')) {
      return turn.tools('z03', [
        [
          'Agent',
          { description: 'bob writes the parser', name: 'bob', subagent_type: 'general-purpose', prompt: 'You are bob. Work on task #1.' },
        ],
      ]);
    }
    if (!bobDone) return turn.say('Waiting for bob.');
    if (!turn.done('z04')) {
      return turn.tools('z04', [
        ['SendMessage', { to: 'bob', summary: 'shutdown bob', message: { type: 'shutdown_request', reason: 'parser done' } }],
      ]);
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
        [
          'SendMessage',
          {
            to: 'team-lead',
            summary: 'approve shutdown',
            message: { type: 'shutdown_response', request_id: request.requestId, approve: true },
          },
        ],
        ['Bash', { command: 'sleep 3', description: 'finish the last test run' }],
        ['SendMessage', { to: 'team-lead', summary: 'one more thing', message: 'bob: one more thing: the parser tests are flaky' }],
      ]);
    }
    if (!turn.done('b01')) return turn.tools('b01', [['ToolSearch', { query: 'select:TaskUpdate,TaskList,TaskGet', max_results: 5 }]]);
    if (!turn.done('b02')) return turn.tools('b02', [['TaskUpdate', { taskId: '1', status: 'in_progress', owner: 'bob' }]]);
    if (!turn.done('b03')) return turn.tools('b03', [['TaskUpdate', { taskId: '1', status: 'completed' }]]);
    if (!turn.done('b04'))
      return turn.tools('b04', [['SendMessage', { to: 'team-lead', summary: 'bob done', message: 'bob: task 1 done' }]]);
    return turn.say('bob: nothing more to do.');
  },
};
