// The mail a member never took goes with it. bob shuts down; the lead's
// message brings him back (in process: "resumed it as an in-process teammate
// … and your message as its next prompt"); the lead asks him to shut down
// again and, while his answer is on its way, writes to him twice more. He
// approves without another look at his inbox, so both messages are still in
// it when he goes, and nobody reads them before the lead exits.

/** How many times bob has approved a shutdown. */
const approvals = (turn) => turn.frames('shutdown_approved').filter((frame) => frame.from === 'bob').length;

import { bobWritesTheParser, doesTask, shutdownAnswer, shutdownRequest } from '../script-kit.mjs';

export const scenario = {
  name: 'lost-with-member',
  summary: 'lead + bob: bob, brought back by a message, shuts down again with two messages from the lead unread',
  modes: ['in-process'],

  lead(turn) {
    const opening = bobWritesTheParser(turn, 'w');
    if (opening) return opening;
    if (!turn.done('w04')) return turn.tools('w04', [shutdownRequest('bob', 'parser done')]);
    if (approvals(turn) < 1) return turn.say('Waiting for bob to shut down.');
    if (!turn.done('w05'))
      return turn.tools('w05', [['SendMessage', { to: 'bob', summary: 'changelog', message: 'bob, please also add a changelog entry.' }]]);
    if (!turn.plain('bob').some((text) => text.includes('bob: changelog entry added'))) return turn.say('Waiting for bob, back.');
    if (!turn.done('w06')) {
      turn.log(`SendMessage to bob, who had shut down: ${turn.result('w05') ?? ''}`);
      return turn.tools('w06', [shutdownRequest('bob', 'changelog done')]);
    }
    // bob takes his time answering: these two come while he does.
    if (!turn.done('w07'))
      return turn.tools('w07', [['SendMessage', { to: 'bob', summary: 'readme', message: 'bob, please also update the README.' }]]);
    if (!turn.done('w08'))
      return turn.tools('w08', [['SendMessage', { to: 'bob', summary: 'version', message: 'bob, and bump the version.' }]]);
    if (approvals(turn) < 2) return turn.say('Waiting for bob to shut down again.');
    // A while for the two messages to wait unread before the session ends.
    if (!turn.done('w09')) return turn.tools('w09', [['Bash', { command: 'sleep 8', description: 'wrap up' }]]);
    turn.finish();
    return turn.say('ALL DONE: bob never read the last two messages.');
  },

  teammate(turn) {
    const requests = turn.frames('shutdown_request');
    for (const [i, request] of requests.entries()) {
      if (turn.done(`sd${i}`)) continue;
      const answer = turn.tools(`sd${i}`, [shutdownAnswer(request)]);
      if (i === 0) return answer;
      turn.log(`heard before approving again: ${turn.plain('team-lead').join(' | ')}`);
      return turn.after(3000, answer);
    }
    if (turn.plain('team-lead').some((text) => text.includes('changelog')) && !turn.done('b05'))
      return turn.tools('b05', [['SendMessage', { to: 'team-lead', summary: 'changelog added', message: 'bob: changelog entry added' }]]);
    return doesTask(turn, 'b', 'bob', '1');
  },
};
