/**
 * Writes a team's files the way Claude Code does, so the demo exercises the real watcher: lock dirs, in-place
 * rewrites, messages marked read on delivery and deleted soon after (docs/internals/real-client.md).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Task, TeamConfig } from '../../core/model/schemas.js';

interface Envelope {
  readonly from: string;
  readonly text: string;
  readonly summary?: string;
  readonly color?: string;
}

interface WriterTiming {
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

/** Told of every change the writer makes on disk (the read-only test's account of who wrote what): `append` adds `data` to the file. */
export type WriterTrace = (change: 'mkdir' | 'write' | 'append' | 'remove', path: string, data?: string) => void;

export class ClaudeWriter {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(
    readonly claudeDir: string,
    private readonly timing: WriterTiming,
    private readonly clock: () => number = Date.now,
    readonly trace: WriterTrace = () => undefined,
  ) {}

  writeConfig(config: TeamConfig): void {
    const path = join(this.claudeDir, 'teams', config.name ?? 'team', 'config.json');
    this.mkdir(join(dirname(path), 'inboxes'));
    this.locked(path, () => this.write(path, JSON.stringify(config, null, 2)));
  }

  writeTask(team: string, task: Task): void {
    const folder = join(this.claudeDir, 'tasks', team);
    this.mkdir(folder);
    if (!existsSync(join(folder, '.lock'))) this.write(join(folder, '.lock'), '');
    const path = join(folder, `${task.id}.json`);
    this.locked(join(folder, '.lock'), () => this.locked(path, () => this.write(path, JSON.stringify(task, null, 2))));
  }

  /** Append a message to `to`'s inbox; it is delivered and deleted on its own. */
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

  /** `TeamDelete`: everything of the team at once. */
  deleteTeam(team: string): void {
    this.cancel();
    this.remove(join(this.claudeDir, 'teams', team));
    this.remove(join(this.claudeDir, 'tasks', team));
  }

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
      this.write(path, JSON.stringify(change(messages), null, 2));
    });
  }

  private locked(path: string, write: () => void): void {
    const lock = `${path}.lock`;
    this.mkdir(lock);
    try {
      write();
    } finally {
      this.remove(lock);
    }
  }

  private mkdir(path: string): void {
    mkdirSync(path, { recursive: true });
    this.trace('mkdir', path);
  }

  private write(path: string, data: string): void {
    writeFileSync(path, data);
    this.trace('write', path, data);
  }

  private remove(path: string): void {
    rmSync(path, { recursive: true, force: true });
    this.trace('remove', path);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
