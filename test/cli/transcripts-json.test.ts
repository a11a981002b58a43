/**
 * Members at work in `--json` and `--follow --json`, from the built CLI: each
 * member's activity and usage, the team's sums, `--no-transcripts`, and an
 * `activity` event when a member's state or tool changes (not on each token).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { CLI } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { copyRecording } from '../helpers/transcripts.js';
import { waitFor } from '../helpers/wait.js';

interface Member {
  name: string;
  activity: {
    state: string;
    tool: string | null;
    detail: string | null;
    since: string | null;
    failure: unknown;
    retry: unknown;
    subagents: unknown[];
  };
  usage: Record<string, unknown> | null;
}
interface Team {
  name: string;
  members: Member[];
  usage: Record<string, unknown> | null;
}

const END = '2026-11-25T23:18:02Z';

function json(args: readonly string[]): Team[] {
  const { code, stdout, stderr } = runCli(['--json', '--no-journal', '--now', END, ...args]);
  expect(code, stderr).toBe(0);
  return (JSON.parse(stdout) as { teams: Team[] }).teams;
}

describe('--json', () => {
  it("gives each member what it does and what it used, and the team's sums", () => {
    const [team] = json(['--dir', copyRecording('in-process')]);
    const byName = new Map(team!.members.map((member) => [member.name, member]));
    expect(byName.get('team-lead')!.activity).toEqual({
      state: 'idle',
      tool: null,
      detail: null,
      since: '2026-11-25T23:17:23.408Z',
      failure: null,
      retry: null,
      subagents: [],
      processUnseen: null,
    });
    expect(byName.get('alice')!.usage).toEqual({
      inputTokens: 900,
      outputTokens: 180,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      contextTokens: 100,
      contextPercent: 0,
      // No compaction shows where the client compacts: the model's window, assumed.
      contextWindow: 1_000_000,
      contextWindowSource: 'model',
      toolCalls: 7,
      costUSD: 0.0072,
      costEstimated: true,
      compactions: 0,
      lastCompaction: null,
      subagents: null,
    });
    expect(team!.usage).toEqual({
      inputTokens: 3500,
      outputTokens: 700,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
      toolCalls: 32,
      costUSD: 0.028,
      costEstimated: false,
    });
  });

  it('says nothing is known with --no-transcripts: activity unknown, usage null', () => {
    const [team] = json(['--dir', copyRecording('tmux'), '--no-transcripts']);
    for (const member of team!.members) {
      expect(member.activity).toEqual({
        state: 'unknown',
        tool: null,
        detail: null,
        since: null,
        failure: null,
        retry: null,
        subagents: [],
        processUnseen: null,
      });
      expect(member.usage).toBeNull();
    }
    expect(team!.usage).toBeNull();
  });
});

describe('--follow --json', () => {
  it("tells when a member's state or tool changes, and not when only its tokens do", async () => {
    const files = new TeamFiles(tempDir(), Date.now() - 60_000);
    files.config([files.teammate('alice')]);
    const transcripts = new TranscriptFiles(files);
    const lead = transcripts.lead();
    lead.prompt('Go', 1);
    const child = spawn(process.execPath, [CLI, '--follow', '--json', '--no-journal', '--dir', files.dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Record<string, unknown>[] = [];
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const done = out.lastIndexOf('\n') + 1;
      for (const line of out.slice(0, done).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      out = out.slice(done);
    });
    try {
      const activity = () => lines.filter((line) => line.event === 'activity');
      await waitFor(() => expect(activity()).toHaveLength(1));
      // Read once watching began: after the events that say how things stood.
      expect(activity()[0]).toMatchObject({ member: 'team-lead', previous: null, activity: { state: 'thinking' } });
      lead.toolUse('toolu_1', 'Bash', { command: 'npm test' }, 2, { input: 5000 });
      await waitFor(() => expect(activity()).toHaveLength(2));
      expect(activity()[1]).toMatchObject({
        member: 'team-lead',
        previous: { state: 'thinking', tool: null },
        activity: { state: 'tool', tool: 'Bash', detail: 'npm test' },
        usage: { inputTokens: 5000 },
      });
      // Another response of the same turn's tool: new tokens, the same state and tool.
      lead.toolUse('toolu_2', 'Bash', { command: 'npm run lint' }, 3, { input: 6000 });
      lead.toolResult('toolu_1', 4);
      lead.text('Done.', 5, { end: true });
      await waitFor(() => expect(activity().at(-1)).toMatchObject({ activity: { state: 'idle' } }));
      expect(activity().map((line) => (line.activity as { state: string }).state)).toEqual(['thinking', 'tool', 'idle']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
