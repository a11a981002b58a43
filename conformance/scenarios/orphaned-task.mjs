// Two teammates leave a task open. bob approves his shutdown with task #1 in
// progress: 2.1.330 clears his owner and sets it back to pending ("bob has
// shut down. 1 task(s) were unassigned: #1 …", the script log quotes it), so
// nothing is orphaned. carol is still on task #2 when the lead exits: the
// client deletes the team's folder and leaves tasks/<team>/ behind, #2 in
// progress under carol.

import { shutdownAnswer, shutdownRequest, TASK_TOOLS } from '../script-kit.mjs';

export const scenario = {
  name: 'orphaned-task',
  summary: 'lead + bob + carol: bob shuts down mid-task (the client unassigns it), the lead exits while carol works on hers',

  lead(turn) {
    const started = (name) => turn.plain(name).some((text) => text.includes(`${name}: started`));
    if (!turn.done('o01'))
      return turn.tools('o01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('o02')) {
      return turn.tools('o02', [
        ['TaskCreate', { subject: 'Write the parser', description: 'bob writes the parser', activeForm: 'Writing the parser' }],
        ['TaskCreate', { subject: 'Write the docs', description: 'carol writes the docs', activeForm: 'Writing the docs' }],
        ['TaskCreate', { subject: 'Integrate', description: 'once the parser is written', activeForm: 'Integrating' }],
      ]);
    }
    if (!turn.done('o03')) return turn.tools('o03', [['TaskUpdate', { taskId: '3', addBlockedBy: ['1'] }]]);
    if (!turn.done('o04')) {
      return turn.tools('o04', [
        [
          'Agent',
          { description: 'bob writes the parser', name: 'bob', subagent_type: 'general-purpose', prompt: 'You are bob. Work on task #1.' },
        ],
        [
          'Agent',
          {
            description: 'carol writes the docs',
            name: 'carol',
            subagent_type: 'general-purpose',
            prompt: 'You are carol. Work on task #2.',
          },
        ],
      ]);
    }
    if (!(started('bob') && started('carol'))) return turn.say('Waiting for bob and carol to start.');
    if (!turn.done('o05')) {
      return turn.tools('o05', [shutdownRequest('bob', 'the parser can wait')]);
    }
    // What the client tells the lead once it has taken bob off the team.
    const terminated = turn.frames('teammate_terminated').find((frame) => frame.message?.startsWith('bob '));
    if (!terminated) return turn.say('Waiting for bob to shut down.');
    if (!turn.done('o06')) {
      turn.log(`the client on bob's shutdown: ${terminated.message}`);
      return turn.tools('o06', [['TaskList', {}]]);
    }
    turn.log(`the task list then: ${turn.result('o06')}`);
    turn.finish();
    return turn.say('ALL DONE: leaving carol on task #2.');
  },

  teammate(turn) {
    const name = turn.who;
    const task = name === 'bob' ? '1' : '2';
    const request = turn.frames('shutdown_request')[0];
    if (request && !turn.done('t04')) {
      return turn.tools('t04', [shutdownAnswer(request)]);
    }
    if (!turn.done('t01')) return turn.tools('t01', [TASK_TOOLS]);
    if (!turn.done('t02')) return turn.tools('t02', [['TaskUpdate', { taskId: task, status: 'in_progress', owner: name }]]);
    if (!turn.done('t03'))
      return turn.tools('t03', [
        ['SendMessage', { to: 'team-lead', summary: `${name} started`, message: `${name}: started task ${task}` }],
      ]);
    return turn.say(`${name}: still working on task ${task}.`);
  },
};
