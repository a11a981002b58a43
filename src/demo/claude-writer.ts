/**
 * Writes a team's files the way Claude Code does, so the demo exercises the real
 * watcher: a lock directory around every write, in-place rewrites (truncate,
 * then write), new messages appended unread, marked read when the recipient's
 * poll delivers them, and deleted from the inbox about 100 ms later, as newer
 * releases do. Cleanup removes the whole team at once.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Task, TeamConfig } from '../domain/schemas.js';

export interface Envelope {
  readonly from: string;
  readonly text: string;
  readonly summary?: string;
  readonly color?: string;
}

export interface WriterTiming {
  /** After a message is written, when the recipient's poll delivers it (marks it read). */
  readonly deliverAfterMs: number;
  /** After delivery, when it is deleted from the inbox. */
  readonly deleteAfterMs: number;
}

interface StoredMessage extends Envelope {
  readonly timestamp: string;
  readonly read: boolean;
  readonly msgV: 1;
  readonly msg_id: string;
  readonly type: 'message';
}

export class ClaudeWriter {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    readonly claudeDir: string,
    private readonly timing: WriterTiming,
    private readonly clock: () => number = Date.now,
  ) {}

  writeConfig(config: TeamConfig): void {
    const path = join(this.claudeDir, 'teams', config.name ?? 'team', 'config.json');
    mkdirSync(join(dirname(path), 'inboxes'), { recursive: true });
    this.locked(path, () => writeFileSync(path, JSON.stringify(config, null, 2)));
  }

  writeTask(team: string, task: Task): void {
    const folder = join(this.claudeDir, 'tasks', team);
    mkdirSync(folder, { recursive: true });
    if (!existsSync(join(folder, '.lock'))) writeFileSync(join(folder, '.lock'), '');
    const path = join(folder, `${task.id}.json`);
    this.locked(join(folder, '.lock'), () => this.locked(path, () => writeFileSync(path, JSON.stringify(task, null, 2))));
  }

  /** Append a message to `to`'s inbox; it is delivered and then deleted on its own. */
  send(team: string, to: string, envelope: Envelope): void {
    const path = this.inbox(team, to);
    const message: StoredMessage = {
      ...envelope,
      timestamp: new Date(this.clock()).toISOString(),
      read: false,
      msgV: 1,
      msg_id: randomUUID(),
      type: 'message',
    };
    this.rewrite(path, (messages) => [...messages, message]);
    this.later(this.timing.deliverAfterMs, () => {
      this.rewrite(path, (messages) => messages.map((m) => (m.msg_id === message.msg_id ? { ...m, read: true } : m)));
      this.later(this.timing.deleteAfterMs, () => this.rewrite(path, (messages) => messages.filter((m) => m.msg_id !== message.msg_id)));
    });
  }

  /** `TeamDelete`: everything of the team, at once. */
  deleteTeam(team: string): void {
    this.cancel();
    rmSync(join(this.claudeDir, 'teams', team), { recursive: true, force: true });
    rmSync(join(this.claudeDir, 'tasks', team), { recursive: true, force: true });
  }

  /** Stop pending deliveries. */
  cancel(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private inbox(team: string, member: string): string {
    return join(this.claudeDir, 'teams', team, 'inboxes', `${member}.json`);
  }

  private rewrite(path: string, change: (messages: StoredMessage[]) => StoredMessage[]): void {
    // The team may have been cleaned up meanwhile: never bring it back.
    if (!existsSync(dirname(path))) return;
    this.locked(path, () => {
      const messages = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as StoredMessage[]) : [];
      writeFileSync(path, JSON.stringify(change(messages), null, 2));
    });
  }

  private locked(path: string, write: () => void): void {
    const lock = `${path}.lock`;
    mkdirSync(lock, { recursive: true });
    try {
      write();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
