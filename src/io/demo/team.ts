// The demo team as the script has it: mail waits in a member's queue until its model takes it (`take`).
import { randomUUID } from 'node:crypto';
import { renderProtocol } from '../../core/decode/protocol.js';
import type { Member, Task } from '../../core/model/schemas.js';
import { isClientsOwn } from '../../core/model/taken-mail.js';
import type { ClaudeWriter } from './claude-writer.js';
import { DemoSessions } from './sessions.js';
import type { Mail, Transcript } from './transcripts.js';

export const DEMO_TEAM = 'v2-release';
export const LEAD = 'team-lead';
/** Where every member works: its project folder is `projects/-work-v2/`. */
const CWD = '/work/v2';

export type Protocol = { readonly type: string } & Record<string, unknown>;

const ROSTER: Record<string, Member> = {
  [LEAD]: { name: LEAD, agentType: 'team-lead', model: 'claude-opus-4-6', tmuxPaneId: 'leader', backendType: 'in-process' },
  architect: { name: 'architect', agentType: 'general-purpose', model: 'claude-opus-4-6', color: 'purple', backendType: 'in-process' },
  builder: { name: 'builder', agentType: 'general-purpose', model: 'sonnet', color: 'orange', backendType: 'tmux', tmuxPaneId: '%3' },
  tester: { name: 'tester', agentType: 'Explore', model: 'haiku', color: 'cyan', backendType: 'in-process' },
  scribe: { name: 'scribe', agentType: 'superpowers:technical-writer', model: 'sonnet', color: 'green', backendType: 'in-process' },
};

/** The model id each member's responses name in its transcript (one the price table knows). */
const RESPONDS: Record<string, string> = {
  [LEAD]: 'claude-opus-4-6',
  architect: 'claude-opus-4-6',
  builder: 'claude-sonnet-4-6',
  tester: 'claude-haiku-4-5',
  scribe: 'claude-sonnet-4-6',
};

export class DemoTeam {
  private readonly members = new Map<string, Member>();
  private readonly tasks = new Map<string, Task>();
  private readonly trackers = new Map<string, string>();
  private readonly transcripts = new Map<string, Transcript>();
  /** Mail delivered to a member that its model has not taken yet. */
  private readonly unread = new Map<string, Mail[]>();
  private readonly sessions: DemoSessions;
  private created = 0;

  constructor(
    private readonly writer: ClaudeWriter,
    private readonly now: () => number,
    readonly name = DEMO_TEAM,
  ) {
    this.sessions = new DemoSessions(writer.claudeDir, CWD, randomUUID(), now, writer.trace);
  }

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  private writeConfig(): void {
    this.writer.writeConfig({
      name: this.name,
      description: 'Ship v2 of the config format',
      createdAt: this.created,
      leadAgentId: `${LEAD}@${this.name}`,
      leadSessionId: this.sessions.leadSessionId,
      members: [...this.members.values()],
    });
  }

  create(): void {
    this.created = this.now();
    this.members.set(LEAD, { ...ROSTER[LEAD]!, agentId: `${LEAD}@${this.name}`, joinedAt: this.created, cwd: CWD, subscriptions: [] });
    this.transcripts.set(LEAD, this.sessions.lead(RESPONDS[LEAD]!));
    this.writeConfig();
  }

  join(name: string, tracker: string): void {
    const planModeRequired = name === 'architect';
    const joining = {
      ...ROSTER[name]!,
      agentId: `${name}@${this.name}`,
      joinedAt: this.now(),
      cwd: CWD,
      subscriptions: [],
      planModeRequired,
    };
    this.members.set(name, joining);
    const model = RESPONDS[name]!;
    this.transcripts.set(
      name,
      joining.backendType === 'tmux'
        ? this.sessions.tmux(name, this.name, model)
        : this.sessions.inProcess(name, this.name, { model, color: joining.color, planModeRequired }),
    );
    this.writeConfig();
    this.trackers.set(name, tracker);
    this.task(tracker, {
      subject: name,
      description: `Teammate tracker for ${name}`,
      status: 'in_progress',
      metadata: { _internal: true },
    });
  }

  /** Claude Code removes a teammate from the roster once it approved its shutdown; a tmux teammate's session ends. */
  leave(name: string): string {
    this.members.delete(name);
    this.writeConfig();
    const tracker = this.trackers.get(name);
    if (tracker) this.task(tracker, { status: 'completed' });
    if (ROSTER[name]?.backendType === 'tmux') this.transcripts.get(name)?.costState();
    this.transcripts.delete(name);
    return `${name} left the roster`;
  }

  task(id: string, fields: Partial<Task>): void {
    const task: Task = { id, subject: '', description: '', status: 'pending', blocks: [], blockedBy: [], ...this.tasks.get(id), ...fields };
    this.tasks.set(id, task);
    this.writer.writeTask(this.name, task);
  }

  send(from: string, to: string, text: string | Protocol, summary?: string): string {
    const body = typeof text === 'string' ? text : JSON.stringify(text);
    const color = this.members.get(from)?.color;
    this.writer.send(this.name, to, { from, text: body, ...(summary ? { summary } : {}), ...(color ? { color } : {}) });
    // A permission's request and answer the client handles itself: no model is handed them (formats.md).
    if (typeof text === 'string' || !isClientsOwn(text.type))
      this.unread.set(to, [...(this.unread.get(to) ?? []), { from, text: body, summary, color }]);
    return `${from} → ${to}  ${summary ? `${summary}: ` : ''}${typeof text === 'string' ? text : renderProtocol(text)}`;
  }

  idle(from: string, extra: Record<string, unknown> = {}): string {
    return this.send(from, LEAD, { type: 'idle_notification', from, timestamp: this.iso(), idleReason: 'available', ...extra });
  }

  work(name: string): Transcript | undefined {
    return this.transcripts.get(name);
  }

  /** The member's model takes the mail delivered to it since it last did (a teammate's first also holds its spawn prompt). */
  take(name: string, spawnPrompt?: string): void {
    // A tmux teammate's spawn prompt comes by its inbox, as the lead's client writes it (an in-process one's by none).
    if (spawnPrompt !== undefined && ROSTER[name]?.backendType === 'tmux')
      this.writer.send(this.name, name, { from: LEAD, text: spawnPrompt });
    const mail = [...(spawnPrompt === undefined ? [] : [{ from: LEAD, text: spawnPrompt }]), ...(this.unread.get(name) ?? [])];
    this.unread.delete(name);
    this.work(name)?.mail(mail);
  }

  /** A call of the lead's process waits for a person to answer a permission prompt (and then no longer). */
  permissionPrompt(open: boolean): void {
    this.sessions.permissionPrompt(open);
  }

  cleanup(): void {
    this.writer.deleteTeam(this.name);
    this.work(LEAD)?.costState();
    this.sessions.remove();
  }
}

export interface Step {
  /** Seconds from the start, at speed 1. */
  readonly at: number;
  /** Does the step's writing; returns what happened, for `simulate`'s log (nothing to log: ''). */
  readonly run: (team: DemoTeam) => string;
}

export const at = (seconds: number, run: (team: DemoTeam) => string): Step => ({ at: seconds, run });
