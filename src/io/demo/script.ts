// The demo team's script: a lead and four teammates shipping "v2" in about 90 seconds. What each does between messages: work.ts.
import { at, LEAD, type DemoTeam, type Step } from './team.js';

export { DEMO_TEAM, DemoTeam } from './team.js';

const assign = (team: DemoTeam, id: string, owner: string, subject: string) =>
  team.send(LEAD, owner, { type: 'task_assignment', taskId: id, subject, description: subject, assignedBy: LEAD, timestamp: team.iso() });

const shutdown = (team: DemoTeam, to: string, id: string, reason: string) =>
  team.send(LEAD, to, { type: 'shutdown_request', requestId: id, from: LEAD, reason, timestamp: team.iso() });

/** A teammate completes its task, reports to the lead and goes idle, naming the task. */
function finish(team: DemoTeam, member: string, id: string, report: string, summary: string): string {
  team.task(id, { status: 'completed' });
  return [team.send(member, LEAD, report, summary), team.idle(member, { completedTaskId: id, completedStatus: 'completed' })].join('\n');
}

const approveShutdown = (team: DemoTeam, member: string, id: string) =>
  team.send(member, LEAD, {
    type: 'shutdown_approved',
    requestId: id,
    from: member,
    timestamp: team.iso(),
    paneId: 'in-process',
    backendType: 'in-process',
  });

const askPlan = (team: DemoTeam, requestId: string, plan: string) =>
  team.send('architect', LEAD, { type: 'plan_approval_request', requestId, from: 'architect', plan, timestamp: team.iso() });

/** A tmux teammate asks its lead to run a shell command (an in-process teammate's prompt shows in the lead's process instead). */
const askToRun = (team: DemoTeam, member: string, requestId: string, toolUseId: string, command: string) =>
  team.send(member, LEAD, {
    type: 'permission_request',
    request_id: requestId,
    agent_id: member,
    tool_name: 'Bash',
    tool_use_id: toolUseId,
    description: command,
    input: { command },
    permission_suggestions: [],
  });

export const SCRIPT: readonly Step[] = [
  at(0, (team) => {
    team.create();
    return `team ${team.name} created`;
  }),
  at(1, (team) => {
    team.task('1', { subject: 'Design the v2 schema', description: 'Additive changes only', blocks: ['2', '3'] });
    team.task('2', { subject: 'Build the v2 parser', description: 'Parse and validate v2', blockedBy: ['1'], blocks: ['4'] });
    team.task('3', { subject: 'Write the migration guide', description: 'docs/migration.md', blockedBy: ['1'], blocks: ['5'] });
    team.task('4', { subject: 'Test the parser end to end', description: 'All fixtures, old and new', blockedBy: ['2'], blocks: ['5'] });
    team.task('5', { subject: 'Release v2', description: 'Tag, publish, announce', blockedBy: ['3', '4'] });
    return 'tasks #1-#5 created: #1 blocks #2 and #3, #2 blocks #4, #3 and #4 block #5';
  }),
  at(2, (team) => {
    team.join('architect', '6');
    team.join('builder', '7');
    team.join('tester', '8');
    team.join('scribe', '9');
    return 'architect, builder, tester and scribe joined';
  }),
  at(3, (team) => {
    team.task('1', { owner: 'architect' });
    team.task('2', { owner: 'builder' });
    team.task('3', { owner: 'scribe' });
    team.task('4', { owner: 'tester' });
    return [
      assign(team, '1', 'architect', 'Design the v2 schema'),
      assign(team, '2', 'builder', 'Build the v2 parser'),
      assign(team, '3', 'scribe', 'Write the migration guide'),
      assign(team, '4', 'tester', 'Test the parser end to end'),
    ].join('\n');
  }),
  at(4, (team) => {
    team.task('1', { status: 'in_progress', activeForm: 'Designing the v2 schema' });
    return 'architect started #1';
  }),
  at(5, (team) =>
    ['architect', 'builder', 'tester', 'scribe']
      .map((member) => team.send(LEAD, member, 'Kickoff: v2 ships today. Post blockers to me, questions to each other.', 'kickoff'))
      .join('\n'),
  ),
  at(7, (team) => askPlan(team, 'plan-v2-1', '# Schema v2\n\n1. Rename `opts` to `options`\n2. Add `include`')),
  at(11, (team) =>
    team.send(LEAD, 'architect', {
      type: 'plan_approval_response',
      requestId: 'plan-v2-1',
      approve: false,
      feedback: "Keep the v1 names: add fields, don't rename them.",
    }),
  ),
  at(14, (team) => askPlan(team, 'plan-v2-2', '# Schema v2, additive\n\n1. Add `include`\n2. Deprecate `opts` (no rename)')),
  at(17, (team) =>
    team.send(LEAD, 'architect', { type: 'plan_approval_response', requestId: 'plan-v2-2', approve: true, permissionMode: 'acceptEdits' }),
  ),
  at(20, (team) => finish(team, 'architect', '1', 'Schema v2 is in schema/v2.json: additive, v1 files still validate.', 'schema done')),
  at(20.6, (team) =>
    [
      team.send(LEAD, 'builder', 'The schema is in schema/v2.json: #2 is yours now.', 'go'),
      team.send(LEAD, 'scribe', 'The schema is in schema/v2.json: #3 is yours now.', 'go'),
    ].join('\n'),
  ),
  at(21, (team) => {
    team.task('2', { status: 'in_progress', activeForm: 'Building the v2 parser' });
    team.task('3', { status: 'in_progress', activeForm: 'Writing the migration guide' });
    return '#1 done: builder started #2, scribe started #3';
  }),
  at(23, (team) => askToRun(team, 'builder', 'perm-install', 'toolu_demo_1', 'npm install --save zod')),
  at(25, (team) => team.send('scribe', 'builder', 'Which flag turns strict mode on in v2?', 'question')),
  at(27, (team) => team.send('builder', 'scribe', '`--strict`; it is off by default, see src/cli.ts.', 'answer')),
  at(30, (team) => [team.send('tester', LEAD, 'Fixtures are ready; waiting for #2.', 'ready'), team.idle('tester')].join('\n')),
  at(39, (team) =>
    team.send(LEAD, 'builder', { type: 'permission_response', request_id: 'perm-install', approve: true }, 'approve install'),
  ),
  at(42, (team) => finish(team, 'builder', '2', 'Parser done: v1 and v2 both parse, 48 unit tests.', 'parser done')),
  at(42.6, (team) => team.send(LEAD, 'tester', 'The parser is in: #4 is yours now.', 'go')),
  at(43, (team) => {
    team.task('4', { status: 'in_progress', activeForm: 'Testing the parser end to end' });
    return '#2 done: tester started #4';
  }),
  at(44, (team) => shutdown(team, 'architect', 'shutdown-44@architect', 'The schema is done, thank you.')),
  at(45.5, (team) => approveShutdown(team, 'architect', 'shutdown-44@architect')),
  at(46.5, (team) => team.leave('architect')),
  at(48, (team) => finish(team, 'scribe', '3', 'Migration guide is in docs/migration.md.', 'guide done')),
  // The tester's `npm run e2e` waits at a permission prompt in the lead's process from 50 s to 53 s (work.ts).
  at(55, (team) => finish(team, 'tester', '4', 'All 212 tests pass on v1 and v2 fixtures.', 'tests pass')),
  at(56, (team) => {
    team.task('5', { owner: LEAD, status: 'in_progress', activeForm: 'Releasing v2' });
    return 'lead started #5';
  }),
  at(57, (team) => shutdown(team, 'scribe', 'shutdown-57@scribe', 'The docs are done.')),
  at(58, (team) => approveShutdown(team, 'scribe', 'shutdown-57@scribe')),
  at(59, (team) => team.leave('scribe')),
  // The tester does not answer for 24 s: this shutdown stalls.
  at(60, (team) => shutdown(team, 'tester', 'shutdown-60@tester', 'Thanks, the suite is green.')),
  at(62, (team) => shutdown(team, 'builder', 'shutdown-62@builder', 'Parser is in, thank you.')),
  at(63, (team) =>
    team.send('builder', LEAD, {
      type: 'shutdown_rejected',
      requestId: 'shutdown-62@builder',
      from: 'builder',
      reason: 'Fixing a flaky test first.',
      timestamp: team.iso(),
    }),
  ),
  at(70, (team) =>
    [team.send('builder', LEAD, 'Flaky test fixed (a timezone in a fixture).', 'flake fixed'), team.idle('builder')].join('\n'),
  ),
  at(72, (team) => shutdown(team, 'builder', 'shutdown-72@builder', 'Now we are done.')),
  at(73, (team) => approveShutdown(team, 'builder', 'shutdown-72@builder')),
  at(74, (team) => team.leave('builder')),
  at(84, (team) => approveShutdown(team, 'tester', 'shutdown-60@tester')),
  at(85, (team) => team.leave('tester')),
  at(86, (team) => {
    team.task('5', { status: 'completed' });
    return 'v2 released: #5 done';
  }),
  at(88, (team) => {
    team.cleanup();
    return `team ${team.name} cleaned up (its files are gone)`;
  }),
];
