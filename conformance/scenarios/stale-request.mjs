// A name used again, with a request to its earlier self left in its inbox.
// A second agent spawned as dave while dave is there is renamed dave-2. The
// lead asks dave to shut down twice in a row (A, then B); he approves A, and
// B is left in his inbox. The lead spawns dave again: 2.1.330 clears the
// inbox of a name it spawns a teammate under ("[TeammateMailbox] Cleared
// inbox for dave" in its debug log), so the new dave never sees B (the script
// log says what each dave heard); he is asked to shut down himself (C).

/** How many times a dave approved a shutdown. */
const approvals = (turn, name) => turn.frames('shutdown_approved').filter((frame) => frame.from === name).length;
const ready = (turn, name) => turn.plain(name).filter((text) => text.includes(`${name}: ready`)).length;
const shutdown = (to, reason) => ['SendMessage', { to, summary: `shutdown ${to}`, message: { type: 'shutdown_request', reason } }];

import { shutdownAnswer } from '../script-kit.mjs';

export const scenario = {
  name: 'stale-request',
  summary: 'lead + dave: dave leaves with a second shutdown request in his inbox, and a new dave is spawned under his name',
  modes: ['in-process'],

  lead(turn) {
    const spawn = (prompt) => ['Agent', { description: 'dave tidies up', name: 'dave', subagent_type: 'general-purpose', prompt }];
    if (!turn.done('q01')) return turn.tools('q01', [['ToolSearch', { query: 'select:SendMessage,TaskList', max_results: 10 }]]);
    if (!turn.done('q02')) return turn.tools('q02', [spawn('You are dave. Tidy up the repo.')]);
    if (!turn.done('q03')) return turn.tools('q03', [spawn('You are dave. Tidy up the docs.')]);
    if (!(ready(turn, 'dave') >= 1 && ready(turn, 'dave-2') >= 1)) return turn.say('Waiting for dave and dave-2.');
    if (!turn.done('q04')) {
      turn.log(`a second Agent named dave: ${turn.result('q03')}`);
      return turn.tools('q04', [shutdown('dave-2', 'one dave is enough')]);
    }
    if (approvals(turn, 'dave-2') < 1) return turn.say('Waiting for dave-2 to shut down.');
    if (!turn.done('q05')) return turn.tools('q05', [shutdown('dave', 'repo tidy (A)')]);
    if (!turn.done('q06')) return turn.tools('q06', [shutdown('dave', 'really, stop (B)')]);
    if (approvals(turn, 'dave') < 1) return turn.say('Waiting for dave to shut down.');
    if (!turn.done('q07')) return turn.tools('q07', [spawn('You are dave. Tidy up the tests.')]);
    if (ready(turn, 'dave') < 2) return turn.say('Waiting for the new dave.');
    if (!turn.done('q08')) {
      turn.log(`dave spawned again: ${turn.result('q07')}`);
      return turn.tools('q08', [shutdown('dave', 'tests tidy (C)')]);
    }
    if (approvals(turn, 'dave') < 2) return turn.say('Waiting for the new dave to shut down.');
    turn.finish();
    return turn.say('ALL DONE: every dave has shut down.');
  },

  teammate(turn) {
    const name = turn.who;
    const requests = turn.frames('shutdown_request');
    turn.log(`heard shutdown requests: ${requests.map((request) => request.reason).join(', ') || '-'}`);
    const first = requests[0];
    if (first && !turn.done('sd')) {
      const approve = turn.tools('sd', [shutdownAnswer(first)]);
      // Slow to answer A, so that B comes while dave is still there.
      return first.reason.endsWith('(A)') ? turn.after(2500, approve) : approve;
    }
    if (!turn.done('d01'))
      return turn.tools('d01', [['SendMessage', { to: 'team-lead', summary: `${name} ready`, message: `${name}: ready` }]]);
    return turn.say(`${name}: nothing more to do.`);
  },
};
