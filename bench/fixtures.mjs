// Claude config dirs for the benchmark, written like Claude Code writes them.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';

const COLORS = ['blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan', 'red'];
const T0 = Date.parse('2026-11-01T09:00:00Z');

export function writeJson(path, value) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** Write as newer Claude Code does: a temp file renamed over the target. */
export function writeJsonAtomic(path, value) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(temp, JSON.stringify(value, null, 2));
  renameSync(temp, path);
}

/**
 * Write as Claude Code 2.1.330 writes an inbox or a task (see its recordings in
 * test-fixtures/captures): under a lock folder `<file>.lock/`, a temp file
 * `<file>.tmp.<8 hex>` written and renamed over the file, then the lock removed.
 * Returns when the new version got to its path (the rename): a watcher may
 * draw it while the lock is being removed.
 */
export function writeJsonAs2_1_330(path, value) {
  mkdirSync(`${path}.lock`, { recursive: true });
  const temp = `${path}.tmp.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, JSON.stringify(value, null, 2));
  renameSync(temp, path);
  const landed = performance.now();
  rmdirSync(`${path}.lock`);
  return landed;
}

export function message(from, text, time, extra = {}) {
  return { from, text, timestamp: new Date(time).toISOString(), read: true, msgV: 1, msg_id: randomUUID(), type: 'message', ...extra };
}

function filler(from, i, time) {
  if (i % 3 === 2) {
    return message(
      from,
      JSON.stringify({ type: 'idle_notification', from, timestamp: new Date(time).toISOString(), idleReason: 'available' }),
      time,
    );
  }
  return message(
    from,
    `Progress ${i}: finished the ${['parser', 'schema', 'docs', 'tests'][i % 4]} step and moved the next item to review. Nothing blocks me.`,
    time,
    {
      summary: `progress ${i}`,
    },
  );
}

/** A team: `members` members (a lead and teammates), `messages` in each inbox, `tasks` tasks in a chain of fours. */
export function makeTeam(dir, team, { members, messages, tasks, start = T0 }) {
  const names = ['team-lead', ...Array.from({ length: members - 1 }, (_, i) => `${team}-m${i + 1}`)];
  writeJson(join(dir, 'teams', team, 'config.json'), {
    name: team,
    description: `Benchmark team ${team}`,
    createdAt: start,
    leadAgentId: `team-lead@${team}`,
    leadSessionId: randomUUID(),
    members: names.map((name, i) => ({
      agentId: `${name}@${team}`,
      name,
      agentType: i === 0 ? 'team-lead' : 'general-purpose',
      model: i === 0 ? 'claude-opus-4-6' : 'sonnet',
      joinedAt: start,
      tmuxPaneId: i === 0 ? 'leader' : 'in-process',
      cwd: '/work',
      subscriptions: [],
      ...(i === 0 ? {} : { color: COLORS[(i - 1) % COLORS.length], backendType: 'in-process' }),
    })),
  });
  for (const [index, owner] of names.entries()) {
    const inbox = [];
    for (let i = 0; i < messages; i++) {
      const from = owner === 'team-lead' ? names[1 + (i % (names.length - 1))] : 'team-lead';
      inbox.push(filler(from, i, start + (i * names.length + index) * 1000));
    }
    writeJson(join(dir, 'teams', team, 'inboxes', `${owner}.json`), inbox);
  }
  for (let id = 1; id <= tasks; id++) {
    writeJson(join(dir, 'tasks', team, `${id}.json`), {
      id: String(id),
      subject: `Work item ${id}`,
      description: 'Benchmark task',
      status: id % 4 === 1 ? 'completed' : 'pending',
      owner: names[1 + (id % (names.length - 1))],
      blocks: id % 4 === 0 ? [] : [String(id + 1)],
      blockedBy: id % 4 === 1 ? [] : [String(id - 1)],
    });
  }
  return names;
}
