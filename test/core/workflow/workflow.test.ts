import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateWorkflow, type LiveAgent, type LiveTask } from '../../../src/core/workflow/evaluate.js';
import { councilRule } from '../../../src/core/workflow/extras.js';
import type { WorkflowSpec } from '../../../src/core/workflow/spec.js';
import { checkSpec, parseSpec } from '../../../src/core/workflow/check.js';
import { FIXTURES } from '../../helpers/fixtures.js';

function fixture(name: string): WorkflowSpec {
  const result = parseSpec(readFileSync(join(FIXTURES, 'specs', name), 'utf8'));
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.problems)}`);
  return result.spec;
}

function spec(fields: Record<string, unknown>): WorkflowSpec {
  const result = checkSpec({ name: 'release', version: '1.0.0', agents: ['planner', 'coder', 'tester'], ...fields });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.spec;
}

const agent = (name: string, status: LiveAgent['status'] = 'idle', more: Partial<LiveAgent> = {}): LiveAgent => ({
  name,
  status,
  departed: false,
  ...more,
});
const task = (
  id: string,
  subject: string,
  state: LiveTask['state'],
  owner: string | null = null,
  metadata?: Record<string, unknown>,
): LiveTask => ({
  id,
  subject,
  owner,
  state,
  ...(metadata ? { metadata } : {}),
});

/** One step, `build` by `coder`, after `plan` by `planner` (done by its task). */
const oneStep = spec({
  workflow: {
    type: 'chain',
    steps: [
      { name: 'plan', agent: 'planner' },
      { name: 'build', agent: 'coder' },
    ],
  },
});
const planDone = task('1', 'plan', 'completed', 'planner');
const TEAM = [agent('team-lead', 'lead'), agent('planner', 'idle'), agent('tester', 'idle')];

/** The state and reason of `build` given the coder and the tasks besides plan's. */
function build(coder: LiveAgent | undefined, tasks: readonly LiveTask[] = []) {
  const status = evaluateWorkflow(oneStep, [...TEAM, ...(coder ? [coder] : [])], [planDone, ...tasks]);
  const step = status.steps.find((each) => each.name === 'build')!;
  return [step.state, step.why];
}

describe('evaluateWorkflow: a step named by a task', () => {
  it('is done when every task naming it is completed, by subject (any case) or metadata.step', () => {
    expect(build(agent('coder', 'working'), [task('3', '  Build ', 'completed', 'coder')])).toEqual(['done', 'task #3 completed']);
    expect(
      build(agent('coder', 'working'), [task('3', 'compile it', 'completed', 'coder', { step: 'build' }), task('4', 'build', 'completed')]),
    ).toEqual(['done', 'tasks #3, #4 completed']);
  });

  it('is failed when not completed and its agent failed or reported an error', () => {
    expect(build(agent('coder', 'failed'), [task('3', 'build', 'in_progress', 'coder')])).toEqual([
      'failed',
      'task #3 not completed: coder failed',
    ]);
    expect(build(agent('coder', 'working', { agentStatus: 'error' }), [task('3', 'build', 'ready')])).toEqual([
      'failed',
      'task #3 not completed: coder reported an error',
    ]);
  });

  it('is running while one is in progress or being planned, else waiting on it', () => {
    expect(build(agent('coder', 'idle'), [task('3', 'build', 'in_progress', 'coder')])).toEqual(['running', 'task #3 in progress']);
    expect(build(agent('coder', 'idle'), [task('3', 'build', 'planning', 'coder')])).toEqual(['running', 'task #3 is being planned']);
    expect(build(agent('coder', 'working'), [task('3', 'build', 'blocked')])).toEqual(['waiting', 'task #3 is blocked']);
    expect(build(agent('coder', 'working'), [task('3', 'build', 'ready')])).toEqual(['waiting', 'task #3 is ready']);
  });

  it('ignores deleted tasks', () => {
    expect(build(agent('coder', 'idle'), [task('3', 'build', 'deleted', 'coder')])).toEqual(['waiting', 'coder is idle']);
  });
});

describe('evaluateWorkflow: a step decided by its agent', () => {
  it('is waiting while the agent is not on the team', () => {
    expect(build(undefined)).toEqual(['waiting', 'coder is not on the team']);
  });

  it('is failed when the agent failed or reported an error', () => {
    expect(build(agent('coder', 'failed'))).toEqual(['failed', 'coder failed']);
    expect(build(agent('coder', 'working', { agentStatus: 'error' }))).toEqual(['failed', 'coder reported an error']);
  });

  it('is done when the agent reported complete, shut down or left', () => {
    expect(build(agent('coder', 'working', { agentStatus: 'complete' }))).toEqual(['done', 'coder reported complete']);
    expect(build(agent('coder', 'shut down'))).toEqual(['done', 'coder has shut down']);
    expect(build(agent('coder', 'shut down', { departed: true }))).toEqual(['done', 'coder left the team']);
  });

  it('is running while the agent is at work', () => {
    expect(build(agent('coder', 'idle', { agentStatus: 'running' }))).toEqual(['running', 'coder reports running']);
    expect(build(agent('coder', 'working'))).toEqual(['running', 'coder is working']);
    expect(build(agent('coder', 'waiting'))).toEqual(['running', 'coder is waiting for an answer']);
    expect(build(agent('coder', 'stopping'))).toEqual(['running', 'coder is stopping']);
    expect(build(agent('coder', 'idle'), [task('7', 'wire the parser', 'in_progress', 'coder')])).toEqual([
      'running',
      'coder is on task #7',
    ]);
  });

  it('is done when the idle agent completed all its tasks, and waiting otherwise', () => {
    const finished = [task('7', 'wire the parser', 'completed', 'coder'), task('8', 'fix the lexer', 'completed', 'coder')];
    expect(build(agent('coder', 'idle'), finished)).toEqual(['done', 'coder is idle, all 2 of its tasks completed']);
    expect(build(agent('coder', 'idle', { agentStatus: 'idle' }), finished.slice(0, 1))).toEqual([
      'done',
      'coder is idle, its task completed',
    ]);
    expect(build(agent('coder', 'idle'), [...finished, task('9', 'more', 'ready', 'coder')])).toEqual(['waiting', 'coder is idle']);
    expect(build(agent('coder', 'idle'))).toEqual(['waiting', 'coder is idle']);
    expect(build(agent('coder', 'interrupted'))).toEqual(['waiting', 'coder was interrupted']);
    expect(build(agent('coder', 'lead'))).toEqual(['waiting', 'coder (the lead) has no task in progress']);
    expect(build(agent('coder', 'lead'), finished)).toEqual(['done', 'coder is idle, all 2 of its tasks completed']);
  });

  it('gives an agent at work one step at a time: its first step not done', () => {
    const two = spec({
      workflow: {
        type: 'chain',
        steps: [
          { name: 'build', agent: 'coder' },
          { name: 'test', agent: 'tester' },
          { name: 'fix', agent: 'coder' },
        ],
      },
    });
    const status = evaluateWorkflow(two, [agent('coder', 'working'), agent('tester', 'idle'), agent('planner', 'idle')], []);
    expect(status.steps.map((step) => [step.name, step.state, step.why])).toEqual([
      ['build', 'running', 'coder is working'],
      ['test', 'waiting', 'tester is idle'],
      ['fix', 'waiting', 'coder is busy with build'],
    ]);
    expect(status.mismatches).toEqual([]);
  });
});

describe('evaluateWorkflow: the whole workflow', () => {
  it('lists steps in run order with their effective dependencies, and counts the states', () => {
    const graph = fixture('graph.json');
    const agents = ['planner', 'coder', 'tester', 'reviewer', 'writer'].map((name) => agent(name, 'idle'));
    const tasks = [
      task('1', 'plan', 'completed', 'planner'),
      task('2', 'design', 'completed', 'planner'),
      task('3', 'build', 'in_progress', 'coder'),
    ];
    const status = evaluateWorkflow(graph, agents, tasks);
    expect(status.steps.map((step) => [step.name, step.agent, step.dependsOn, step.state])).toEqual([
      ['plan', 'planner', [], 'done'],
      ['design', 'planner', ['plan'], 'done'],
      ['build', 'coder', ['plan', 'design'], 'running'],
      ['test', 'tester', ['build'], 'waiting'],
      ['docs', 'writer', ['design'], 'waiting'],
      ['review', 'reviewer', ['test', 'docs'], 'waiting'],
      ['release', 'planner', ['review'], 'waiting'],
    ]);
    // plan's and design's tasks speak for those steps, not for release, the planner's other step.
    expect(status.steps.at(-1)!.why).toBe('planner is idle');
    expect(status.counts).toEqual({ done: 2, running: 1, waiting: 4, failed: 0 });
    expect(status).toMatchObject({ type: 'graph', mismatches: [], extras: { type: 'graph' } });
  });

  it('reports declared agents missing, undeclared members, and steps running ahead of their dependencies', () => {
    const agents = [
      agent('team-lead', 'lead'),
      agent('coder', 'working'),
      agent('helper', 'idle'),
      agent('old-helper', 'shut down', { departed: true }),
      agent('tester', 'working'),
    ];
    const chain = spec({
      workflow: {
        type: 'chain',
        steps: [
          { name: 'plan', agent: 'planner' },
          { name: 'build', agent: 'coder' },
          { name: 'test', agent: 'tester', depends_on: ['plan', 'build'] },
        ],
      },
    });
    expect(evaluateWorkflow(chain, agents, []).mismatches).toEqual([
      'planner is declared but not on the team',
      'helper is on the team but not declared',
      'build is running but its dependency plan is not done',
      'test is running but its dependencies plan, build are not done',
    ]);
  });

  it('draws nothing from a workflow without steps', () => {
    const status = evaluateWorkflow(fixture('swarm.json'), [], []);
    expect(status).toMatchObject({ steps: [], counts: { done: 0, running: 0, waiting: 0, failed: 0 } });
  });
});

describe('evaluateWorkflow: what each type adds', () => {
  it('gives a crew its lead and specialists with their live status', () => {
    const status = evaluateWorkflow(
      fixture('crew.json'),
      [agent('planner', 'lead'), agent('coder', 'working'), agent('tester', 'idle')],
      [],
    );
    expect(status.extras).toEqual({
      type: 'crew',
      lead: { name: 'planner', status: 'lead' },
      specialists: [
        { name: 'coder', status: 'working' },
        { name: 'tester', status: 'idle' },
        { name: 'reviewer', status: null },
      ],
    });
    const implied = spec({ workflow: { type: 'crew' }, collaboration: { lead: 'planner' } });
    expect(evaluateWorkflow(implied, [], []).extras).toMatchObject({ specialists: [{ name: 'coder' }, { name: 'tester' }] });
  });

  it('gives a swarm its queue: ready tasks nobody owns', () => {
    const tasks = [
      task('1', 'fix login', 'ready'),
      task('2', 'fix logout', 'ready', 'coder'),
      task('3', 'fix signup', 'blocked'),
      task('4', 'fix reset', 'in_progress'),
      task('5', 'fix avatar', 'ready'),
    ];
    expect(evaluateWorkflow(fixture('swarm.json'), [], tasks).extras).toEqual({
      type: 'swarm',
      queue: [
        { id: '1', subject: 'fix login' },
        { id: '5', subject: 'fix avatar' },
      ],
    });
  });

  it('gives a council its rule in one line', () => {
    expect(evaluateWorkflow(fixture('council.json'), [], []).extras).toEqual({
      type: 'council',
      rule: '2/3 of 5 agents must agree (at least 4; required_agreement 0.66), at most 3 rounds, ties broken by the lead (planner)',
    });
    const council = (collaboration: Record<string, unknown>) => councilRule(spec({ workflow: { type: 'council' }, collaboration }));
    expect(council({})).toBe(
      '1/2 of 3 agents must agree (at least 2; required_agreement 0.5, the default), at most 3 rounds, no tie breaker',
    );
    expect(council({ consensus: { required_agreement: 1, max_rounds: 1, tie_breaker: 'coder' } })).toBe(
      'all 3 agents must agree (required_agreement 1), at most 1 round, ties broken by coder',
    );
    expect(council({ consensus: { required_agreement: 0 } })).toBe(
      'no agreement is required among 3 agents (required_agreement 0), at most 3 rounds, no tie breaker',
    );
    expect(council({ consensus: { required_agreement: 0.83, tie_breaker: 'lead' } })).toBe(
      '83% of 3 agents must agree (at least 3; required_agreement 0.83), at most 3 rounds, ties broken by the lead',
    );
  });
});

describe('evaluateWorkflow: what the agent alone says waits on the dependencies', () => {
  it('does not call a step done before the steps it depends on are', () => {
    const planOpen = task('1', 'plan', 'in_progress', 'planner');
    const status = evaluateWorkflow(oneStep, [...TEAM, agent('coder', 'shut down')], [planOpen]);
    expect(status.steps.map(({ name, state, why }) => [name, state, why])).toEqual([
      ['plan', 'running', 'task #1 in progress'],
      ['build', 'waiting', 'waits on plan'],
    ]);
    // Once plan is done, the coder having shut down means build is done.
    expect(build(agent('coder', 'shut down'))).toEqual(['done', 'coder has shut down']);
  });
});
