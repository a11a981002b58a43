// The lead runs in plan mode, so its teammate carol must have her plan approved
// (plan_approval_request): the lead rejects the first with feedback and approves
// the second. Then carol runs Bash and Write (permission prompts, answered by
// pressing keys in the pane), reports, and approves her shutdown. About 15 s.
import { join } from 'node:path';

import { shutdownRequest } from '../script-kit.mjs';

export const scenario = {
  name: 'plan',
  summary: 'lead in plan mode + carol: a plan rejected then approved, permission prompts, a shutdown',
  // The teammate's plan requirement comes from the lead's own mode (Agent's `mode` is ignored in 2.1.330).
  claudeArgs: ['--permission-mode', 'plan'],
  answerDialogs: true,

  lead(turn) {
    const plans = turn.frames('plan_approval_request');
    const carolDone = turn.plain('carol').some((text) => text.includes('carol: done'));
    const shut =
      turn.frames('shutdown_approved').length > 0 ||
      turn.frames('teammate_terminated').length > 0 ||
      turn.text.includes('carol has shut down');
    if (!turn.done('p01'))
      return turn.tools('p01', [['ToolSearch', { query: 'select:SendMessage,TaskCreate,TaskUpdate,TaskList', max_results: 10 }]]);
    if (!turn.done('p02'))
      return turn.tools('p02', [
        ['TaskCreate', { subject: 'Plan and write carol.txt', description: 'carol plans, then writes carol.txt' }],
      ]);
    if (!turn.done('p03')) {
      return turn.tools('p03', [
        [
          'Agent',
          {
            description: 'carol plans then builds',
            name: 'carol',
            subagent_type: 'general-purpose',
            mode: 'plan',
            prompt: 'You are carol. Plan first, then write carol.txt in the working directory.',
          },
        ],
      ]);
    }
    if (plans.length >= 1 && !turn.done('p04')) {
      // The client approves the plan on its own within 0.2 s; this rejection
      // contradicts it. Sent at once, both could reach a tmux teammate in one
      // read, and she then did nothing more (1 run in 3): the rejection comes later.
      const message = {
        type: 'plan_approval_response',
        request_id: plans[0].requestId,
        approve: false,
        feedback: 'add a step that verifies the file',
      };
      return turn.after(1500, turn.tools('p04', [['SendMessage', { to: 'carol', summary: 'reject plan v1', message }]]));
    }
    if (plans.length >= 2 && !turn.done('p05')) {
      const message = { type: 'plan_approval_response', request_id: plans[1].requestId, approve: true };
      return turn.tools('p05', [['SendMessage', { to: 'carol', summary: 'approve plan v2', message }]]);
    }
    if (carolDone && !turn.done('p06')) {
      return turn.tools('p06', [shutdownRequest('carol', 'done')]);
    }
    if (turn.done('p06') && shut) {
      turn.finish();
      return turn.say('ALL DONE (plan scenario).');
    }
    return turn.say(`lead waiting (plan requests: ${plans.length}, carol done: ${carolDone}).`);
  },

  teammate(turn) {
    const answers = turn.frames('plan_approval_response');
    const bodies = turn.teammateMessages.map((m) => m.body);
    const approved = answers.some((a) => a.approved === true) || bodies.some((b) => b.startsWith('[Plan Approved]'));
    const rejected = answers.some((a) => a.approved === false) || bodies.some((b) => b.startsWith('[Plan Rejected]'));
    const shutdowns = turn.frames('shutdown_request');
    // ExitPlanMode without a plan file fails with the path the plan must be written to.
    const planPath = [...turn.text.matchAll(/No plan file found at (\S+?\.md)/gu)].at(-1)?.[1];
    if (shutdowns.length > 0 && !turn.done('sd0')) {
      // The last write of the run. The lead usually hears of it in one more
      // turn, but the client does not always give it one (seen with a tmux
      // teammate): the run ends from here too, the driver gives it 2 s.
      turn.finish();
      const message = { type: 'shutdown_response', request_id: shutdowns.at(-1).requestId, approve: true };
      return turn.tools('sd0', [['SendMessage', { to: 'team-lead', summary: 'approve shutdown', message }]]);
    }
    if (!turn.done('c01')) return turn.tools('c01', [['ToolSearch', { query: 'select:ExitPlanMode,TaskUpdate,TaskList', max_results: 5 }]]);
    if (!turn.done('c02')) return turn.tools('c02', [['ExitPlanMode', {}]]);
    if (planPath && !turn.done('c03')) {
      return turn.tools('c03', [['Write', { file_path: planPath, content: '# Plan v1\n1. Write carol.txt\n2. Report to the lead\n' }]]);
    }
    if (!turn.done('c04')) return turn.tools('c04', [['ExitPlanMode', {}]]);
    if (rejected && !turn.done('c05')) {
      return turn.tools('c05', [
        ['Write', { file_path: planPath, content: '# Plan v2\n1. Write carol.txt\n2. Verify it with cat\n3. Report to the lead\n' }],
      ]);
    }
    if (rejected && !turn.done('c06')) return turn.tools('c06', [['ExitPlanMode', {}]]);
    if (!approved) return turn.say('carol: waiting for plan approval.');
    if (!turn.done('c07')) {
      return turn.tools('c07', [
        ['Bash', { command: 'echo hello-from-carol > carol.txt && cat carol.txt', description: 'write and verify carol.txt' }],
      ]);
    }
    if (!turn.done('c08'))
      return turn.tools('c08', [['Write', { file_path: join(turn.ctx.workDir, 'carol2.txt'), content: 'second file\n' }]]);
    if (!turn.done('c09'))
      return turn.tools('c09', [['SendMessage', { to: 'team-lead', summary: 'carol done', message: 'carol: done (wrote carol.txt)' }]]);
    return turn.say('carol: idle.');
  },
};
