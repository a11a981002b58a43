#!/usr/bin/env node
// teamtop against the real Claude Code: each scenario runs the real client
// (installed on first use into a cache, see install.mjs) offline against a
// scripted fake model, with the built teamtop live beside it in a
// pseudo-terminal. A recorder keeps every version of every team file; at the
// end teamtop's `--json` (its history restored from the journal it kept while
// the files came and went) must hold every message the client ever wrote, and
// the live timeline must have drawn each of them. Prints a table; exits 1 on
// any loss.
//
//   npm run conformance                              every scenario below, in each of its modes
//   npm run conformance -- --scenario team,plan      the four runs of the team's own protocol
//   npm run conformance -- --scenario team --mode tmux
//   npm run conformance -- --scenario ignored-shutdown --mode in-process --record DIR
//   npm run conformance -- --cc-version latest       the newest release, and what it wrote that is new
//
// Needs tmux. Options: --cc-version (or $CC_VERSION; a version, `latest` or a
// range; by default the supported one, versions.mjs), --timeout <s> (each
// scenario's cap), --keep (keep each run's folder), --record DIR (one scenario
// and mode: keep its recording in DIR, in the format of test-fixtures/captures),
// --save-schema (add the keys, message types and file operations the runs saw
// to conformance/verified/<version>.json: how a version is verified). After the
// table it prints what the runs wrote that the supported version does not.
import { fork, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cliArgs, NODE, teamtopJson } from '../harness/pty.mjs';
import { monoMs, stats } from '../harness/stats.mjs';
import { ClaudeSession, runPaths } from './claude.mjs';
import { LiveDashboard } from '../harness/dashboard.mjs';
import { ensureClaudeCode, resolveVersion } from './install.mjs';
import { loadRecording, recordedRun } from '../harness/recording.mjs';
import { verdict } from '../harness/verdict.mjs';
import { describeRun } from './summary.mjs';
import { reviewSchema, SUPPORTED } from './versions.mjs';
import { redactTree } from '../scripts/redact.mjs';
import { checkWork, follow, LONG_MS, readLedger, writtenResponses } from './work.mjs';
import { alive, descendants, teammatePid } from './processes.mjs';
import { checkClient, readClientRecords } from './client-records.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
/**
 * What `npm run conformance` (and CI) runs: the team's protocol (`team`,
 * `plan`), then the moments issue 35 is about: a member dead mid-tool or idle,
 * API errors, a teammate's own subagent, a compaction, mail not yet taken, a
 * refused permission. The others are kept for `--scenario`.
 */
const DEFAULT_SCENARIOS = [
  'team',
  'plan',
  'member-killed',
  'killed-idle',
  'api-errors',
  'subagents',
  'compaction',
  'untaken-mail',
  'refused-permission',
];
const MODES = ['in-process', 'tmux'];
const log = (text) => process.stderr.write(`${text}\n`);

const { values: options } = parseArgs({
  options: {
    scenario: { type: 'string', default: DEFAULT_SCENARIOS.join(',') },
    mode: { type: 'string', default: MODES.join(',') },
    'cc-version': { type: 'string', default: process.env.CC_VERSION || SUPPORTED },
    timeout: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
    record: { type: 'string' },
    'save-schema': { type: 'boolean', default: false },
  },
});

/** A child process that says what it has to say as IPC messages. */
function child(module, args) {
  const subprocess = fork(join(here, module), args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = (test) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (!test(message)) return;
        subprocess.off('message', onMessage);
        resolve(message);
      };
      subprocess.on('message', onMessage);
      subprocess.once('exit', (code) => reject(new Error(`${module} exited (${code}) early`)));
    });
  return { process: subprocess, next };
}

/** The bare watcher (bare-watch.mjs) on `dir`: when it first printed each message id. */
async function bareWatcher(dir) {
  const watcher = spawn(process.execPath, [join(here, 'bare-watch.mjs'), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const printed = new Map();
  let rest = '';
  watcher.stdout.setEncoding('utf8');
  await new Promise((resolve) => {
    watcher.stdout.on('data', (chunk) => {
      const at = monoMs();
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        if (line === 'watching') resolve();
        else if (!printed.has(line)) printed.set(line, at);
      }
    });
  });
  return { process: watcher, printed };
}

async function loadScenario(name) {
  const file = existsSync(name) ? resolve(name) : join(here, 'scenarios', `${name}.mjs`);
  if (!existsSync(file)) {
    const known = readdirSync(join(here, 'scenarios')).map((entry) => entry.replace(/\.mjs$/u, ''));
    throw new Error(`no scenario ${name}: a file, or one of ${known.join(', ')}`);
  }
  const { scenario } = await import(pathToFileURL(file).href);
  return { ...scenario, file };
}

/**
 * What a scenario's `during(ctx)` may do while the client runs: wait for a
 * moment its script names (`await ctx.mark('alice-in-bash')`, turn.mark), find a
 * member's process (`ctx.leadPid`, `ctx.teammatePid(name)`: tmux teammates) and
 * kill it by pid (SIGKILL, as a crash or the OOM killer does; what it had
 * started is ended by pid after the run). Each kill is kept in kills.jsonl
 * (`{ who, pid, t, mono }`), which a recording keeps beside its snap/.
 */
function duringContext({ mode, paths, session, marks, started }) {
  const orphans = [];
  started.push({ kill: () => orphans.forEach((pid) => alive(pid) && process.kill(pid, 'SIGTERM')) });
  return {
    mode,
    paths,
    log,
    sleep,
    leadPid: session.leadPid,
    teammatePid: (name) => teammatePid(paths.claude, name),
    async mark(name, timeoutMs = 60_000) {
      const end = monoMs() + timeoutMs;
      while (!marks.has(name)) {
        if (monoMs() > end) throw new Error(`the script never marked ${name}`);
        await sleep(50);
      }
      return marks.get(name);
    },
    kill(who, pid) {
      if (!pid || !alive(pid)) throw new Error(`${who}: no process to kill (pid ${pid})`);
      for (const orphan of descendants(pid)) orphans.push(orphan);
      process.kill(pid, 'SIGKILL');
      const line = { who, pid, t: Date.now() / 1000, mono: monoMs() };
      appendFileSync(join(paths.root, 'kills.jsonl'), `${JSON.stringify(line)}\n`);
      log(`  killed ${who} (pid ${pid})`);
    },
  };
}

/**
 * One scenario in one mode, teamtop watching. Resolves with its row of the
 * table, and the run's folder (removed by the caller unless kept).
 */
async function runScenario(scenario, mode, { binary, version, timeoutMs }) {
  const paths = runPaths(mkdtempSync(join(tmpdir(), `teamtop-conformance-${scenario.name}-${mode}-`)));
  const started = [];
  let session;
  let dashboard;
  let members;
  try {
    const api = child('fake-api.mjs', [scenario.file, paths.log, paths.work]);
    started.push(api.process);
    const { port } = await api.next((message) => message.port);
    const done = api.next((message) => message.done);
    const marks = new Map();
    api.process.on('message', (message) => {
      if (message.mark !== undefined && !marks.has(message.mark)) marks.set(message.mark, monoMs());
    });
    const recorder = child('recorder.mjs', [paths.claude, paths.snap]);
    started.push(recorder.process);
    await recorder.next((message) => message === 'ready');

    const bare = await bareWatcher(paths.claude);
    started.push(bare.process);
    // teamtop as a user runs it, beside the client: on the timeline, where every
    // message of the team has its own row.
    dashboard = new LiveDashboard(cliArgs('--dir', paths.claude, '--state-dir', paths.state));
    await dashboard.waitFor(/teamtop ·/u);
    // What each member does, as teamtop says it live, and (for a scenario that
    // names lines to see) the dashboard's member panes as a user sees them.
    const follower = await follow(paths.claude);
    started.push(follower.process);
    if (scenario.liveLines) {
      members = new LiveDashboard(cliArgs('--dir', paths.claude, '--no-journal'));
      await members.waitFor(/teamtop ·/u);
    }
    const screens = (scenario.liveLines ?? []).map((pattern) => {
      const line = { pattern, at: undefined };
      members.waitFor(pattern, timeoutMs + 60_000).then(
        (at) => (line.at = at),
        () => undefined,
      );
      return line;
    });
    session = new ClaudeSession({
      paths,
      binary,
      version,
      mode,
      args: scenario.claudeArgs ?? ['--dangerously-skip-permissions'],
      port,
      env: scenario.env,
    });
    await session.start();
    const answering = scenario.answerDialogs ? ['--answer', ...(scenario.denyDialogs ? ['--deny', scenario.denyDialogs.source] : [])] : [];
    const panes = child('panes.mjs', [session.tmux.socket, paths.log, ...answering]);
    started.push(panes.process);
    await dashboard.waitFor(/· 1 team/u);
    dashboard.press('t');
    await dashboard.waitFor(/ Timeline /u);
    await session.prompt();
    const promptAt = Date.now();
    const promptMono = monoMs();

    const cap = sleep(timeoutMs).then(() => 'timeout');
    const exited = (async () => {
      while (session.alive()) await sleep(250);
      return 'exited';
    })();
    // A scenario's own doings while the client runs (killing a member by pid):
    // it ends the run, and one that kills the lead keeps recording after it.
    const during = scenario.during
      ? scenario.during(duringContext({ mode, paths, session, marks, started })).then(() => 'done')
      : new Promise(() => undefined);
    const outcome = await Promise.race([done.then(() => 'done'), cap, during, ...(scenario.keepAfterLead ? [] : [exited])]);
    // What the last turn writes (the lead's task updates, the inbox clean-up).
    if (outcome === 'done') await sleep(2000);
    session.keepTree();
    // What teamtop makes of the tree, read while the client still runs: a
    // process that exits afterwards was alive when the tree was taken (one
    // the scenario killed is dead by then).
    const judged = teamtopFacts(scenario, paths.root, mode);
    panes.process.kill();
    await session.stop();
    // The client renames the team folder away and deletes it as it exits.
    await sleep(1000);
    recorder.process.send('stop');
    await recorder.next((message) => message === 'stopped');
    await dashboard.quit();
    await members?.quit();
    // Every timeline row the dashboard drew, when it first did (seconds after the prompt).
    writeFileSync(join(paths.log, 'activity.jsonl'), follower.events.map((event) => `${JSON.stringify(event)}\n`).join(''));
    const rows = [...dashboard.firstSeen].map(([row, at]) => `${((at - promptMono) / 1000).toFixed(3).padStart(7)} ${row}`);
    writeFileSync(join(paths.log, 'rows.txt'), `${rows.join('\n')}\n`);

    const recording = loadRecording(paths.root);
    const run = recordedRun(recording);
    const teamtop = teamtopJson('--dir', paths.claude, '--state-dir', paths.state);
    const { match, drawnAfter, ...figures } = verdict(run, teamtop, (messages) => dashboard.drawnAt(messages));
    const baseline = stats(
      run.messages.filter((message) => bare.printed.has(message.msgId)).map((message) => bare.printed.get(message.msgId) - message.seenAt),
    );
    const work = checkWork({
      ledger: readLedger(paths.log),
      written: writtenResponses(join(paths.root, 'final_before_exit')),
      teamtop: teamtopJson('--dir', join(paths.root, 'final_before_exit'), '--no-journal'),
      events: follower.events,
      screens,
    });
    // What the client itself wrote, as the scenario records it (client-records.mjs), and
    // what teamtop should make of it: expectations marked pending are reported, not failed.
    const client = scenario.client ? checkClient(scenario.client, readClientRecords(paths.root), mode) : [];
    const expectations = judgeTeamtop(scenario, judged, paths.root, mode, follower.events);
    const row = { scenario: scenario.name, mode, outcome, ...figures, baseline, work, client, expectations };
    writeFileSync(
      join(paths.root, 'summary.txt'),
      describeRun({ scenario, mode, version, promptAt, promptMono, recording, run, match, drawnAfter, teamtop, row }),
    );
    return { row, paths, recording };
  } catch (error) {
    error.paths = paths;
    throw error;
  } finally {
    session?.kill();
    dashboard?.kill();
    members?.kill();
    for (const subprocess of started) subprocess.kill();
  }
}

/** `teamtop doctor --json` on `dir` (it exits 1 when something warns). */
function doctorJson(dir) {
  const run = spawnSync(NODE, cliArgs('doctor', '--json', '--no-journal', '--dir', dir), { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`teamtop doctor --json exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The expectations of teamtop a scenario has in this mode. */
const expectationsOf = (scenario, mode) => (scenario.teamtop ?? []).filter((expectation) => (expectation.modes ?? [mode]).includes(mode));

/**
 * `teamtop --json` and `doctor --json` on the tree as the run left it
 * (`final_before_exit`, teamtop's journal left out), taken as the tree is
 * kept, while the client still runs; null when the scenario expects nothing
 * of teamtop in this mode.
 */
function teamtopFacts(scenario, root, mode) {
  if (expectationsOf(scenario, mode).length === 0) return null;
  const tree = join(root, 'final_before_exit');
  return { json: teamtopJson('--dir', tree, '--no-journal'), doctor: doctorJson(tree) };
}

/**
 * A scenario's expectations of teamtop (`scenario.teamtop`: `{ says, issue,
 * pending, modes?, check({ json, doctor, records, events }) }`), judged on
 * `teamtopFacts` (the tree as the run left it, read as it was kept), on what
 * the client wrote (client-records.mjs) and on the events of `teamtop
 * --follow --json` beside the run (`receivedAt` on the monotonic clock, as the
 * kills' `mono`). One marked `pending` names what an open issue asks of
 * teamtop: it is reported, and fails the run only once the issue's work
 * removes the mark.
 */
function judgeTeamtop(scenario, judged, root, mode, events) {
  const expectations = expectationsOf(scenario, mode);
  if (expectations.length === 0 || judged === null) return [];
  const facts = { ...judged, records: readClientRecords(root), events };
  return expectations.map(({ says, issue, pending, check }) => {
    let holds;
    try {
      holds = check(facts) === true;
    } catch {
      holds = false;
    }
    return { says, issue, pending: Boolean(pending), holds };
  });
}

/**
 * Keeps a run as a fixture, laid out like test-fixtures/captures/cc-2.1.330-realcc-*,
 * its transcripts redacted (scripts/redact.mjs): nothing Claude Code wrote of
 * its own (prompts, reminders, tool results) goes into the repository.
 */
function record(paths, into) {
  rmSync(into, { recursive: true, force: true });
  redactTree(paths.snap, join(into, 'snap'));
  redactTree(join(paths.root, 'final_before_exit'), join(into, 'final_before_exit'));
  copyFileSync(join(paths.root, 'summary.txt'), join(into, 'summary.txt'));
  copyFileSync(join(paths.log, 'script.log'), join(into, 'script.log'));
  if (existsSync(join(paths.root, 'kills.jsonl'))) copyFileSync(join(paths.root, 'kills.jsonl'), join(into, 'kills.jsonl'));
}

const fmt = (value) => (value === undefined ? '—' : value.toFixed(1));
const stalledWords = (outcome) => (outcome === 'timeout' ? 'timed out' : 'it exited');

/** A markdown table of `headings` over `cells` (rows of strings). */
function markdown(headings, cells) {
  const widths = headings.map((heading, c) => Math.max(heading.length, ...cells.map((row) => row[c].length)));
  const line = (row) => `| ${row.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`;
  return [line(headings), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** What each run's members did, teamtop against the fake API (work.mjs). */
function workTable(rows, version) {
  const headings = [
    'scenario',
    `Claude Code ${version}, teammates`,
    'members',
    'responses (not written)',
    'tokens = fake API',
    'tool calls = script',
    `named live (of those ≥ ${LONG_MS / 1000} s)`,
    'on screen while running',
    'disagreements',
  ];
  const cells = rows.map(({ scenario, mode, stalled, work }) => [
    scenario,
    `${mode}${stalled ? ' (2nd try)' : ''}`,
    String(work.members),
    `${work.responses} (${work.unwritten})`,
    String(work.tokens),
    String(work.tools),
    `${work.named} of ${work.tools} (${work.longNamed} of ${work.long})`,
    work.lines.map((line) => (line.during ? `${line.pattern.source} ✓` : `${line.pattern.source} ✗`)).join(', ') || '—',
    String(work.failures.length),
  ]);
  return markdown(headings, cells);
}

function table(rows, version) {
  const headings = [
    'scenario',
    `Claude Code ${version}, teammates`,
    'messages written',
    'kept',
    'drawn live',
    'members, tasks kept',
    'write → frame p50 / p95 (ms)',
    'max (ms)',
    'bare watcher p50 / p95 (ms)',
  ];
  const cells = rows.map((r) => [
    r.scenario,
    `${r.mode}${r.stalled ? ' (2nd try)' : ''}`,
    String(r.written),
    String(r.kept),
    String(r.drawn),
    `${r.members.kept} of ${r.members.seen}, ${r.tasks.kept} of ${r.tasks.seen}`,
    `${fmt(r.latency.median)} / ${fmt(r.latency.p95)}`,
    `${fmt(r.latency.max)}${r.outcome === 'done' ? '' : ` (run ${r.outcome === 'timeout' ? 'timed out' : 'ended early'})`}`,
    `${fmt(r.baseline.median)} / ${fmt(r.baseline.p95)}`,
  ]);
  return markdown(headings, cells);
}

async function main() {
  const started = monoMs();
  const version = resolveVersion(options['cc-version']);
  if (version !== options['cc-version']) log(`Claude Code ${options['cc-version']}: ${version}`);
  const modes = options.mode.split(',');
  const unknown = modes.find((mode) => !MODES.includes(mode));
  if (unknown) throw new Error(`--mode: ${unknown} is not one of ${MODES.join(', ')}`);
  const scenarios = await Promise.all(options.scenario.split(',').map(loadScenario));
  const runs = scenarios.flatMap((scenario) =>
    modes.filter((mode) => (scenario.modes ?? MODES).includes(mode)).map((mode) => ({ scenario, mode })),
  );
  if (options.record && runs.length !== 1) throw new Error('--record keeps one run: name one --scenario and one --mode');
  if (spawnSync('tmux', ['-V']).status !== 0)
    throw new Error('tmux is needed to run Claude Code as a user runs it (apt install tmux, brew install tmux)');
  const binary = ensureClaudeCode(version, log);
  const rows = [];
  const recordings = [];
  let failed = false;
  for (const { scenario, mode } of runs) {
    log(`${scenario.name}, ${mode}: ${scenario.summary}`);
    /** How the client stalled on the first try, when it did. */
    let stalled;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const t0 = monoMs();
      let run;
      try {
        run = await runScenario(scenario, mode, { binary, version, timeoutMs: Number(options.timeout) * 1000 });
      } catch (error) {
        failed = true;
        log(`  failed: ${error.stack ?? error}${error.paths ? `\n  the run's folder: ${error.paths.root}` : ''}`);
        break;
      }
      const { row, paths, recording } = run;
      const lost = row.kept < row.written || row.drawn < row.written || row.members.lost.length > 0 || row.tasks.lost.length > 0;
      const unfinished = row.outcome !== 'done';
      log(`  ${row.written} messages written, ${row.kept} kept, ${row.drawn} drawn live (${((monoMs() - t0) / 1000).toFixed(0)} s)`);
      for (const member of row.members.lost) log(`  member lost: ${member}`);
      for (const task of row.tasks.lost) log(`  task lost: ${task}`);
      const { work } = row;
      log(
        `  ${work.members} members: ${work.responses} responses, ${work.tokens} tokens, ${work.tools} tool calls against the fake API's; ${work.named} named live (${work.longNamed} of ${work.long} that ran ${LONG_MS / 1000} s or more)`,
      );
      for (const failure of work.failures) log(`  work: ${failure}`);
      for (const failure of row.client) log(`  the client: ${failure}`);
      for (const { says, issue, pending, holds } of row.expectations)
        log(`  teamtop${pending ? ` (pending, issue ${issue})` : ''}: ${says}: ${holds ? 'holds' : 'not yet'}`);
      const wrong = row.client.length > 0 || row.expectations.some((expectation) => !expectation.pending && !expectation.holds);
      // The real client sometimes stalls on its own (a teammate that never
      // takes its turn): that says nothing about teamtop, so it gets one more go.
      if (unfinished && !lost && attempt === 1) {
        stalled = row.outcome;
        log(`  Claude Code did not finish the scenario (${stalledWords(stalled)}): once more`);
        if (!options.keep) rmSync(paths.root, { recursive: true, force: true });
        continue;
      }
      rows.push({ ...row, stalled });
      recordings.push(recording);
      failed ||= lost || unfinished || work.failures.length > 0 || wrong;
      if (options.record) {
        record(paths, options.record);
        log(`  recording kept in ${options.record}`);
      }
      if (options.keep || lost || unfinished || work.failures.length > 0 || wrong)
        log(`  the run's folder: ${paths.root}${lost ? ' (summary.txt says what was lost)' : ''}`);
      else rmSync(paths.root, { recursive: true, force: true });
      break;
    }
  }
  process.stdout.write(`${table(rows, version)}\n\n${workTable(rows, version)}\n`);
  for (const row of rows.filter((r) => r.stalled))
    process.stdout.write(`${row.scenario}, ${row.mode}: run twice, Claude Code stalled on the first try (${stalledWords(row.stalled)})\n`);
  if (recordings.length > 0) process.stdout.write(`\n${reviewSchema({ version, recordings, save: options['save-schema'] })}`);
  process.stdout.write(`\n${rows.length} of ${runs.length} runs reported in ${((monoMs() - started) / 1000).toFixed(0)} s\n`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(`conformance: ${error.message}`);
    process.exit(2);
  },
);
