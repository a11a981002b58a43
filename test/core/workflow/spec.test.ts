import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS, type SpecResult, type WorkflowSpec } from '../../../src/core/workflow/spec.js';
import { effectiveDependencies } from '../../../src/core/workflow/spec-reading.js';
import { formatPath } from '../../../src/core/workflow/spec-wording.js';
import { checkSpec, MAX_ENTRIES, parseSpec } from '../../../src/core/workflow/check.js';
import { FIXTURES } from '../../helpers/fixtures.js';

const readSpec = (name: string): SpecResult => parseSpec(readFileSync(join(FIXTURES, 'specs', name), 'utf8'));

function validSpec(name: string): WorkflowSpec {
  const result = readSpec(name);
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.problems)}`);
  return result.spec;
}

const problemsOf = (result: SpecResult) => (result.ok ? [] : result.problems.map(({ path, message }) => `${path}: ${message}`));

/** A valid team around the given workflow and collaboration. */
const team = (fields: Record<string, unknown>) => ({
  name: 'release',
  version: '1.0.0',
  agents: ['planner', 'coder', 'tester'],
  ...fields,
});

describe('parseSpec on the fixtures', () => {
  it.each(['chain.json', 'scatter.json', 'graph.json', 'crew.json', 'swarm.json', 'council.json'])(
    'accepts %s without warnings',
    (name) => {
      expect(readSpec(name)).toMatchObject({ ok: true, warnings: [] });
    },
  );

  it('reports every wrong type, missing field and unknown key at once', () => {
    expect(problemsOf(readSpec('invalid-types.json'))).toEqual([
      '$.name: expected a string, found 42',
      '$.version: required, but missing',
      '$.agents: expected an array, found "planner"',
      '$.self_claim: expected true or false, found "yes"',
      '$.workflow.type: must be one of "chain", "scatter", "graph", "crew", "swarm", "council" (found "pipeline")',
      '$.workflow.steps[0]["depends-on"]: unknown key (did you mean "depends_on"?)',
      '$.workflow.steps[1].name: required, but missing',
      '$.workflow.steps[1].depends_on: expected an array, found "plan"',
      '$.collaboration.consensus.required_agreement: must be between 0 and 1 (found 1.5)',
      '$.collaboration.consensus.max_rounds: must be at least 1 (found 0)',
      '$.owner: unknown key: a team has $schema, name, version, description, agents, orchestrator, context, self_claim, plan_approval, workflow, collaboration',
    ]);
  });

  it('reports unknown agents, unknown and self dependencies and duplicate steps', () => {
    expect(problemsOf(readSpec('invalid-references.json'))).toEqual([
      '$.collaboration.lead: agent "manager" is not in agents',
      '$.workflow.steps[1].agent: agent "codr" is not in agents (did you mean "coder"?)',
      '$.workflow.steps[4].name: duplicate step name "test" (also steps[2])',
      '$.workflow.steps[2].depends_on[1]: no step named "deploy"',
      '$.workflow.steps[3].depends_on[0]: step "review" depends on itself',
    ]);
  });

  it('names a cycle in the order its steps would run, at the entry that closes it', () => {
    expect(problemsOf(readSpec('invalid-cycle.json'))).toEqual([
      '$.workflow.steps[1].depends_on[1]: dependency cycle: design → build → review → design',
    ]);
  });

  it('reports torn JSON with where the parser stopped', () => {
    const result = readSpec('invalid-json.json');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.path).toBe('$');
    expect(result.problems[0]!.message).toMatch(/^not valid JSON at line \d+, column \d+: \S/u);
  });

  it('requires a lead for a crew', () => {
    expect(problemsOf(readSpec('invalid-crew.json'))).toEqual(['$.collaboration.lead: a crew workflow needs a lead (collaboration.lead)']);
  });
});

describe('parseSpec rules', () => {
  it('reports a value that is no object, and an empty or BOM-prefixed text', () => {
    expect(problemsOf(checkSpec([]))).toEqual(['$: expected an object, found an array']);
    expect(problemsOf(checkSpec(null))).toEqual(['$: expected an object, found null']);
    expect(problemsOf(parseSpec(''))).toEqual([expect.stringMatching(/^\$: not valid JSON: /u)]);
    expect(parseSpec(`\uFEFF${JSON.stringify(team({}))}`).ok).toBe(true);
  });

  it('wants a semantic version, at least one agent, and names that are not empty', () => {
    expect(problemsOf(checkSpec(team({ version: '1.0', agents: [] })))).toEqual([
      '$.version: must be a version x.y.z, like 1.0.0 (found "1.0")',
      '$.agents: must name at least one agent',
    ]);
    expect(checkSpec(team({ version: '2.1.0-rc.1+build.5' })).ok).toBe(true);
    expect(problemsOf(checkSpec(team({ name: '', agents: ['planner', ''] })))).toEqual([
      '$.name: must not be empty',
      '$.agents[1]: must not be empty',
    ]);
  });

  it('reports duplicate agents and every reference to an agent that is not declared', () => {
    const spec = team({
      agents: ['planner', 'coder', 'planner'],
      orchestrator: 'boss',
      collaboration: {
        lead: 'planner',
        specialists: ['coder', 'tester'],
        consensus: { tie_breaker: 'judge' },
        channels: [{ name: 'all', type: 'broadcast', participants: ['*', 'writer'] }],
      },
    });
    expect(problemsOf(checkSpec(spec))).toEqual([
      '$.agents[2]: duplicate agent "planner" (also agents[0])',
      '$.orchestrator: agent "boss" is not in agents',
      '$.collaboration.specialists[1]: agent "tester" is not in agents',
      '$.collaboration.consensus.tie_breaker: agent "judge" is not in agents',
      '$.collaboration.channels[0].participants[1]: agent "writer" is not in agents',
    ]);
  });

  it('takes "lead" as a tie breaker and "*" as every participant', () => {
    const spec = team({
      collaboration: { consensus: { tie_breaker: 'lead' }, channels: [{ name: 'all', type: 'broadcast', participants: ['*'] }] },
    });
    expect(problemsOf(checkSpec(spec))).toEqual([]);
  });

  it('checks consensus numbers and names the allowed values of an enum', () => {
    const spec = team({
      collaboration: { consensus: { required_agreement: -0.1, max_rounds: 1.5 }, channels: [{ name: 'x', type: 'smoke' }] },
    });
    expect(problemsOf(checkSpec(spec))).toEqual([
      '$.collaboration.consensus.required_agreement: must be between 0 and 1 (found -0.1)',
      '$.collaboration.consensus.max_rounds: expected a whole number, found 1.5',
      '$.collaboration.channels[0].type: must be one of "direct", "broadcast", "pub-sub" (found "smoke")',
    ]);
  });

  it('says a channel with no type misses one, not that it found "a undefined"', () => {
    const spec = team({ collaboration: { channels: [{ name: 'x' }] } });
    expect(problemsOf(checkSpec(spec))).toEqual([
      '$.collaboration.channels[0].type: required, but missing: one of "direct", "broadcast", "pub-sub"',
    ]);
  });

  it('flags unknown keys everywhere but $schema at the top, suggesting the key meant', () => {
    const spec = team({
      $schema: 'https://example.com/team.schema.json',
      workflow: { type: 'chain', stepz: [], steps: [{ name: 'plan', agent: 'planner', outputs: [{ name: 'p', kind: 'file' }] }] },
      collaboration: { taskQueue: true },
    });
    expect(problemsOf(checkSpec(spec))).toEqual([
      '$.workflow.steps[0].outputs[0].kind: unknown key: a port has name, type, description, required, from, schema, default',
      '$.workflow.stepz: unknown key (did you mean "steps"?)',
      '$.collaboration.taskQueue: unknown key (did you mean "task_queue"?)',
    ]);
  });

  it('reports a cycle through an implied chain dependency, and a dependency listed twice as a warning', () => {
    const spec = team({
      workflow: {
        type: 'chain',
        steps: [
          { name: 'plan', agent: 'planner', depends_on: ['test'] },
          { name: 'build', agent: 'coder' },
          { name: 'test', agent: 'tester', depends_on: ['build', 'build'] },
        ],
      },
    });
    const result = checkSpec(spec);
    expect(problemsOf(result)).toEqual(['$.workflow.steps[0].depends_on[0]: dependency cycle: plan → build → test → plan']);
    expect(result.warnings).toEqual([
      { path: '$.workflow.steps[2].depends_on[1]', message: '"build" is listed twice (also depends_on[0])' },
    ]);
  });

  it('reports each cycle once, however tangled', () => {
    const steps = [
      { name: 'a', agent: 'coder', depends_on: ['b', 'c'] },
      { name: 'b', agent: 'coder', depends_on: ['a', 'c'] },
      { name: 'c', agent: 'coder', depends_on: ['a'] },
      { name: 'x', agent: 'coder', depends_on: ['y'] },
      { name: 'y', agent: 'coder', depends_on: ['x'] },
    ];
    expect(problemsOf(checkSpec(team({ workflow: { steps } })))).toEqual([
      '$.workflow.steps[0].depends_on[0]: dependency cycle: a → b → a',
      '$.workflow.steps[3].depends_on[0]: dependency cycle: x → y → x',
    ]);
  });

  it('warns about a council without consensus, a swarm without a queue and a deterministic workflow without steps', () => {
    const warnings = (fields: Record<string, unknown>) =>
      checkSpec(team(fields)).warnings.map(({ path, message }) => `${path}: ${message}`);
    expect(warnings({ workflow: { type: 'council' } })).toEqual([
      '$.collaboration.consensus: a council workflow without consensus rules: required_agreement 0.5 and max_rounds 3 by default',
    ]);
    expect(warnings({ workflow: { type: 'swarm' }, collaboration: { task_queue: false } })).toEqual([
      '$.collaboration.task_queue: a swarm workflow without task_queue: true has no shared queue to claim tasks from',
    ]);
    expect(warnings({ workflow: { type: 'chain', steps: [] } })).toEqual([
      '$.workflow.steps: a chain workflow with no steps: nothing to run',
    ]);
    expect(warnings({})).toEqual(['$.workflow: a graph workflow with no steps: nothing to run']);
    expect(checkSpec(team({ workflow: { type: 'council' } })).ok).toBe(true);
  });

  it('fills in the defaults', () => {
    const result = checkSpec(team({ workflow: {}, collaboration: { consensus: {} } }));
    if (!result.ok) throw new Error('did not parse');
    expect(result.spec.workflow?.type).toBe('graph');
    expect(result.spec.collaboration?.consensus).toEqual({ required_agreement: 0.5, max_rounds: 3 });
  });
});

describe('effectiveDependencies', () => {
  it('makes a plain list of chain steps run in order', () => {
    expect(effectiveDependencies(validSpec('chain.json'))).toEqual(
      new Map([
        ['plan', []],
        ['build', ['plan']],
        ['test', ['build']],
        ['review', ['test']],
        ['release-notes', ['review']],
      ]),
    );
  });

  it('leaves scatter steps without depends_on independent', () => {
    expect(effectiveDependencies(validSpec('scatter.json'))).toEqual(
      new Map([
        ['check-tests', []],
        ['check-code', []],
        ['check-docs', []],
        ['summarize', ['check-tests', 'check-code', 'check-docs']],
      ]),
    );
  });

  it('lets depends_on, even empty, override the chain', () => {
    const result = checkSpec(
      team({
        workflow: {
          type: 'chain',
          steps: [
            { name: 'plan', agent: 'planner' },
            { name: 'build', agent: 'coder', depends_on: [] },
            { name: 'test', agent: 'tester' },
            { name: 'ship', agent: 'planner', depends_on: ['plan', 'test'] },
          ],
        },
      }),
    );
    if (!result.ok) throw new Error('did not parse');
    expect([...effectiveDependencies(result.spec)]).toEqual([
      ['plan', []],
      ['build', []],
      ['test', ['build']],
      ['ship', ['plan', 'test']],
    ]);
  });
});

describe('parseSpec on hostile input', () => {
  it('gives a result for deep nesting, huge lists and many unknown keys', () => {
    const deep = `{"name":"x","version":"1.0.0","agents":["a"],"context":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(problemsOf(parseSpec(deep))).toEqual(['$.context: expected a string, found an array']);
    const deepPort = { schema: JSON.parse(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`) as unknown, name: 'p' };
    expect(checkSpec(team({ workflow: { steps: [{ name: 's', agent: 'coder', inputs: [deepPort] }] } })).ok).toBe(true);

    expect(problemsOf(checkSpec(team({ agents: Array.from({ length: 1_000_000 }, (_, i) => i) })))).toEqual([
      `$: too big to check: 1000000 list entries (the most a team file may hold is ${MAX_ENTRIES})`,
    ]);

    const many = checkSpec(team({ agents: Array.from({ length: MAX_ENTRIES - 10 }, (_, i) => i) }));
    expect(many.ok).toBe(false);
    if (many.ok) return;
    expect(many.problems).toHaveLength(MAX_PROBLEMS);
    expect(many.problems.at(-1)).toEqual({ path: '$', message: `and ${MAX_ENTRIES - 10 - (MAX_PROBLEMS - 1)} more problems` });

    const keys: Record<string, unknown> = team({});
    for (let i = 0; i < 200_000; i++) keys[`k${i}`] = i;
    const unknown = checkSpec(keys);
    expect(unknown.ok ? [] : unknown.problems.at(-1)).toEqual({ path: '$', message: 'and 199950 more unknown keys' });
  });

  it('keeps long keys and values short, and odd keys readable', () => {
    const long = 'x'.repeat(10_000);
    expect(problemsOf(checkSpec(team({ version: long, [long]: 1, 'a b': 2 })))).toEqual([
      `$.version: must be a version x.y.z, like 1.0.0 (found "${'x'.repeat(59)}…")`,
      `$.${'x'.repeat(59)}…: unknown key: a team has $schema, name, version, description, agents, orchestrator, context, self_claim, plan_approval, workflow, collaboration`,
      '$["a b"]: unknown key: a team has $schema, name, version, description, agents, orchestrator, context, self_claim, plan_approval, workflow, collaboration',
    ]);
    expect(formatPath(['workflow', 'steps', 2, 'depends_on', 0])).toBe('$.workflow.steps[2].depends_on[0]');
    expect(formatPath(['__proto__', 'a\u001b[2Jb'])).toBe('$.__proto__["a\\u001b[2Jb"]');
  });

  it('shows a long cycle by its ends', () => {
    const size = 2000;
    const steps = Array.from({ length: size }, (_, i) => ({ name: `s${i}`, agent: 'coder', depends_on: [`s${(i + 1) % size}`] }));
    expect(problemsOf(checkSpec(team({ workflow: { steps } })))).toEqual([
      '$.workflow.steps[0].depends_on[0]: dependency cycle: s0 → s1999 → s1998 → s1997 → s1996 → s1995 → s1994 → s1993 → s1992 → … (2000 steps) → s1 → s0',
    ]);
  });
});
