// Where the demo team's sessions write, as Claude Code 2.1.332 lays them out (FORMATS.md, "Session transcripts").
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectSlug } from '../../core/decode/transcript/member-of.js';
import type { WriterTrace } from './claude-writer.js';
import { Transcript, type Disk } from './transcripts.js';

type Json = Record<string, unknown>;

/** One project folder (the members share the lead's cwd) and the lead's state. */
export class DemoSessions {
  private readonly disk: Disk;
  private readonly project: string;
  private readonly statePath: string;
  private busy = false;
  private waiting = false;

  constructor(
    claudeDir: string,
    private readonly cwd: string,
    readonly leadSessionId: string,
    clock: () => number,
    trace: WriterTrace,
    private readonly pid = process.pid,
  ) {
    this.disk = { claudeDir, clock, trace };
    this.project = join(claudeDir, 'projects', projectSlug(cwd));
    this.statePath = join(claudeDir, 'sessions', `${pid}.json`);
  }

  /** The lead's session: its turns make its state busy, then idle. */
  lead(model: string): Transcript {
    this.writeState();
    this.mkdir(this.project);
    const path = join(this.project, `${this.leadSessionId}.jsonl`);
    return new Transcript(this.disk, path, this.identity(this.leadSessionId), model, 21_000, (open) => {
      this.busy = open;
      this.writeState();
    });
  }

  /** An in-process teammate: a subagent of the lead's session, and the meta that says it is the team's. */
  inProcess(
    name: string,
    team: string,
    meta: { readonly model: string; readonly color?: string | undefined; readonly planModeRequired?: boolean },
  ): Transcript {
    const agentId = `a${name}-${randomBytes(8).toString('hex')}`;
    const base = join(this.project, this.leadSessionId, 'subagents', `agent-${agentId}`);
    this.mkdir(dirname(base));
    const text = JSON.stringify({
      agentType: name,
      name,
      model: meta.model,
      taskKind: 'in_process_teammate',
      teamName: team,
      color: meta.color,
      planModeRequired: meta.planModeRequired === true,
      permissionMode: 'default',
    });
    writeFileSync(`${base}.meta.json`, text, { mode: 0o600 });
    this.disk.trace('write', `${base}.meta.json`, text);
    return new Transcript(
      this.disk,
      `${base}.jsonl`,
      { isSidechain: true, agentId, ...this.identity(this.leadSessionId) },
      meta.model,
      14_000,
    );
  }

  /** A tmux teammate: a session of its own, whose records name its team and itself. */
  tmux(name: string, team: string, model: string): Transcript {
    const sessionId = randomUUID();
    this.mkdir(this.project);
    return new Transcript(
      this.disk,
      join(this.project, `${sessionId}.jsonl`),
      { teamName: team, agentName: name, ...this.identity(sessionId) },
      model,
      14_000,
    );
  }

  /** A call of the lead's process (its own, or an in-process teammate's) waits for a person at a permission prompt, or no longer. */
  permissionPrompt(open: boolean): void {
    this.waiting = open;
    this.writeState();
  }

  /** The lead's live state: waiting for a permission prompt, else busy while its turn goes on. */
  private writeState(): void {
    const status = this.waiting ? 'waiting' : this.busy ? 'busy' : 'idle';
    const now = this.disk.clock();
    const state = {
      pid: this.pid,
      sessionId: this.leadSessionId,
      cwd: this.cwd,
      kind: 'interactive',
      entrypoint: 'cli',
      status,
      ...(status === 'waiting' ? { waitingFor: 'permission prompt' } : {}),
      updatedAt: now,
    };
    const text = JSON.stringify(state);
    this.mkdir(dirname(this.statePath));
    writeFileSync(this.statePath, text);
    this.disk.trace('write', this.statePath, text);
  }

  /** The lead's session ended: its state file goes. */
  end(): void {
    rmSync(this.statePath, { force: true });
    this.disk.trace('remove', this.statePath);
  }

  /** The demo leaves nothing behind. */
  remove(): void {
    this.end();
    rmSync(this.project, { recursive: true, force: true });
    this.disk.trace('remove', this.project);
  }

  private identity(sessionId: string): Json {
    return { cwd: this.cwd, sessionId };
  }

  private mkdir(path: string): void {
    mkdirSync(path, { recursive: true });
    this.disk.trace('mkdir', path);
  }
}
