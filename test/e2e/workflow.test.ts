/**
 * Declared workflows through the built CLI: `spec-check` for CI, `--spec` refused
 * with every problem when the file is wrong, and the workflow view in a terminal.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, FIXTURES, tempDir } from '../helpers/fixtures.js';
import { writeJson } from '../helpers/live.js';
import { CLI, Terminal } from '../helpers/pty.js';

const SPECS = join(FIXTURES, 'specs');

function run(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '', env: { ...process.env, COLUMNS: '120' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('teamtop spec-check', () => {
  it.each(['chain', 'scatter', 'graph', 'crew', 'swarm', 'council'])('passes the valid %s spec', (type) => {
    const { code, stdout, stderr } = run(['spec-check', join(SPECS, `${type}.json`)]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(`^✓ .*${type}\\.json: team \\S+ v\\d+\\.\\d+\\.\\d+, \\d+ agents, ${type} workflow with \\d+ steps?\\n`, 'u'),
    );
    expect(stderr).toBe('');
  });

  it.each([
    ['invalid-references', '$.workflow.steps[1].agent: agent "codr" is not in agents (did you mean "coder"?)'],
    ['invalid-cycle', '$.workflow.steps'],
    ['invalid-json', '$: not valid JSON'],
    ['invalid-crew', '$.collaboration'],
    ['invalid-types', '$.workflow.type'],
  ])('fails %s with the JSON path of each problem', (name, shows) => {
    const { code, stdout, stderr } = run(['spec-check', join(SPECS, `${name}.json`)]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${join(SPECS, `${name}.json`)}: ${shows}`);
  });

  it('answers in JSON for scripts, and says when the file is missing', () => {
    const ok = run(['spec-check', '--json', join(SPECS, 'graph.json')]);
    expect(JSON.parse(ok.stdout)).toEqual({ ok: true, problems: [], warnings: [] });
    const missing = run(['spec-check', join(SPECS, 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.json: no such file');
  });
});

describe('teamtop --spec', () => {
  it('refuses a spec with problems before drawing anything, naming each', () => {
    const { code, stdout, stderr } = run(['--dir', tempDir(), '--once', '--spec', join(SPECS, 'invalid-references.json')]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('is not a team file teamtop can follow');
    expect(stderr).toContain('  $.workflow.steps[3].depends_on[0]: step "review" depends on itself');
  });

  it("draws once on the team the spec declares, or the session's team, without failing when it is not there", () => {
    const dir = copyFixture('workflow');
    writeJson(join(dir, 'teams/other/config.json'), {
      name: 'other',
      createdAt: Date.now(),
      members: [{ name: 'boss', agentType: 'team-lead' }],
    });
    expect(run(['--dir', dir, '--once', '--no-journal']).stdout).toContain('★ boss');
    expect(run(['--dir', dir, '--once', '--no-journal', '--spec', join(SPECS, 'graph.json')]).stdout).toContain('★ planner');
    const elsewhere = run(['--dir', dir, '--once', '--no-journal', '--spec', join(SPECS, 'chain.json')]);
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stdout).toContain('★ boss');
  });

  it('opens on the team the spec declares, and shows its workflow on w as the team moves', async () => {
    const dir = copyFixture('workflow');
    // Another team, more recently active: without the spec, the dashboard would open on it.
    writeJson(join(dir, 'teams/other/config.json'), {
      name: 'other',
      createdAt: Date.now(),
      members: [{ name: 'boss', agentType: 'team-lead' }],
    });
    const term = new Terminal({ args: ['--dir', dir, '--no-journal', '--spec', join(SPECS, 'graph.json')], cols: 120, rows: 30 });
    await term.waitForText('★ planner');
    // The footer says where the workflow is.
    await term.waitForText('w workflow');
    term.press('w');
    await term.waitForText(/▶ +│ +build coder · running · task #3 in progress/u);
    // The test task completes: its step is done, the next one waits on the rest.
    writeFileSync(
      join(dir, 'tasks/release-graph/5.json'),
      JSON.stringify({ id: '5', subject: 'test', status: 'completed', owner: 'tester', blocks: [], blockedBy: ['3'] }),
    );
    await term.waitForText(/✓ +│ +test tester · done · task #5 completed/u);
    term.press('w');
    await term.waitForText('★ planner');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
  });
});

describe('teamtop --view, and the workflow in --json', () => {
  const NOW = ['--now', '2026-03-01T10:05:00Z'];
  const graph = join(SPECS, 'graph.json');

  it('draws the workflow, or the timeline, once', () => {
    const dir = copyFixture('workflow');
    const workflow = run(['--dir', dir, '--once', '--no-journal', ...NOW, '--spec', graph, '--view', 'workflow']);
    expect(workflow.code).toBe(0);
    expect(workflow.stdout).toContain(' Workflow  release-graph v2.0.0 · graph · 7 steps');
    expect(workflow.stdout).toMatch(/▶ +│ +build coder · running · task #3 in progress/u);
    const timeline = run(['--dir', dir, '--once', '--no-journal', ...NOW, '--view', 'timeline']);
    expect(timeline.stdout).toMatch(/ Timeline {2}\d+ messages/u);
    expect(timeline.stdout).not.toContain('Handshakes');
  });

  it('refuses --view workflow without a spec, and --view with --json, as usage errors (exit 2)', () => {
    const dir = copyFixture('workflow');
    const noSpec = run(['--dir', dir, '--once', '--view', 'workflow']);
    expect(noSpec.code).toBe(2);
    expect(noSpec.stdout).toBe('');
    expect(noSpec.stderr).toContain('--view workflow needs --spec <file>');
    const json = run(['--dir', dir, '--json', '--view', 'timeline']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--json prints everything');
  });

  it("gives each team's workflow in --json with --spec, and null without", () => {
    const dir = copyFixture('workflow');
    const team = (args: string[]) =>
      (JSON.parse(run(['--dir', dir, '--json', '--no-journal', ...NOW, ...args]).stdout) as { teams: { workflow: unknown }[] }).teams[0]!;
    expect(team([]).workflow).toBeNull();
    expect(team(['--spec', graph]).workflow).toEqual({
      name: 'release-graph',
      type: 'graph',
      steps: [
        { name: 'plan', agent: 'planner', state: 'done', reason: 'task #1 completed', dependsOn: [] },
        { name: 'design', agent: 'planner', state: 'done', reason: 'task #2 completed', dependsOn: ['plan'] },
        { name: 'build', agent: 'coder', state: 'running', reason: 'task #3 in progress', dependsOn: ['plan', 'design'] },
        { name: 'test', agent: 'tester', state: 'waiting', reason: 'task #5 is blocked', dependsOn: ['build'] },
        { name: 'docs', agent: 'writer', state: 'running', reason: 'task #4 in progress', dependsOn: ['design'] },
        { name: 'review', agent: 'reviewer', state: 'waiting', reason: 'reviewer is not on the team', dependsOn: ['test', 'docs'] },
        {
          name: 'release',
          agent: 'planner',
          state: 'waiting',
          reason: 'planner (the lead) has no task in progress',
          dependsOn: ['review'],
        },
      ],
      mismatches: ['reviewer is declared but not on the team', 'intern is on the team but not declared'],
    });
  });

  it('opens the live dashboard on the view asked for', async () => {
    const dir = copyFixture('workflow');
    const term = new Terminal({ args: ['--dir', dir, '--no-journal', '--spec', graph, '--view', 'workflow'], cols: 120, rows: 30 });
    await term.waitForText(/▶ +│ +build coder · running · task #3 in progress/u);
    term.press('w');
    await term.waitForText('★ planner');
    term.press('q');
    expect(await term.waitForExit()).toBe(0);
    const timeline = new Terminal({ args: ['--dir', dir, '--no-journal', '--view', 'timeline'], cols: 120, rows: 30 });
    await timeline.waitForText(/ Timeline {2}\d+ messages/u);
    timeline.press('q');
    expect(await timeline.waitForExit()).toBe(0);
  });
});
