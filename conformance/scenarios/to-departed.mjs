// The lead keeps writing to bob after he shut down. A message: 2.1.330 brings
// an in-process bob back for it ("Teammate "bob" was not running; resumed it
// as an in-process teammate with <n> prior messages and your message as its
// next prompt."), so the lead asks him to shut down once more; a tmux bob it
// refuses (the script log quotes both). Then the lead gives bob task #2:
// TaskUpdate takes the owner and writes the task_assignment to bob's inbox
// without bringing him back, and it waits there unread until the lead exits.

/** How many times bob has approved a shutdown. */
const approvals = (turn) => turn.frames('shutdown_approved').filter((frame) => frame.from === 'bob').length;

import { bobWritesTheParser, doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

export const scenario = {
  name: 'to-departed',
  summary: 'lead + bob: after bob shuts down the lead messages him (in process he comes back), then gives him a task nobody reads',

  lead(turn) {
    const opening = bobWritesTheParser(turn, 'r');
    if (opening) return opening;
    if (!turn.done('r04')) {
      return turn.tools('r04', [shutdownRequest('bob', 'parser done')]);
    }
    if (approvals(turn) < 1) return turn.say('Waiting for bob to shut down.');
    if (!turn.done('r05'))
      return turn.tools('r05', [['SendMessage', { to: 'bob', summary: 'changelog', message: 'bob, please also add a changelog entry.' }]]);
    const answer = turn.result('r05');
    const resumed = answer.includes('resumed it');
    const said = `SendMessage to bob, who has shut down: ${answer}`;
    if (resumed) {
      if (!turn.plain('bob').some((text) => text.includes('bob: changelog entry added'))) return turn.say('Waiting for bob, back.');
      if (!turn.done('r06')) {
        turn.log(said);
        return turn.tools('r06', [
          ['SendMessage', { to: 'bob', summary: 'shutdown bob again', message: { type: 'shutdown_request', reason: 'changelog done' } }],
        ]);
      }
      if (approvals(turn) < 2) return turn.say('Waiting for bob to shut down again.');
    }
    if (!turn.done('r07')) {
      if (!resumed) turn.log(said);
      return turn.tools('r07', [
        ['TaskCreate', { subject: 'Write the release notes', description: 'for the parser', activeForm: 'Writing the release notes' }],
      ]);
    }
    if (!turn.done('r08')) return turn.tools('r08', [['TaskUpdate', { taskId: '2', owner: 'bob' }]]);
    // A while for the assignment to wait unread before the session ends.
    if (!turn.done('r09')) {
      turn.log(`TaskUpdate owner bob, who has shut down: ${turn.result('r08')}`);
      return turn.tools('r09', [['Bash', { command: 'sleep 8', description: 'wait for bob' }]]);
    }
    turn.finish();
    return turn.say('ALL DONE: bob never took task #2.');
  },

  teammate(turn) {
    const requests = turn.frames('shutdown_request');
    // Each shutdown request approved in turn (the step id says which).
    for (const [i, request] of requests.entries()) {
      if (turn.done(`sd${i}`)) continue;
      return turn.tools(`sd${i}`, [shutdownAnswer(request)]);
    }
    if (turn.plain('team-lead').some((text) => text.includes('changelog')) && !turn.done('b05'))
      return turn.tools('b05', [['SendMessage', { to: 'team-lead', summary: 'changelog added', message: 'bob: changelog entry added' }]]);
    return doesTask(turn, 'b', 'bob', '1');
  },
};
