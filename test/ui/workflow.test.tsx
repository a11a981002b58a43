/**
 * The workflow view: multi-agent-spec team files of every workflow type against a
 * live team (test-fixtures/workflow), drawn by Ink's own renderer.
 */
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settledSession } from '../../src/cli/session.js';
import type { WorkflowSpec } from '../../src/core/workflow/spec.js';
import { parseSpec } from '../../src/core/workflow/check.js';
import { frameOf } from '../../src/ui/screen/frame.js';
import { initialViewState } from '../../src/ui/keys/view-state.js';
import { selectWorkflow } from '../../src/core/select/workflow.js';
import { snapshot } from '../../src/core/snapshot.js';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { frame } from '../helpers/render.js';
import { waitFor } from '../helpers/wait.js';
import { WORKFLOW, workflow } from '../../src/ui/panes/workflow/model.js';
import type { AppState } from '../../src/core/app-state.js';

const NOW = Date.parse('2026-03-01T10:05:00Z');

function specOf(name: string): WorkflowSpec {
  const result = parseSpec(readFileSync(`${FIXTURES}/specs/${name}.json`, 'utf8'));
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.problems)}`);
  return result.spec;
}

async function team(): Promise<AppState> {
  return (await settledSession(`${FIXTURES}/workflow`)).store.getState();
}

/** The workflow view's lines, without the header, footer and trailing blanks. */
function workflowLines(state: AppState, spec: string, options: { width?: number; height?: number } = {}): string[] {
  const drawn = frame(state, {
    width: options.width ?? 120,
    height: options.height ?? 40,
    now: NOW,
    spec: specOf(spec),
    view: { mode: 'workflow' },
  });
  return drawn
    .split('\n')
    .slice(2, -1)
    .map((line) => line.trimEnd())
    .filter((line, i, all) => line !== '' || all.slice(i).some(Boolean));
}

describe('the workflow view', () => {
  it('draws what --json prints: one evaluation, made by the store', async () => {
    const state = await team();
    const spec = specOf('graph');
    const frame = frameOf({
      thresholds: DEFAULT_THRESHOLDS,
      state,
      view: { ...initialViewState, mode: 'workflow' },
      claudeDir: '/c',
      width: 120,
      height: 40,
      now: NOW,
      spec,
    });
    const status = selectWorkflow(state.teams.get('release-graph')!, spec, NOW, DEFAULT_THRESHOLDS);
    expect(workflow(frame!, spec).status).toBe(status);
    const json = snapshot(state, { thresholds: DEFAULT_THRESHOLDS, claudeDir: '/c', now: NOW, spec }).teams[0]!.workflow!;
    expect(json.steps.map((step) => [step.name, step.state, step.reason])).toEqual(
      status.steps.map((step) => [step.name, step.state, step.why]),
    );
  });

  it('draws a graph spec as a DAG, each step marked from the live team, with the mismatches on top', async () => {
    expect(workflowLines(await team(), 'graph')).toEqual([
      ' Workflow  release-graph v2.0.0 · graph · 7 steps · 2 done · 2 running · 3 waiting · 2 mismatches · w back to the dashb…',
      ' ⚠ reviewer is declared but not on the team',
      ' ⚠ intern is on the team but not declared',
      '',
      ' ✓      plan planner · done · task #1 completed',
      ' ├─╮',
      ' ✓ │    design planner · done · task #2 completed',
      ' ├─┼─╮',
      ' ├─╯ │',
      ' ▶   │  build coder · running · task #3 in progress',
      ' ○   │  test tester · waiting · task #5 is blocked',
      ' │   ▶  docs writer · running · task #4 in progress',
      ' ├───╯',
      ' ○      review reviewer · waiting · reviewer is not on the team',
      ' ○      release planner · waiting · planner (the lead) has no task in progress',
    ]);
  });

  it('draws a chain, and calls out a step running before its dependency is done', async () => {
    const lines = workflowLines(await team(), 'chain');
    expect(lines).toContain(' ⚠ release-notes is running but its dependency review is not done');
    expect(lines.slice(-5)).toEqual([
      ' ✓  plan planner · done · task #1 completed',
      ' ▶  build coder · running · task #3 in progress',
      ' ○  test tester · waiting · task #5 is blocked',
      ' ○  review reviewer · waiting · reviewer is not on the team',
      ' ▶  release-notes writer · running · writer is working',
    ]);
  });

  it('draws a scatter as a fan-out and its gather, which waits on what is not done', async () => {
    const lines = workflowLines(await team(), 'scatter');
    expect(lines).toContain(' ⚠ coder is on the team but not declared');
    expect(lines.slice(-5)).toEqual([
      ' ▶      check-tests tester · running · tester is working',
      ' │ ○    check-code reviewer · waiting · reviewer is not on the team',
      ' │ │ ▶  check-docs writer · running · writer is working',
      ' ├─┴─╯',
      ' ○      summarize planner · waiting · waits on check-tests, check-code, check-docs',
    ]);
  });

  it("shows a crew's lead and specialists, a swarm's shared queue and a council's agreement rule", async () => {
    const state = await team();
    expect(workflowLines(state, 'crew').slice(-3)).toEqual([
      ' Crew',
      ' lead: planner (lead)',
      ' specialists: coder (working), tester (working), reviewer (not on the team)',
    ]);
    expect(workflowLines(state, 'swarm').slice(-2)).toEqual([' Shared queue · 1 ready task nobody owns', ' #6 Triage flaky test']);
    const council = workflowLines(state, 'council', { width: 160 });
    expect(council.slice(-2)).toEqual([
      ' Council',
      ' agreement: 2/3 of 5 agents must agree (at least 4; required_agreement 0.66), at most 3 rounds, ties broken by the lead (planner)',
    ]);
  });

  it('scrolls to every line, below the graph too, and opens only steps', async () => {
    const state = await team();
    const spec = parseSpec(
      JSON.stringify({
        name: 'queue',
        version: '1.0.0',
        agents: ['coder', 'tester'],
        workflow: { type: 'swarm' },
        collaboration: { task_queue: true },
      }),
    );
    if (!spec.ok) throw new Error('spec');
    const withQueue = (count: number) => {
      // The fixture's queue holds one task: more, as a swarm would have, from the same state.
      const tasks = new Map(state.teams.get('release-graph')!.tasks);
      for (let i = 100; i < 100 + count; i++)
        tasks.set(String(i), {
          task: { id: String(i), subject: `bug ${i}`, status: 'pending', blocks: [], blockedBy: [] },
          deleted: false,
        });
      const teams = new Map(state.teams);
      teams.set('release-graph', { ...state.teams.get('release-graph')!, tasks });
      return { ...state, teams };
    };
    const big = withQueue(40);
    const top = frame(big, { width: 100, height: 20, now: NOW, spec: spec.spec, view: { mode: 'workflow' } });
    expect(top).toMatch(/↓ \d+ below/u);
    expect(top).not.toContain('bug 139');
    const bottom = frame(big, {
      width: 100,
      height: 20,
      now: NOW,
      spec: spec.spec,
      view: { mode: 'workflow', selected: [{ pane: WORKFLOW, item: { kind: 'line', id: 46 } }] },
    });
    expect(bottom).toContain('#139 bug 139');
    expect(bottom).toMatch(/↑ \d+ above/u);
    // Enter on a line that is not a step opens nothing.
    const { press, lastFrame } = await mountApp(`${FIXTURES}/workflow`, { now: NOW, spec: specOf('graph') });
    await press('w');
    await waitFor(() => expect(lastFrame()).toContain(' Workflow '));
    await press('\r', { unchanged: true });
    expect(lastFrame()).toContain(' Workflow ');
    expect(lastFrame()).not.toContain('esc close');
  });

  it('says how to declare one when no spec was given', async () => {
    const drawn = frame(await team(), { width: 120, height: 30, now: NOW, view: { mode: 'workflow' } });
    expect(drawn).toContain('No workflow declared');
    expect(drawn).toContain('--spec <team file>');
  });

  it('takes w, moves between steps and opens one', async () => {
    const { press, lastFrame } = await mountApp(`${FIXTURES}/workflow`, { now: NOW, spec: specOf('graph') });
    await waitFor(() => expect(lastFrame()).toContain('★ planner'));
    await press('w');
    await waitFor(() => expect(lastFrame()).toContain(' Workflow '));
    await press('jjjjjjjj\r');
    await waitFor(() => expect(lastFrame()).toContain('build step of release-graph · coder'));
    expect(lastFrame()).toContain('depends on: plan, design');
    expect(lastFrame()).toContain('running: task #3 in progress');
    await press('\u001b');
    await press('w');
    await waitFor(() => expect(lastFrame()).toContain('★ planner'));
  });
});
