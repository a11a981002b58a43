/**
 * A member whose process dies, seen from outside as a user runs teamtop: a
 * team whose lead and tmux teammate are real processes started here, their
 * `sessions/` files written as 2.1.332 writes them; bob is killed by pid
 * mid-command, then the lead. `--follow --json` says bob is dead within 5 s
 * (10 s on a loaded machine), never working after; `--json` says it, with
 * `statusSince`, and the team ended with its lead.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { living, localDomain, writeKey, type Living } from '../helpers/processes.js';
import { CLI } from '../helpers/pty.js';
import { TeamFiles } from '../helpers/team-files.js';
import { TranscriptFiles } from '../helpers/transcript-files.js';
import { waitFor } from '../helpers/wait.js';

interface Line {
  readonly event: string;
  readonly member?: string;
  readonly activity?: { readonly state: string };
  readonly team?: string;
  readonly change?: string;
}

const children: ChildProcessByStdio<null, Readable, Readable>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function follow(dir: string): { lines: { line: Line; at: number }[] } {
  const child = spawn(process.execPath, [CLI, '--follow', '--json', '--no-journal', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: { line: Line; at: number }[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part) lines.push({ line: JSON.parse(part) as Line, at: Date.now() });
  });
  return { lines };
}

/** The lead's `sessions/<pid>.json` as 2.1.332 writes it, for a process started here. */
function leadSession(dir: string, files: TeamFiles, lead: Living): void {
  mkdirSync(join(dir, 'sessions'), { recursive: true });
  writeFileSync(
    join(dir, 'sessions', `${lead.pid}.json`),
    JSON.stringify({
      pid: lead.pid,
      sessionId: '5ca1ab1e-bb35-47a9-969f-1bcf970b448d',
      cwd: '/home/dev/work',
      startedAt: files.t0,
      procStart: lead.procStart,
      pidDomain: localDomain(),
      kind: 'interactive',
      status: 'busy',
      updatedAt: files.t0,
    }),
  );
  writeKey(dir, lead.pid, lead.procStart);
}

describe('a member whose process dies', () => {
  it('is dead within 5 s of its kill (10 s allowed here), never working after, and the lead’s death ends the team', async () => {
    const dir = tempDir();
    const files = new TeamFiles(dir, Date.now() - 20_000);
    files.config([files.teammate('bob', { color: 'blue', backend: 'tmux' })]);
    const transcripts = new TranscriptFiles(files);
    const lead = living();
    const bob = living(['--agent-id', `bob@${files.team}`]);
    leadSession(dir, files, lead);
    writeKey(dir, bob.pid, bob.procStart);
    const leadTranscript = transcripts.lead();
    leadTranscript.prompt('Build the release.', 1);
    const bobTranscript = transcripts.tmux('bob');
    bobTranscript.mail('team-lead', 'You are bob.', 2);
    bobTranscript.toolUse('toolu_b1', 'Bash', { command: 'timeout 30 tail -f /dev/null' }, Math.round((Date.now() - files.t0) / 1000));

    const { lines } = follow(dir);
    const bobDoes = () => lines.filter(({ line }) => line.event === 'activity' && line.member === 'bob');
    await waitFor(() => expect(bobDoes().at(-1)?.line.activity?.state).toBe('tool'), { timeout: 15_000 });
    const killed = Date.now();
    bob.kill();
    await waitFor(() => expect(bobDoes().at(-1)?.line.activity?.state).toBe('dead'), { timeout: 15_000 });
    const dead = bobDoes().find(({ line }) => line.activity?.state === 'dead')!;
    expect(dead.at - killed).toBeLessThan(10_000);
    const json = JSON.parse(runCli(['--json', '--no-journal', '--dir', dir]).stdout) as {
      teams: { ended: boolean; members: { name: string; status: string; statusSince: string | null }[] }[];
    };
    const [team] = json.teams;
    expect(team!.members.find((member) => member.name === 'bob')).toMatchObject({ status: 'dead' });
    expect(Date.parse(team!.members.find((member) => member.name === 'bob')!.statusSince!)).toBeGreaterThan(killed - 5000);
    expect(team!.ended).toBe(false);

    lead.kill();
    await waitFor(() => expect(lines.some(({ line }) => line.event === 'team' && line.change === 'ended')).toBe(true), { timeout: 15_000 });
    // Never working after its death.
    expect(
      bobDoes()
        .filter(({ at }) => at > dead.at)
        .map(({ line }) => line.activity?.state),
    ).not.toContain('tool');
    const after = JSON.parse(runCli(['--json', '--no-journal', '--dir', dir]).stdout) as typeof json;
    expect(after.teams[0]!.ended).toBe(true);
    expect(after.teams[0]!.members.map((member) => member.status)).toEqual(['dead', 'dead']);
    const doctor = runCli(['doctor', '--json', '--no-journal', '--dir', dir]);
    const kinds = (JSON.parse(doctor.stdout) as { teams: { diagnoses: { kind: string; members: string[] }[] }[] }).teams[0]!.diagnoses.map(
      (diagnosis) => `${diagnosis.kind}:${diagnosis.members[0]}`,
    );
    expect(kinds).toEqual(expect.arrayContaining(['member-died:team-lead', 'member-died:bob']));
  });
});
