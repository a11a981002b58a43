// What each member of the demo team does between its messages (script.ts), as its transcript says. All words are the demo's own.
import { LEAD, type Step } from './team.js';
import { answer, send, Work } from './work-kit.js';
import { leadWork, SPAWNS } from './work-lead.js';

const work = new Work();
leadWork(work);

work
  .of('architect', 2.3)
  .take(SPAWNS['architect'])
  .think('Start from the v1 schema and where `opts` is read.')
  .tool('Read', { file_path: '/work/v2/schema/v1.json' }, 0.4)
  .tool('TaskUpdate', { taskId: '1', status: 'in_progress' }, 0.2)
  .tool('Grep', { pattern: '\\bopts\\b', path: '/work/v2/src' }, 0.6)
  .take()
  .say('Plan: rename `opts` to `options`, add `include`.')
  .then(6.8)
  .tool('ExitPlanMode', { plan: '# Schema v2\n\n1. Rename `opts` to `options`\n2. Add `include`' }, 4.4, { error: true })
  .take()
  .think('Keep the v1 names: add fields, deprecate `opts`.', 0.5)
  .tool('Grep', { pattern: 'opts', path: '/work/v2/docs' }, 0.5)
  .say('Keeping the v1 names; only adding fields.')
  .then(13.8)
  .tool('ExitPlanMode', { plan: '# Schema v2, additive\n\n1. Add `include`\n2. Deprecate `opts` (no rename)' }, 3.4)
  .take()
  .tool('Write', { file_path: '/work/v2/schema/v2.json', content: '{ "$id": "config-v2" }' }, 0.4)
  .tool('Bash', { command: 'npx ajv validate -s schema/v2.json -d "fixtures/v1/*.json"', description: 'Validate v1 files' }, 0.8)
  .tool('TaskUpdate', { taskId: '1', status: 'completed' }, 0.15)
  .then(19.8)
  .tool('SendMessage', send(LEAD, 'schema done', 'Schema v2 is in schema/v2.json.'), 0.3)
  .done('Schema v2 is done and validates every v1 fixture.')
  .then(44.3)
  .take()
  .think('Done here; agree to shut down.', 0.7)
  .tool('SendMessage', answer(LEAD, 'shutdown_response', 'shutdown-44@architect', true), 0.3);

work
  .of('builder', 3.2)
  .take(SPAWNS['builder'])
  .think('#2 waits on #1. Learn the v1 parser meanwhile.')
  .tool('TaskGet', { taskId: '2' }, 0.2)
  .tool('Read', { file_path: '/work/v2/src/config/parser.ts' }, 0.3)
  .tool('Grep', { pattern: 'parseConfig', path: '/work/v2/src' }, 0.5)
  .take()
  .say('#2 waits on #1; reading the v1 parser and its tests meanwhile.')
  .tool('Glob', { pattern: 'test/parser/**/*.test.ts' }, 0.3)
  .tool('Bash', { command: 'npx vitest run test/parser', description: 'Run the v1 parser tests' }, 3)
  .tool('Read', { file_path: '/work/v2/test/parser/v1.test.ts' }, 0.3)
  .done('The v1 suite is green; ready for the schema.')
  .then(20.9)
  .take()
  .tool('TaskUpdate', { taskId: '2', status: 'in_progress' }, 0.2)
  .tool('Read', { file_path: '/work/v2/schema/v2.json' }, 0.3)
  .tool('Edit', { file_path: '/work/v2/src/config/parser.ts', old_string: 'v1', new_string: 'v1 | v2' }, 0.4)
  .then(22.8)
  .tool('Bash', { command: 'npm install --save zod', description: 'Add zod' }, 16.6, { id: 'toolu_demo_1', asked: true })
  .tool('Edit', { file_path: '/work/v2/src/config/v2.ts', old_string: 'TODO', new_string: 'z.object' }, 0.3)
  .tool('Bash', { command: 'npm test', description: 'Run the tests' }, 1.2)
  .tool('TaskUpdate', { taskId: '2', status: 'completed' }, 0.15)
  .then(41.8)
  .tool('SendMessage', send(LEAD, 'parser done', 'v1 and v2 both parse.'), 0.3)
  .done('The parser is done: 48 unit tests.')
  .then(62.3)
  .take()
  .tool('SendMessage', answer(LEAD, 'shutdown_response', 'shutdown-62@builder', false, 'Fixing a flaky test first.'), 0.3)
  .tool('Bash', { command: 'npx vitest run test/parser --repeat 20', description: 'Hunt the flaky test' }, 2.4, { error: true })
  .tool('Read', { file_path: '/work/v2/test/fixtures/dates.json' }, 0.3)
  .tool('Edit', { file_path: '/work/v2/test/fixtures/dates.json', old_string: '+02:00', new_string: 'Z' }, 0.3)
  .tool('Bash', { command: 'npx vitest run test/parser --repeat 20', description: 'Run it again' }, 2.2)
  .then(69.8)
  .tool('SendMessage', send(LEAD, 'flake fixed', 'A timezone in a fixture.'), 0.3)
  .done('Flaky test fixed.')
  .then(72.3)
  .take()
  .tool('SendMessage', answer(LEAD, 'shutdown_response', 'shutdown-72@builder', true), 0.4);
// Its `npm install` waits on the permission request; the scribe's question is answered meanwhile.
work
  .of('builder', 25.4)
  .take()
  .think('Strict mode is the `--strict` flag.', 1.1)
  .tool('SendMessage', send('scribe', 'answer', '`--strict`, off by default.'), 0.3);

work
  .of('tester', 2.3)
  .take(SPAWNS['tester'])
  .think('Gather the fixtures; get a baseline while the parser is built.')
  .tool('TaskGet', { taskId: '4' }, 0.2)
  .tool('Glob', { pattern: 'test/fixtures/**/*.json' }, 0.3)
  .tool('Read', { file_path: '/work/v2/test/fixtures/v1/basic.json' }, 0.3)
  .then(5.4)
  .take()
  .say('Writing v2 fixtures and a baseline run while #2 is in progress.')
  .tool('Write', { file_path: '/work/v2/test/fixtures/v2/basic.json', content: '{ "include": [] }' }, 0.3)
  .then(7)
  .tool('Bash', { command: 'npm test', description: 'Baseline: the whole suite' }, 17, { tokens: 9000 })
  .tool('Edit', { file_path: '/work/v2/test/e2e/config.test.ts', old_string: "'v1'", new_string: "'v1', 'v2'" }, 0.4)
  .tool('Bash', { command: 'npm run lint', description: 'Lint' }, 1.6)
  .tool('Write', { file_path: '/work/v2/test/fixtures/v2/include.json', content: '{ "include": ["a"] }' }, 0.3)
  .then(29.8)
  .tool('SendMessage', send(LEAD, 'ready', 'Fixtures are ready.'), 0.3)
  .done('Fixtures ready; waiting for the parser.')
  .then(42.9)
  .take()
  .tool('TaskUpdate', { taskId: '4', status: 'in_progress' }, 0.2)
  .tool('Read', { file_path: '/work/v2/src/config/parser.ts' }, 0.3)
  .tool('Bash', { command: 'npm test', description: 'The whole suite' }, 3.4, { error: true, tokens: 6000 })
  .tool('Read', { file_path: '/work/v2/test/e2e/config.test.ts' }, 0.3)
  .tool('Edit', { file_path: '/work/v2/test/e2e/config.test.ts', old_string: 'fixtures/', new_string: 'test/fixtures/' }, 0.3)
  .then(49.8)
  .tool('Bash', { command: 'npm run e2e', description: 'End-to-end tests' }, 4.2, { tokens: 4000, asked: true })
  .tool('TaskUpdate', { taskId: '4', status: 'completed' }, 0.2)
  .then(54.8)
  .tool('SendMessage', send(LEAD, 'tests pass', 'All 212 tests pass.'), 0.3)
  .done('All green on v1 and v2 fixtures.')
  // Its shutdown request waits 24 s before its model takes it: the handshake stalls.
  .then(83.3)
  .take()
  .tool('SendMessage', answer(LEAD, 'shutdown_response', 'shutdown-60@tester', true), 0.4);
// The end-to-end run waits at a permission prompt in the lead's process until a person answers it.
work.at(50, (team) => {
  team.permissionPrompt(true);
  return 'the lead waits at a permission prompt: tester, Bash npm run e2e';
});
work.at(53, (team) => {
  team.permissionPrompt(false);
  return 'the permission prompt is answered: allowed';
});

work
  .of('scribe', 2.3)
  .take(SPAWNS['scribe'])
  .think('#3 waits on the schema; outline the guide meanwhile.')
  .tool('TaskGet', { taskId: '3' }, 0.2)
  .tool('Read', { file_path: '/work/v2/README.md' }, 0.3)
  .tool('Read', { file_path: '/work/v2/docs/config.md' }, 0.3)
  .then(5.4)
  .take()
  .say('Outlining the guide until the schema is in.')
  .tool('Write', { file_path: '/work/v2/docs/migration.md', content: '# Moving to v2\n' }, 0.3)
  .done('Outline written; waiting for #1.')
  .then(20.9)
  .take()
  .tool('TaskUpdate', { taskId: '3', status: 'in_progress' }, 0.2)
  .tool('Read', { file_path: '/work/v2/schema/v2.json' }, 0.3)
  .tool('Grep', { pattern: 'opts', path: '/work/v2/docs' }, 0.5)
  .tool('Edit', { file_path: '/work/v2/docs/migration.md', old_string: 'TBD', new_string: '`include`' }, 0.4)
  .then(24.8)
  .tool('SendMessage', send('builder', 'question', 'Which flag turns strict mode on?'), 0.3)
  .done('Asked the builder about strict mode.')
  .then(27.4)
  .take()
  .tool('Edit', { file_path: '/work/v2/docs/migration.md', old_string: 'strict: ?', new_string: '--strict' }, 0.3)
  .tool('Bash', { command: 'npx markdownlint docs/migration.md', description: 'Lint the guide' }, 1.2, { error: true })
  .tool('Edit', { file_path: '/work/v2/docs/migration.md', old_string: '* ', new_string: '- ' }, 0.3)
  .tool('Bash', { command: 'npx markdownlint docs/migration.md', description: 'Lint it again' }, 1)
  .tool('Read', { file_path: '/work/v2/examples/app.config.json' }, 0.3)
  .tool('Write', { file_path: '/work/v2/docs/examples/v2.config.json', content: '{ "include": ["base"] }' }, 0.3)
  .think('A before-and-after for every deprecated field.', 2.5, 900)
  .tool('Edit', { file_path: '/work/v2/docs/migration.md', old_string: '## Fields', new_string: '## Fields, before and after' }, 0.4)
  .then(38)
  .tool('Edit', { file_path: '/work/v2/README.md', old_string: 'v1', new_string: 'v2' }, 0.4)
  .then(41)
  .tool('Grep', { pattern: 'v1', path: '/work/v2/docs' }, 0.6)
  .then(44)
  .tool('Edit', { file_path: '/work/v2/docs/migration.md', old_string: 'opts', new_string: 'opts (deprecated)' }, 0.4)
  .then(46.5)
  .tool('Bash', { command: 'npx markdownlint docs', description: 'Lint the docs' }, 0.8)
  .tool('TaskUpdate', { taskId: '3', status: 'completed' }, 0.15)
  .then(47.8)
  .tool('SendMessage', send(LEAD, 'guide done', 'docs/migration.md is in.'), 0.3)
  .done('The migration guide is done.')
  .then(57.3)
  .take()
  .tool('SendMessage', answer(LEAD, 'shutdown_response', 'shutdown-57@scribe', true), 0.4);

/** Every member's beats, in no particular order (simulate plays them in time with the script). */
export const WORK: readonly Step[] = work.steps;
