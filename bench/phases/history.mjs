// Cost against history (issue 26): a long run keeps every message it saw, and a
// change must cost the same whether the history holds none or twenty thousand.
// The histories are journals written as a 2.1.330 team's run records them: each
// message appended to an inbox, then removed once delivered.
//
//   history-cpu      CPU per message, on a dashboard restored from 20,000 messages, from a screenful (200) and
//                    on one with none
//   history-restore  `--json` on a config dir whose journal holds 20,000 messages, the same with what its
//                    members did between them (activity lines, issue 23 §8), and with no journal; and the
//                    dashboard's first frame of the team with the 20,000 messages, with them and the activity
//                    lines, and with none
//   history-replay   `replay --json` of a 1,000,000-entry recording (time and peak RSS), and the floor:
//                    reading and parsing its lines
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, cpSync, createReadStream, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeTeam, message, writeJsonAs2_1_330 } from '../fixtures.mjs';
import { cliArgs } from '../../harness/pty.mjs';
import { fromSource } from '../../harness/source.mjs';
import { stats } from '../../harness/stats.mjs';
import { across, fmt, spread } from '../context.mjs';

const LEAD_INBOX = (team) => `teams/${team}/inboxes/team-lead.json`;

/** Where teamtop keeps a config dir's journal: its own function, not a copy. */
const { namespaceDir } = await fromSource({ 'src/io/journal/store-dir.ts': ['namespaceDir'] });

/** Lines written through a buffer: a recording of a million entries is hundreds of MB. */
class LineFile {
  constructor(path) {
    this.fd = openSync(path, 'w', 0o600);
    this.chunks = [];
    this.size = 0;
  }

  line(value) {
    const text = `${JSON.stringify(value)}\n`;
    this.chunks.push(text);
    this.size += text.length;
    if (this.size > 1 << 22) this.flush();
  }

  flush() {
    writeSync(this.fd, this.chunks.join(''));
    this.chunks = [];
    this.size = 0;
  }

  close() {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * The `i`th message of a long run between a lead and its teammates: mostly idle
 * notifications at each turn's end, some plain mail both ways, and plan and
 * permission requests, each answered by the next message.
 */
function runMessage(members, i, t) {
  const worker = members[1 + (Math.floor(i / 20) % (members.length - 1))];
  const stamp = new Date(t).toISOString();
  const protocol = (from, to, fields) => ({ from, to, text: JSON.stringify({ ...fields, from, timestamp: stamp }) });
  const step = i % 20;
  const id = `${Math.floor(i / 20)}@${worker}`;
  if (step < 12) return protocol(worker, 'team-lead', { type: 'idle_notification', idleReason: 'available' });
  if (step < 14) return { from: 'team-lead', to: worker, text: `Next: item ${i}, the parser's error paths. Ping me when done.` };
  if (step < 16) return { from: worker, to: 'team-lead', text: `Done with item ${i - 2}; tests pass. Moving on.` };
  if (step === 16)
    return protocol(worker, 'team-lead', { type: 'plan_approval_request', requestId: `plan-${id}`, plan: 'Split it in two' });
  if (step === 17) return protocol('team-lead', worker, { type: 'plan_approval_response', requestId: `plan-${id}`, approve: true });
  if (step === 18)
    return protocol(worker, 'team-lead', {
      type: 'permission_request',
      request_id: `perm-${id}`,
      agent_id: worker,
      tool_name: 'Bash',
      description: 'npm test',
    });
  return protocol('team-lead', worker, { type: 'permission_response', request_id: `perm-${id}`, subtype: 'success' });
}

/**
 * What a member does between two of its messages, as a dashboard reading its
 * transcript journals it: a call begins with a response (new figures), its
 * result comes back (the same figures), the turn ends.
 */
const WORK = [
  ['thinking', null, false],
  ['tool', 'Bash', true],
  ['thinking', null, false],
  ['tool', 'Read', true],
  ['idle', null, false],
];

/** The `i`th activity line of a run: a member's state and tool as they change, and its figures as they grow. */
function activityLine(team, member, t, i) {
  const [state, tool, figures] = WORK[i % WORK.length];
  const line = { op: 'activity', t, path: `teams/${team}`, member, state, tool, since: t };
  if (!figures) return line;
  const usage = {
    inputTokens: 1200 * i,
    outputTokens: 300 * i,
    cacheReadTokens: 40_000 * i,
    cacheCreationTokens: 700 * i,
    contextTokens: 45_000,
    contextPercent: 22.5,
    toolCalls: Math.floor((2 * i) / WORK.length),
    costUSD: Math.round(12_300 * i) / 1e6,
    costEstimated: true,
  };
  return { ...line, usage };
}

/**
 * A run file of `messages` messages among `members` (see runMessage), each
 * appended to its recipient's empty inbox and removed `deliveredMs` later, as
 * 2.1.330 delivers them, `gapMs` apart, the last one ending at `end`; and,
 * after each, `activity` lines of what its sender did before the next.
 */
export function writeRun(path, { team, members, config, messages, end, gapMs = 5000, deliveredMs = 100, activity = 0, earlier = false }) {
  const file = new LineFile(path);
  const start = end - messages * gapMs;
  // As teamtop writes a run: it records its incidents as it judges them, with the default thresholds.
  // This run raises none (every request is answered and every message taken within seconds; judged
  // again from its history it has none either), so its one incidents line says none stand.
  // `earlier`: as a teamtop before 2026-11 wrote it, no thresholds and no incidents lines.
  file.line({
    teamtop: 'journal',
    v: 2,
    run: 'bench',
    team,
    claudeDir: '/bench',
    started: start - 1000,
    ...(!earlier && { incidents: { stallAfterMs: 60_000, quietAfterMs: 600_000 } }),
  });
  file.line({ op: 'file', t: start - 1000, live: false, path: `teams/${team}/config.json`, text: JSON.stringify(config) });
  for (const member of members)
    file.line({ op: 'inbox', t: start - 1000, live: false, path: `teams/${team}/inboxes/${member}.json`, messages: [] });
  if (!earlier) file.line({ op: 'incidents', t: start - 1000, path: `teams/${team}`, raised: [], cleared: [], whole: true });
  for (let i = 0; i < messages; i++) {
    const t = start + i * gapMs;
    const { from, to, text } = runMessage(members, i, t);
    const path = `teams/${team}/inboxes/${to}.json`;
    file.line({ op: 'inbox', t, live: true, path, messages: [message(from, text, t, { read: false })] });
    file.line({ op: 'inbox', t: t + deliveredMs, live: true, path, messages: [] });
    for (let k = 0; k < activity; k++) file.line(activityLine(team, from, t + deliveredMs + k + 1, i * activity + k));
  }
  file.close();
  return statSync(path).size;
}

/**
 * A team of five on disk, every inbox empty (its messages delivered), and a
 * journal of `history` messages among them, with `activity` lines after each.
 */
export function historyDir(temp, history, activity = 0, earlier = false) {
  const dir = temp('history');
  const state = temp('history-state');
  // The team began when its history did (history messages 5 s apart, the last a minute ago).
  const names = makeTeam(dir, 'long', { members: 5, messages: 0, tasks: 10, start: Date.now() - 3_600_000 - history * 5000 });
  if (history > 0) {
    const folder = join(namespaceDir(state, dir), 'long');
    mkdirSync(folder, { recursive: true });
    const config = JSON.parse(readFileSync(join(dir, 'teams/long/config.json'), 'utf8'));
    // The writer's pid is past pid_max: a run nobody writes any more (pid 1 would be init's, alive).
    writeRun(join(folder, '2026-01-01T00-00-00-000Z-999999999.jsonl'), {
      team: 'long',
      members: names,
      config,
      messages: history,
      end: Date.now() - 60_000,
      activity,
      earlier,
    });
  }
  return { dir, state, names };
}

/** Peak RSS (MB) and wall time (ms) of one teamtop command, killed after `timeoutMs`. */
function measureCommand(args, timeoutMs) {
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, cliArgs(...args), { stdio: ['ignore', 'pipe', 'pipe'] });
    let peakKb = 0;
    let stdout = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk.length));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const poll = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/u.exec(status)?.[1] ?? 0));
      } catch {
        // Gone meanwhile.
      }
    }, 50);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      done({ ms: performance.now() - t0, peakMb: peakKb / 1024, code, finished: signal === null, stdoutBytes: stdout, stderr });
    });
  });
}

// ---------------------------------------------------------------- CPU per message

/** Enough history to fill every pane of a 160x48 screen: the messages, the handshakes, the waits. */
const SCREENFUL = 200;

/**
 * Messages to the lead, 200 ms apart, each written as 2.1.330 writes it and
 * removed 60 ms later (delivered): the CPU the dashboard used per message.
 */
async function cpuPerMessage({ temp, startTeamtop, quick }, history) {
  const { dir, state, names } = historyDir(temp, history);
  const term = await startTeamtop(dir, ['--state-dir', state], { cols: 160, rows: 48 });
  await term.waitFor(names[4], 120_000);
  await sleep(3000);
  const inbox = join(dir, LEAD_INBOX('long'));
  // A hundred at least: with forty, two runs of the same code differed by a tenth.
  const count = quick ? 100 : 200;
  const gapMs = 200;
  const cpuBefore = term.cpuSeconds();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    await sleep(start + i * gapMs - performance.now());
    const marker = `hist${i}x${Math.random().toString(36).slice(2, 6)}`;
    const shown = term.waitFor(marker, 10_000);
    writeJsonAs2_1_330(inbox, [message(names[1 + (i % 4)], `${marker} appended`, Date.now(), { read: false })]);
    await shown;
    await sleep(60);
    writeJsonAs2_1_330(inbox, []);
  }
  await sleep(start + count * gapMs - performance.now());
  const cpu = term.cpuSeconds() - cpuBefore;
  await term.quit();
  return { count, msPerMessage: (cpu * 1000) / count };
}

// ---------------------------------------------------------------- restore

/** Activity lines after each message: five a message is a member's tool calls and turn end between two of its messages. */
const ACTIVITY_PER_MESSAGE = 5;

/**
 * From starting the dashboard to the team on screen, its journal restored
 * first: a copy of the state dir each time, as the dashboard adds a run of its own.
 */
async function firstFrame({ temp, startTeamtop }, { dir, state, names }) {
  const copy = temp('restore-state');
  cpSync(state, copy, { recursive: true });
  const t0 = performance.now();
  const term = await startTeamtop(dir, ['--state-dir', copy], { cols: 120, rows: 40 });
  const ms = (await term.waitFor(names[4], 120_000)) - t0;
  await term.quit();
  return ms;
}

async function restore(context) {
  const { temp, quick } = context;
  const history = 20_000;
  const empty = historyDir(temp, 0);
  const full = historyDir(temp, history);
  const working = historyDir(temp, history, ACTIVITY_PER_MESSAGE);
  const runs = quick ? 2 : 3;
  const without = [];
  const withHistory = [];
  const withActivity = [];
  const frameWithout = [];
  const frameWith = [];
  const frameActivity = [];
  let kept;
  const measure = async (dir, into) => {
    const run = await measureCommand(['--json', '--dir', dir.dir, '--state-dir', dir.state], 120_000);
    if (!run.finished || run.code !== 0) throw new Error(`--json with ${history} messages of history failed: ${run.stderr}`);
    into.push(run.ms);
    return run;
  };
  for (let i = 0; i < runs; i++) {
    without.push((await measureCommand(['--json', '--dir', empty.dir, '--state-dir', empty.state], 120_000)).ms);
    kept = (await measure(full, withHistory)).stdoutBytes;
    await measure(working, withActivity);
    frameWithout.push(await firstFrame(context, empty));
    frameWith.push(await firstFrame(context, full));
    frameActivity.push(await firstFrame(context, working));
  }
  const a = stats(withHistory).median;
  const b = stats(without).median;
  const c = stats(withActivity).median;
  return {
    history,
    activityLines: history * ACTIVITY_PER_MESSAGE,
    withMs: a,
    withoutMs: b,
    restoreMs: a - b,
    activityMs: c,
    restoreActivityMs: c - b,
    jsonBytes: kept,
    frameWithMs: stats(frameWith).median,
    frameWithoutMs: stats(frameWithout).median,
    frameRestoreMs: stats(frameWith).median - stats(frameWithout).median,
    frameActivityMs: stats(frameActivity).median,
    frameRestoreActivityMs: stats(frameActivity).median - stats(frameWithout).median,
  };
}

/**
 * A journal of 20,000 messages written by an earlier teamtop (no incidents recorded): `--json` and the
 * dashboard's first frame on a fresh copy (the run judged moment by moment, its judgement then written
 * into it), the next start on that copy, and with no journal.
 */
async function earlierRestore(context) {
  const { temp } = context;
  const history = 20_000;
  const empty = historyDir(temp, 0);
  const earlier = historyDir(temp, history, 0, true);
  const copy = () => {
    const state = temp('earlier-state');
    cpSync(earlier.state, state, { recursive: true });
    return { ...earlier, state };
  };
  const json = async ({ dir, state }) => {
    const run = await measureCommand(['--json', '--dir', dir, '--state-dir', state], 120_000);
    if (!run.finished || run.code !== 0) throw new Error(`--json on an earlier journal failed: ${run.stderr}`);
    return run.ms;
  };
  const frame = async ({ dir, state, names }) => {
    const t0 = performance.now();
    const term = await context.startTeamtop(dir, ['--state-dir', state], { cols: 120, rows: 40 });
    const ms = (await term.waitFor(names[4], 120_000)) - t0;
    await term.quit();
    return ms;
  };
  const figures = { jsonWithout: await json(empty) };
  const a = copy();
  figures.jsonFirst = await json(a);
  figures.jsonNext = await json(a);
  figures.frameWithout = await frame(empty);
  const b = copy();
  figures.frameFirst = await frame(b);
  figures.frameNext = await frame(b);
  return figures;
}

// ---------------------------------------------------------------- replay --json

/** The floor: the recording's lines read and parsed, nothing kept. */
async function parseFloor(path) {
  const t0 = performance.now();
  let lines = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    JSON.parse(line);
    lines++;
  }
  return { ms: performance.now() - t0, lines };
}

async function replayJson({ temp, quick }) {
  const entries = quick ? 200_000 : 1_000_000;
  const folder = temp('recording');
  const path = join(folder, 'big.jsonl');
  const members = ['team-lead', 'worker-1', 'worker-2', 'worker-3', 'worker-4'];
  const config = {
    name: 'big',
    leadAgentId: 'team-lead@big',
    leadSessionId: randomUUID(),
    members: members.map((name) => ({ agentId: `${name}@big`, name, agentType: name === 'team-lead' ? 'team-lead' : 'general-purpose' })),
  };
  // Two entries a message, after the header, the config and the five empty inboxes.
  const bytes = writeRun(path, { team: 'big', members, config, messages: entries / 2, end: Date.parse('2026-11-01T00:00:00Z') });
  const floor = await parseFloor(path);
  const run = await measureCommand(['replay', path, '--json', '--now', '2026-11-01T00:00:00Z'], 600_000);
  if (run.finished && run.code !== 0) throw new Error(`replay --json failed (${run.code}): ${run.stderr.slice(0, 2000)}`);
  return { entries, mb: bytes / 1024 / 1024, finished: run.finished, ms: run.ms, peakMb: run.peakMb, floorMs: floor.ms };
}

// ---------------------------------------------------------------- the phases

/** The history phases, for run.mjs's PHASES: `context` gives `temp`, `startTeamtop` and `quick`. */
export function historyPhases(context) {
  return {
    'history-cpu': {
      label: 'history: CPU per message with 20,000 messages of history and with none, at 160x48',
      run: async () => {
        // In turn, so machine noise hits all alike. A screenful of history draws the same
        // screen as 20,000 messages do: what the long one costs beyond it is the history's.
        const none = await cpuPerMessage(context, 0);
        const screenful = await cpuPerMessage(context, SCREENFUL);
        const long = await cpuPerMessage(context, 20_000);
        return {
          none: none.msPerMessage,
          screenful: screenful.msPerMessage,
          long: long.msPerMessage,
          ratio: long.msPerMessage / none.msPerMessage,
          ratioScreenful: long.msPerMessage / screenful.msPerMessage,
          count: none.count,
        };
      },
      summary: (runs) => ({
        messages: runs[0].count,
        noneMs: across(runs, (r) => r.none),
        screenfulMs: across(runs, (r) => r.screenful),
        historyMs: across(runs, (r) => r.long),
        ratio: across(runs, (r) => r.ratio),
        ratioScreenful: across(runs, (r) => r.ratioScreenful),
      }),
      rows: (c) => [
        [
          'CPU per message, 20,000 messages of history (ms)',
          spread(c.historyMs),
          `no history ${spread(c.noneMs)}: ×${spread(c.ratio, 2)}; ${SCREENFUL} messages ${spread(c.screenfulMs)}: ×${spread(c.ratioScreenful, 2)}`,
          '≤ 1.2× none',
        ],
      ],
    },
    'history-restore': {
      label:
        'history: --json and the dashboard restoring a journal of 20,000 messages, with and without activity lines, and with no journal',
      run: () => restore(context),
      summary: (runs) => ({
        history: runs[0].history,
        activityLines: runs[0].activityLines,
        withMs: across(runs, (r) => r.withMs),
        withoutMs: across(runs, (r) => r.withoutMs),
        restoreMs: across(runs, (r) => r.restoreMs),
        activityMs: across(runs, (r) => r.activityMs),
        restoreActivityMs: across(runs, (r) => r.restoreActivityMs),
        frameWithMs: across(runs, (r) => r.frameWithMs),
        frameWithoutMs: across(runs, (r) => r.frameWithoutMs),
        frameRestoreMs: across(runs, (r) => r.frameRestoreMs),
        frameActivityMs: across(runs, (r) => r.frameActivityMs),
        frameRestoreActivityMs: across(runs, (r) => r.frameRestoreActivityMs),
        mb: runs[0].jsonBytes / 1024 / 1024,
      }),
      rows: (r) => [
        [
          'restore 20,000 messages of history (ms)',
          spread(r.restoreMs, 0),
          `--json ${spread(r.withMs, 0)} with it (${fmt(r.mb, 0)} MB printed), ${spread(r.withoutMs, 0)} without`,
          '≤ 1000',
        ],
        [
          'restore 20,000 messages of history: the dashboard (ms)',
          spread(r.frameRestoreMs, 0),
          `the team on screen ${spread(r.frameWithMs, 0)} with it, ${spread(r.frameWithoutMs, 0)} without`,
          '≤ 1000',
        ],
        [
          `restore the same and ${r.activityLines.toLocaleString('en')} activity lines (ms)`,
          spread(r.restoreActivityMs, 0),
          `--json ${spread(r.activityMs, 0)} with them`,
          '≤ 1000',
        ],
        [
          `restore the same and ${r.activityLines.toLocaleString('en')} activity lines: the dashboard (ms)`,
          spread(r.frameRestoreActivityMs, 0),
          `the team on screen ${spread(r.frameActivityMs, 0)} with them`,
          '≤ 1000',
        ],
      ],
    },
    'history-earlier': {
      label: 'history: a 20,000-message journal an earlier teamtop wrote, restored the first time and the next',
      run: () => earlierRestore(context),
      summary: (runs) => Object.fromEntries(Object.keys(runs[0]).map((name) => [name, across(runs, (r) => r[name])])),
      rows: (r) => {
        const less = (a, b) => ({ median: a.median - b.median, min: a.min - b.max, max: a.max - b.min });
        return [
          [
            "restore an earlier teamtop's 20,000 messages, the next start: the dashboard (ms)",
            spread(less(r.frameNext, r.frameWithout), 0),
            `the team on screen ${spread(r.frameNext, 0)}; the first start ${spread(r.frameFirst, 0)}; no journal ${spread(r.frameWithout, 0)}`,
            '≤ 1000',
          ],
          [
            "restore an earlier teamtop's 20,000 messages, the next start: --json (ms)",
            spread(less(r.jsonNext, r.jsonWithout), 0),
            `--json ${spread(r.jsonNext, 0)}; the first ${spread(r.jsonFirst, 0)}; no journal ${spread(r.jsonWithout, 0)}`,
            '≤ 1000',
          ],
        ];
      },
    },
    'history-replay': {
      label: 'history: replay --json of a 1,000,000-entry recording',
      // Once: it takes a minute, and its figures vary little.
      runs: 1,
      run: () => replayJson(context),
      summary: (runs) => ({
        entries: runs[0].entries,
        mb: runs[0].mb,
        finished: runs.every((r) => r.finished),
        ms: across(runs, (r) => r.ms),
        peakMb: across(runs, (r) => r.peakMb),
        floorMs: across(runs, (r) => r.floorMs),
      }),
      rows: (r) => [
        [
          `replay --json, ${r.entries} entries (${fmt(r.mb, 0)} MB) (s)`,
          r.finished ? spread({ median: r.ms.median / 1000, min: r.ms.min / 1000, max: r.ms.max / 1000 }) : '> 600 (killed)',
          `reading and parsing its lines ${fmt(r.floorMs.median / 1000)} s`,
          '≤ 60',
        ],
        [`replay --json, ${r.entries} entries: peak RSS (MB)`, spread(r.peakMb, 0), '', '≤ 1024'],
      ],
    },
  };
}
