// The client's processes, found read-only in /proc (Linux, where the
// conformance suite runs): a tmux teammate is a `claude` process of its own,
// started with `--agent-name <name>` and the run's CLAUDE_CONFIG_DIR. A
// scenario that kills a member (run.mjs, `during`) finds it here, by pid.
import { readdirSync, readFileSync } from 'node:fs';

function read(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined; // gone, or not ours to read
  }
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/u.test(name))
    .map(Number);

/** A process's command line as its words, its environment as a map, its parent. */
function processOf(pid) {
  const cmdline = read(`/proc/${pid}/cmdline`);
  const environ = read(`/proc/${pid}/environ`);
  const stat = read(`/proc/${pid}/stat`)?.toString('utf8');
  if (cmdline === undefined || environ === undefined || stat === undefined) return undefined;
  const words = cmdline.toString('utf8').split('\0').filter(Boolean);
  const env = new Map(
    environ
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  // The command may hold spaces and parentheses: the fields after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return { pid, words, env, ppid };
}

const argAfter = (words, flag) => {
  const at = words.indexOf(flag);
  return at < 0 ? undefined : words[at + 1];
};

/** The pid of tmux teammate `name`'s `claude` process in the run whose config dir is `claudeDir`, or undefined. */
export function teammatePid(claudeDir, name) {
  for (const pid of pids()) {
    const found = processOf(pid);
    if (!found || found.env.get('CLAUDE_CONFIG_DIR') !== claudeDir) continue;
    const agentName = argAfter(found.words, '--agent-name') ?? argAfter(found.words, '--agent-id')?.split('@')[0];
    if (agentName === name) return pid;
  }
  return undefined;
}

/** Every process below `pid` (its children, theirs, …). */
export function descendants(pid) {
  const children = new Map();
  for (const candidate of pids()) {
    const found = processOf(candidate);
    if (!found) continue;
    if (!children.has(found.ppid)) children.set(found.ppid, []);
    children.get(found.ppid).push(candidate);
  }
  const all = [];
  const walk = (parent) => {
    for (const child of children.get(parent) ?? []) {
      all.push(child);
      walk(child);
    }
  };
  walk(pid);
  return all;
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
