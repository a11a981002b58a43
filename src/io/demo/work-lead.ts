// What the demo's lead does between its messages: it plans, spawns the team, answers plans, hands out work, releases v2.
import { LEAD } from './team.js';
import { ask, answer, send, type Work } from './work-kit.js';

const spawnPrompt = (name: string, job: string) =>
  `You are ${name} on the v2-release team. ${job} Report to the team lead when done; ask teammates directly when blocked.`;
export const SPAWNS: Readonly<Record<string, string>> = {
  architect: spawnPrompt('architect', 'Design the v2 config schema (#1): additive, so every v1 file still validates.'),
  builder: spawnPrompt('builder', 'Build the v2 parser (#2) once the schema is in.'),
  tester: spawnPrompt('tester', 'Test the parser end to end (#4): v1 and v2 fixtures.'),
  scribe: spawnPrompt('scribe', 'Write the migration guide (#3) in docs/migration.md.'),
};

export function leadWork(work: Work): void {
  work
    .of(LEAD, 0.2)
    .prompt('Ship v2 of the config format today. Plan it as tasks and run a team of four: an architect, a builder, a tester and a scribe.')
    .think('Five tasks: the schema first, the parser and the guide on it, tests on the parser, then the release.', 0.4, 520)
    .tools(
      'TaskCreate',
      ['Design the v2 schema', 'Build the v2 parser', 'Write the migration guide', 'Test the parser end to end', 'Release v2'].map(
        (subject) => ({
          subject,
          description: subject,
        }),
      ),
      0.2,
    )
    .say('Spawning four teammates.')
    .tools(
      'Agent',
      Object.entries(SPAWNS).map(([name, prompt]) => ({ name, description: `${name} for v2`, prompt, team_name: 'v2-release' })),
      0.4,
    )
    .tools(
      'TaskUpdate',
      [
        ['1', 'architect'],
        ['2', 'builder'],
        ['3', 'scribe'],
        ['4', 'tester'],
      ].map(([taskId, owner]) => ({ taskId, owner })),
      0.2,
    )
    .think('Everyone has a task; a word on how we work, then wait for the plan.', 1)
    .then(4.8)
    .tools(
      'SendMessage',
      ['architect', 'builder', 'tester', 'scribe'].map((to) => send(to, 'kickoff', 'Kickoff: v2 ships today.')),
      0.3,
    )
    .done('The team is on it; the architect plans first.')
    .then(7.3)
    .take()
    .think('Renaming `opts` would break every v1 file in the wild.', 2.8)
    .then(10.8)
    .tool('SendMessage', answer('architect', 'plan_approval_response', 'plan-v2-1', false), 0.3)
    .done('Sent the plan back: additive changes only.')
    .then(14.3)
    .take()
    .think('Additive now, and `opts` is only deprecated. Good.', 2)
    .then(16.8)
    .tool('SendMessage', answer('architect', 'plan_approval_response', 'plan-v2-2', true), 0.3)
    .done('Plan approved.')
    .then(20.2)
    .tools('SendMessage', [send('builder', 'go', '#2 is yours now.'), send('scribe', 'go', '#3 is yours now.')], 0.4)
    .done('The parser and the guide are under way.')
    .then(30.3)
    .take()
    .done('The tester is ready and waits for the parser.')
    .then(42.2)
    .take()
    .tool('SendMessage', send('tester', 'go', '#4 is yours now.'), 0.4)
    .think('The architect is done: release it.', 0.8)
    .then(43.8)
    .tool('SendMessage', ask('architect', 'shutdown_request'), 0.3)
    .done('Asked the architect to shut down.')
    .then(45.8)
    .take()
    .done('The architect is off the roster.')
    .then(48.3)
    .take()
    .done('The guide is in; the tests are next.')
    .then(55.3)
    .take()
    .think('All green. Release, and let the others go.', 0.4)
    .tool('TaskUpdate', { taskId: '5', owner: LEAD, status: 'in_progress' }, 0.3)
    .then(56.8)
    .tool('SendMessage', ask('scribe', 'shutdown_request'), 0.3)
    .tool('Read', { file_path: '/work/v2/CHANGELOG.md' }, 0.3)
    .take()
    .tool('Edit', { file_path: '/work/v2/CHANGELOG.md', old_string: '## Unreleased', new_string: '## 2.0.0' }, 0.4)
    .then(59.8)
    .tool('SendMessage', ask('tester', 'shutdown_request'), 0.3)
    .tool('Bash', { command: 'npm version 2.0.0 --no-git-tag-version', description: 'Bump the version' }, 0.8)
    .then(61.8)
    .tool('SendMessage', ask('builder', 'shutdown_request'), 0.3)
    .done('Shutdowns sent; the release is being prepared.')
    .then(63.3)
    .take()
    .done('The builder fixes a flaky test first.')
    .then(70.3)
    .take()
    .think('Fixed and idle: ask again.', 1.2)
    .then(71.8)
    .tool('SendMessage', ask('builder', 'shutdown_request'), 0.3)
    .done('Asked the builder again.')
    .then(73.3)
    .take()
    .think('Build and dry-run the package while the tester answers.', 0.6)
    .tool('Bash', { command: 'npm run build', description: 'Build the package' }, 1.6)
    .tool('Bash', { command: 'npm publish --dry-run', description: 'Check what would be published' }, 2.5)
    .done('Dry run clean; waiting on the tester before the release.')
    .then(84.3)
    .take()
    .tool('Bash', { command: 'git tag v2.0.0 && npm publish', description: 'Tag and publish v2' }, 1.2)
    .tool('TaskUpdate', { taskId: '5', status: 'completed' }, 0.2)
    .tool('TeamDelete', {}, 0.4)
    .done('v2 is out, and the team is cleaned up.');
}
