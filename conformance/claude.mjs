// The real Claude Code, interactive, in a private tmux server, offline: its own
// HOME and config dir (pre-seeded so no first-run dialog appears), the fake API
// as its endpoint, and an environment that switches off telemetry, updates,
// error reports and marketplace fetches.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROMPT } from './script-kit.mjs';
import { Tmux } from './tmux.mjs';

const KEY = 'sk-ant-api03-FAKEKEYFAKEKEYFAKEKEY0123456789';
/** The lead's pane is ready for a prompt. */
// (2.1.332 in its default mode: an empty `❯` line, padded with a no-break space.)
const PROMPT_BOX = /bypass permissions|plan mode on|for shortcuts|accept edits|auto mode on|^❯\s*$/mu;

/** Where a run keeps its pieces, all under `root`. */
export function runPaths(root) {
  const paths = {
    root,
    home: join(root, 'home'),
    claude: join(root, 'claude'),
    work: join(root, 'work'),
    log: join(root, 'log'),
    snap: join(root, 'snap'),
    state: join(root, 'state'),
  };
  for (const path of Object.values(paths)) mkdirSync(path, { recursive: true });
  return paths;
}

export class ClaudeSession {
  /** `mode`: where teammates run, 'in-process' or 'tmux' (panes of the same server). */
  /** `env`: what the scenario adds to the client's environment (CLAUDE_CODE_MAX_RETRIES, …). */
  constructor({ paths, binary, version, mode, args, port, env = {} }) {
    this.paths = paths;
    this.mode = mode;
    // Onboarding done, the key approved, the folder trusted, bypass mode accepted.
    writeFileSync(
      join(paths.claude, '.claude.json'),
      JSON.stringify({
        hasCompletedOnboarding: true,
        lastOnboardingVersion: version,
        theme: 'dark',
        bypassPermissionsModeAccepted: true,
        customApiKeyResponses: { approved: [KEY.slice(-20)], rejected: [] },
        projects: { [paths.work]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: [] } },
      }),
    );
    writeFileSync(join(paths.claude, 'settings.json'), JSON.stringify({ teammateMode: mode, skipDangerousModePermissionPrompt: true }));
    // The server is started with this environment and nothing else, so every pane
    // it opens (tmux teammates' too) has the fake endpoint and the switches.
    this.env = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: paths.home,
      SHELL: '/bin/bash',
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      CLAUDE_CONFIG_DIR: paths.claude,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      ANTHROPIC_API_KEY: KEY,
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
      CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS: '1',
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      IS_SANDBOX: '1',
      ...env,
    };
    this.tmux = new Tmux(join(paths.root, 'tmux.sock'), this.env);
    const command = [binary, ...args, '--debug-file', join(paths.log, 'claude-debug.txt')]
      .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
      .join(' ');
    // In-process teammates must not find a tmux around them.
    writeFileSync(join(paths.root, 'cmd.sh'), `${mode === 'tmux' ? '' : 'unset TMUX TMUX_PANE; '}cd '${paths.work}' && exec ${command}\n`);
  }

  async start() {
    await this.tmux.run(
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      'lead',
      '-x',
      '220',
      '-y',
      '60',
      `bash ${join(this.paths.root, 'cmd.sh')}`,
    );
    this.serverPid = Number(await this.tmux.run('display', '-p', '#{pid}'));
    this.leadPid = Number(await this.tmux.run('display', '-p', '-t', 'lead', '#{pane_pid}'));
    if (!this.serverPid || !this.leadPid) throw new Error('tmux did not start Claude Code');
  }

  /** Types the prompt into the lead's pane once it is ready for one. */
  async prompt(timeoutMs = 30_000) {
    const end = Date.now() + timeoutMs;
    let screen = '';
    while (!PROMPT_BOX.test(screen)) {
      if (Date.now() > end) throw new Error(`Claude Code showed no prompt within ${timeoutMs / 1000} s; its pane:\n${screen.trimEnd()}`);
      await sleep(100);
      screen = await this.tmux.capture('lead');
    }
    await sleep(500);
    await this.tmux.keys('lead', '-l', PROMPT);
    await sleep(300);
    await this.tmux.keys('lead', 'Enter');
  }

  alive() {
    return alive(this.leadPid);
  }

  /**
   * Keeps the tree as it is just before Claude Code exits (on exit it deletes
   * the team, and its live state in sessions/).
   */
  keepTree() {
    const into = join(this.paths.root, 'final_before_exit');
    for (const sub of ['teams', 'tasks', 'sessions', 'projects']) {
      if (existsSync(join(this.paths.claude, sub))) cpSync(join(this.paths.claude, sub), join(into, sub), { recursive: true });
    }
  }

  /** Ctrl-C twice, as a user quits; then every pane's process and the server, by pid. */
  async stop() {
    const panes = await this.tmux.panes();
    for (const { id } of panes) writeFileSync(join(this.paths.log, `screen-${id.slice(1)}.txt`), await this.tmux.capture(id));
    await this.tmux.keys('lead', 'C-c');
    await sleep(300);
    await this.tmux.keys('lead', 'C-c');
    for (let i = 0; i < 30 && this.alive(); i++) await sleep(100);
    for (const { pid } of panes) kill(pid);
    kill(this.leadPid);
    kill(this.serverPid);
  }

  /** Whatever is still running, at once (after a failure). */
  kill() {
    kill(this.leadPid);
    kill(this.serverPid);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function kill(pid) {
  if (pid && alive(pid)) process.kill(pid, 'SIGTERM');
}
