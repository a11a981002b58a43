/**
 * A team's files written as Claude Code 2.1.330 writes them (copied from the
 * recordings in test-fixtures/captures/cc-2.1.330-realcc-*): the config with
 * its lead and teammates, inboxes written to a temp file and renamed, the
 * envelope (`from, text, summary?, timestamp, color?, msgV, msg_id, type,
 * read`) and the protocol JSON inside it, delivered messages removed, task
 * files, and the team folder renamed to `<team>.deleted-<uuid>` on exit.
 * Times are seconds from `t0`, so a test judges them as of an instant it picks.
 *
 * Or, with `envelope: '2.1.34'`, the inboxes as 2.1.34 wrote them (as in
 * test-fixtures/captures/cc-2.1.34-js-testing-research): the envelope `from,
 * text, summary?, timestamp, color?, read` without an id, and a message taken
 * kept in its inbox, marked read.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface TeammateOptions {
  readonly color?: string;
  /** `in-process` (the default) or `tmux`. */
  readonly backend?: 'in-process' | 'tmux';
  readonly joinedAt?: number;
  readonly agentType?: string;
  readonly isActive?: boolean;
}

export interface Envelope {
  readonly from: string;
  readonly text: string;
  readonly summary?: string;
  readonly timestamp: string;
  readonly color?: string;
  readonly msgV: 1;
  readonly msg_id: string;
  readonly type: 'message';
  readonly read: boolean;
}

/** Whose inboxes: 2.1.330's (an id on each message, a taken one removed) or 2.1.34's (no id, a taken one marked read). */
export type EnvelopeShape = '2.1.330' | '2.1.34';

/** A message as 2.1.34 wrote it: no `msgV`, `msg_id` or `type`. */
export type OlderEnvelope = Omit<Envelope, 'msgV' | 'msg_id' | 'type'>;

export class TeamFiles {
  readonly colors = new Map<string, string>();

  constructor(
    readonly dir: string,
    readonly t0: number = Date.parse('2026-11-23T13:10:00.000Z'),
    readonly team = 'session-5ca1ab1e',
    readonly envelope: EnvelopeShape = '2.1.330',
  ) {}

  /** Epoch ms, `seconds` after t0. */
  at(seconds: number): number {
    return this.t0 + seconds * 1000;
  }

  iso(seconds: number): string {
    return new Date(this.at(seconds)).toISOString();
  }

  lead(): Record<string, unknown> {
    return {
      agentId: `team-lead@${this.team}`,
      name: 'team-lead',
      agentType: 'team-lead',
      joinedAt: this.t0,
      tmuxPaneId: 'leader',
      cwd: '/home/dev/work',
      subscriptions: [],
      backendType: 'in-process',
    };
  }

  teammate(name: string, options: TeammateOptions = {}): Record<string, unknown> {
    const backend = options.backend ?? 'in-process';
    const color = options.color ?? 'blue';
    this.colors.set(name, color);
    return {
      agentId: `${name}@${this.team}`,
      name,
      color,
      joinedAt: options.joinedAt ?? this.at(1),
      tmuxPaneId: backend === 'tmux' ? '%1' : 'in-process',
      subscriptions: [],
      agentType: options.agentType ?? 'general-purpose',
      model: 'claude-opus-5-5',
      prompt: `You are ${name}.`,
      planModeRequired: false,
      cwd: '/home/dev/work',
      backendType: backend,
      ...(options.isActive === undefined ? {} : { isActive: options.isActive }),
    };
  }

  /**
   * 2.1.330 brings an in-process teammate back when it is messaged: the same
   * `agentId`, a new `joinedAt`, and no `agentType`, `model` or `prompt`.
   */
  returned(name: string, joinedAt: number): Record<string, unknown> {
    return {
      agentId: `${name}@${this.team}`,
      name,
      joinedAt,
      tmuxPaneId: 'in-process',
      cwd: '/home/dev/work',
      subscriptions: [],
      backendType: 'in-process',
    };
  }

  /** `config.json`, rewritten in place as 2.1.330 does, with the lead first. */
  config(teammates: readonly Record<string, unknown>[]): void {
    const path = join(this.dir, 'teams', this.team, 'config.json');
    mkdirSync(join(dirname(path), 'inboxes'), { recursive: true });
    const config = {
      name: this.team,
      createdAt: this.t0,
      leadAgentId: `team-lead@${this.team}`,
      leadSessionId: '5ca1ab1e-bb35-47a9-969f-1bcf970b448d',
      leadProcess: { pid: 16479, pidSpace: 'vm#pid:[4026531836]', claimedAt: this.t0, procStart: '188058' },
      members: [this.lead(), ...teammates],
    };
    writeFileSync(path, JSON.stringify(config, null, 2));
  }

  private inboxPath(owner: string): string {
    return join(this.dir, 'teams', this.team, 'inboxes', `${owner}.json`);
  }

  /** The inbox as on disk (2.1.34's messages have no `msgV`, `msg_id` or `type`). */
  inbox(owner: string): Envelope[] {
    const path = this.inboxPath(owner);
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Envelope[]) : [];
  }

  /** An inbox written whole: a temp file renamed over it, as 2.1.330 does. */
  writeInbox(owner: string, messages: readonly (Envelope | OlderEnvelope)[]): void {
    const path = this.inboxPath(owner);
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.tmp.${randomUUID().slice(0, 8)}`;
    writeFileSync(temp, JSON.stringify(messages, null, 2));
    renameSync(temp, path);
  }

  /**
   * Send `text` (plain, or a protocol object) to `to`'s inbox at `seconds`; its
   * reference as teamtop gives it: the `msg_id`, or for 2.1.34 `<to>/<from>@<timestamp>`.
   */
  send(to: string, from: string, text: string | Record<string, unknown>, seconds: number, summary?: string): string {
    const msgId = randomUUID();
    const color = from === 'team-lead' ? undefined : (this.colors.get(from) ?? 'blue');
    const older: OlderEnvelope = {
      from,
      text: typeof text === 'string' ? text : JSON.stringify(text),
      ...(typeof text === 'string' ? { summary: summary ?? text.slice(0, 30) } : {}),
      timestamp: this.iso(seconds),
      ...(color ? { color } : {}),
      read: false,
    };
    const envelope = this.envelope === '2.1.34' ? older : { ...older, msgV: 1, msg_id: msgId, type: 'message', read: false };
    this.writeInbox(to, [...this.inbox(to), envelope]);
    return this.envelope === '2.1.34' ? `${to}/${from}@${older.timestamp}` : msgId;
  }

  /** The recipient took it: 2.1.330 removes a delivered message from the inbox, 2.1.34 marked it read. */
  deliver(to: string, ref: string): void {
    const isIt = (message: Partial<Envelope>) => (message.msg_id ?? `${to}/${message.from}@${message.timestamp}`) === ref;
    const inbox = this.inbox(to);
    this.writeInbox(
      to,
      this.envelope === '2.1.34'
        ? inbox.map((message) => (isIt(message) ? { ...message, read: true } : message))
        : inbox.filter((message) => !isIt(message)),
    );
  }

  removeInbox(owner: string): void {
    rmSync(this.inboxPath(owner), { force: true });
  }

  task(id: string, fields: Record<string, unknown> = {}): void {
    const path = join(this.dir, 'tasks', this.team, `${id}.json`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify(
        { id, subject: `Task ${id}`, description: `Do task ${id}`, status: 'pending', blocks: [], blockedBy: [], ...fields },
        null,
        2,
      ),
    );
  }

  /** The lead exits: the team folder is renamed to `<team>.deleted-<uuid>` and removed; `tasks/<team>/` stays. */
  end(): void {
    const gone = join(this.dir, 'teams', `${this.team}.deleted-${randomUUID()}`);
    renameSync(join(this.dir, 'teams', this.team), gone);
    rmSync(gone, { recursive: true, force: true });
  }

  /** The lead asks `name` to shut down at `askedAt`, and it approves at `approvedAt`: the approval's `msg_id`. */
  shutDown(name: string, askedAt: number, approvedAt: number): string {
    const request = this.shutdownRequest(name, askedAt);
    this.send(name, 'team-lead', request, askedAt);
    return this.send('team-lead', name, this.shutdownApproved(name, request.requestId, approvedAt), approvedAt);
  }

  // The protocol messages, as 2.1.330 writes them.

  shutdownRequest(to: string, seconds: number, reason = 'work complete'): { type: string; requestId: string } & Record<string, unknown> {
    return {
      type: 'shutdown_request',
      requestId: `shutdown-${this.at(seconds)}@${to}`,
      from: 'team-lead',
      reason,
      timestamp: this.iso(seconds),
    };
  }

  shutdownApproved(from: string, requestId: string, seconds: number, backend = 'in-process'): Record<string, unknown> {
    return {
      type: 'shutdown_approved',
      requestId,
      from,
      timestamp: this.iso(seconds),
      paneId: backend === 'tmux' ? '%1' : 'in-process',
      backendType: backend,
    };
  }

  shutdownRejected(from: string, requestId: string, seconds: number, reason = 'still wrapping up'): Record<string, unknown> {
    return { type: 'shutdown_rejected', requestId, from, reason, timestamp: this.iso(seconds) };
  }

  idle(from: string, seconds: number, result = `${from}: nothing more to do.`): Record<string, unknown> {
    return { type: 'idle_notification', from, timestamp: this.iso(seconds), idleReason: 'available', result };
  }

  taskAssignment(taskId: string, subject: string, seconds: number, assignedBy = 'team-lead'): Record<string, unknown> {
    return { type: 'task_assignment', taskId, subject, description: `${subject} (described)`, assignedBy, timestamp: this.iso(seconds) };
  }

  planRequest(from: string, seconds: number): { type: string; requestId: string } & Record<string, unknown> {
    return {
      type: 'plan_approval_request',
      from,
      timestamp: this.iso(seconds),
      planFilePath: `/home/dev/.claude/plans/${from}.md`,
      planContent: '# Plan v1\n1. Write the file\n2. Report to the lead\n',
      requestId: `plan_approval-${this.at(seconds)}@${from}@${this.team}`,
    };
  }

  planResponse(requestId: string, seconds: number, approved: boolean): Record<string, unknown> {
    return approved
      ? {
          type: 'plan_approval_response',
          requestId,
          approved: true,
          timestamp: this.iso(seconds),
          permissionMode: 'default',
          planDigest: 'c8d7cb18',
        }
      : {
          type: 'plan_approval_response',
          requestId,
          approved: false,
          feedback: 'add a step that verifies the file',
          timestamp: this.iso(seconds),
        };
  }

  permissionRequest(from: string, seconds: number): { type: string; request_id: string } & Record<string, unknown> {
    return {
      type: 'permission_request',
      request_id: `perm-${this.at(seconds)}-a73z5ba`,
      agent_id: from,
      tool_name: 'Bash',
      tool_use_id: `toolu_${from}_c07_0`,
      description: 'write and verify the file',
      input: { command: 'echo hello > out.txt', description: 'write and verify the file' },
      permission_suggestions: [],
    };
  }
}

/**
 * A team where bob took his shutdown request and ignores it, and a task was given
 * to `enginer`: at `at(20)`, misaddressed, ignored-shutdown and orphaned-task.
 * Inboxes as 2.1.34 kept them (a taken message stays, marked read): 2.1.330
 * removes a taken request from the file, and only a watcher sees it go.
 */
export function troubled(dir: string, t0?: number): TeamFiles {
  const files = new TeamFiles(dir, t0, undefined, '2.1.34');
  files.config([files.teammate('bob', { color: 'green' }), files.teammate('engineer', { color: 'yellow' })]);
  const request = files.shutdownRequest('bob', 10);
  files.deliver('bob', files.send('bob', 'team-lead', request, 10));
  files.send('team-lead', 'bob', files.idle('bob', 11), 11);
  files.send('team-lead', 'bob', files.idle('bob', 14), 14);
  files.task('3', { subject: 'Build the parser', owner: 'enginer' });
  files.send('enginer', 'team-lead', files.taskAssignment('3', 'Build the parser', 5), 5);
  return files;
}
