// A private tmux server, on its own socket: the real Claude Code runs in it
// interactively, as a user runs it, and tmux-backend teammates open their panes in it.
import { execFile } from 'node:child_process';

export class Tmux {
  constructor(socket, env) {
    this.socket = socket;
    this.env = env;
  }

  /** A tmux command's output; '' when it failed (the server may be gone). */
  run(...args) {
    return new Promise((resolve) => {
      execFile('tmux', ['-S', this.socket, ...args], { env: this.env, timeout: 5000 }, (error, stdout) => resolve(error ? '' : stdout));
    });
  }

  async panes() {
    const listing = await this.run('list-panes', '-a', '-F', '#{pane_id}\t#{pane_pid}');
    return listing
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id, pid] = line.split('\t');
        return { id, pid: Number(pid) };
      });
  }

  capture(pane) {
    return this.run('capture-pane', '-p', '-t', pane);
  }

  keys(pane, ...keys) {
    return this.run('send-keys', '-t', pane, ...keys);
  }
}
