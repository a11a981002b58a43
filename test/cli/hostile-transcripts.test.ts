/**
 * Hostile transcript records, from the built CLI (`--json`): names that are
 * Object's own methods, a record that cannot be read. Each is read as what
 * it is, or is a problem shown, never a throw that makes the transcript
 * unreadable, and a member's figures are what its responses say.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { watchRecorded } from '../helpers/live.js';
import { waitFor } from '../helpers/wait.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';

interface Usage {
  inputTokens: number;
  outputTokens: number;
  toolCalls: number;
  costUSD: number | null;
}
interface Snapshot {
  teams: { members: { name: string; activity: { tool: string | null }; usage: Usage | null }[]; usage: Usage | null }[];
  problems: { path: string; message: string }[];
}

function snapshot(files: TeamFiles, seconds: number, args: readonly string[] = ['--no-journal']): Snapshot {
  const { code, stdout, stderr } = runCli(['--json', ...args, '--dir', files.dir, '--now', files.iso(seconds)]);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout) as Snapshot;
}

const usageOf = (json: Snapshot, name: string) => json.teams[0]!.members.find((member) => member.name === name)!.usage!;

function team() {
  const files = new TeamFiles(tempDir());
  files.config([files.teammate('alice')]);
  const transcripts = new TranscriptFiles(files);
  transcripts.lead().prompt('Build it with alice', 1);
  const alice = transcripts.inProcess('alice');
  alice.prompt('You are alice.', 2);
  return { files, alice };
}

describe('hostile transcript records', () => {
  it("reads tools named like Object's methods as tools, and a member's figures stay whole", () => {
    const { files, alice } = team();
    const names = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'];
    for (const [i, name] of names.entries()) {
      alice.toolUse(`toolu_${i}`, name, { command: `run ${name}` }, 3 + i, { input: 1000, output: 240 });
      alice.toolResult(`toolu_${i}`, 3 + i);
    }
    const json = snapshot(files, 10);
    expect(json.problems).toEqual([]);
    expect(usageOf(json, 'alice')).toMatchObject({ inputTokens: 5000, outputTokens: 1200, toolCalls: 5 });
    expect(usageOf(json, 'alice').costUSD).toBeGreaterThan(0.01);
  });

  it('shows a record it cannot read as a problem of its transcript, and reads on', () => {
    const { files, alice } = team();
    alice.toolUse('toolu_1', 'Bash', { command: 'ls' }, 3, { output: 100 });
    appendFileSync(alice.path, '{"type":"assistant","message":{"id":"m-cut"\n');
    alice.toolUse('toolu_2', 'Grep', { pattern: 'x' }, 4, { output: 100 });
    const json = snapshot(files, 5);
    expect(json.problems).toEqual([
      { path: relative(files.dir, alice.path), message: 'line 3: a assistant record that is not valid JSON' },
    ]);
    expect(usageOf(json, 'alice')).toMatchObject({ outputTokens: 200, toolCalls: 2 });
    expect(json.teams[0]!.members.find((member) => member.name === 'alice')!.activity.tool).toBe('Grep');
  });

  it('clamps each count as it is read: sums past any run are the most a count is, never Infinity, live as restored', async () => {
    const { files, alice } = team();
    const huge = { input: 1e308, output: 1e308, cacheRead: 1e308, cacheCreation: 1e308 };
    alice.toolUse('toolu_1', 'Bash', { command: 'ls' }, 3, huge);
    alice.toolResult('toolu_1', 4);
    alice.toolUse('toolu_2', 'Bash', { command: 'ls' }, 5, huge);
    const live = snapshot(files, 6);
    const most = Number.MAX_SAFE_INTEGER;
    const figures = {
      inputTokens: most,
      outputTokens: most,
      cacheReadTokens: most,
      cacheCreationTokens: most,
      contextTokens: most,
      contextPercent: 1e9,
      contextWindow: 1_000_000,
      contextWindowSource: 'model',
      toolCalls: 2,
      costUSD: 1e9,
      costEstimated: true,
      compactions: 0,
      lastCompaction: null,
      subagents: null,
    };
    expect(usageOf(live, 'alice')).toEqual(figures);
    expect(live.teams[0]!.usage).toMatchObject({ inputTokens: most, outputTokens: most, costUSD: 1e9 });
    const once = runCli(['--once', '--no-journal', '--dir', files.dir, '--now', files.iso(6)]);
    expect(once.stdout).toContain('alice');
    expect(once.stdout).not.toMatch(/Infinity|NaN/u);

    // What a dashboard journals of them is what it showed: restored without the transcripts, the same figures.
    const state = tempDir();
    const dashboard = await watchRecorded(files.dir, { stateDir: state, write: true, maxBytes: 1e9 });
    await waitFor(() => expect(dashboard.json(files.at(6)).teams[0]!.members.find((m) => m.name === 'alice')!.usage).toEqual(figures));
    dashboard.stop();
    const restored = snapshot(files, 6, ['--no-transcripts', '--state-dir', state]);
    expect(usageOf(restored, 'alice')).toEqual(figures);
    expect(restored.teams[0]!.usage).toEqual(live.teams[0]!.usage);
  });

  it('counts a call once however often its record is written: once per tool_use id, as its tokens are once per response', () => {
    const { files, alice } = team();
    alice.toolUse('toolu_1', 'Bash', { command: 'npm test' }, 3, { input: 100, output: 24 });
    const lines = readFileSync(alice.path, 'utf8').trimEnd().split('\n');
    // The same record (message.id, uuid and tool_use id) 49 more times.
    appendFileSync(alice.path, `${lines.at(-1)!}\n`.repeat(49));
    alice.toolResult('toolu_1', 4);
    alice.toolUse('toolu_2', 'Read', { file_path: '/w/a.ts' }, 5, { input: 100, output: 24 });
    const json = snapshot(files, 6);
    expect(usageOf(json, 'alice')).toMatchObject({ inputTokens: 200, outputTokens: 48, toolCalls: 2 });
    // The call that ended is not open again: alice runs the Read.
    expect(json.teams[0]!.members.find((member) => member.name === 'alice')!.activity.tool).toBe('Read');
  });

  it('takes whole token counts only: a fraction counts as none, never 1,200.5 output tokens', () => {
    const { files, alice } = team();
    alice.toolUse('toolu_1', 'Bash', { command: 'ls' }, 3, { input: 1000, output: 1200 });
    alice.toolResult('toolu_1', 4);
    alice.toolUse('toolu_2', 'Bash', { command: 'ls' }, 5, { input: 0.5, output: 0.5 });
    expect(usageOf(snapshot(files, 6), 'alice')).toMatchObject({ inputTokens: 1000, outputTokens: 1200, toolCalls: 2 });
  });
});
