// One huge transcript record (issue 37 §2): a line of 15 MB, and one of 60 MB,
// of millions of small content blocks (`{},` each) with a tool call at the
// end, against a normal transcript of 15 MB (the records the real 2.1.332
// wrote, over and over, the same call at its end), in the same run:
// - `teamtop --json`: its time and its peak memory (the line is read whole
//   before it prints);
// - the dashboard: the text appended at once to a transcript it follows, from
//   then until the call is shown, the slowest answer to a key pressed again
//   and again meanwhile (a frame after the key), and its peak memory.
// Parsed whole, the 15 MB line took 10 to 13 s and 570 MB in `--json`, and
// `q` waited 6 to 9 s; the 60 MB one, 161 s and 2.1 GB. Skimmed (src/core/decode/
// transcript/skim.ts), each costs what a normal transcript of its size does.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { cliArgs, NODE } from '../../harness/pty.mjs';
import { across, fmt, log, QUICK, root, spread, startTeamtop, temp } from '../context.mjs';
import { makeTeam } from '../fixtures.mjs';

const CAPTURE = join(root, 'test-fixtures', 'captures', 'cc-2.1.332-realcc-team-tmux', 'final_before_exit', 'projects');
const MB = 1024 * 1024;
/** What every fixture ends with: the call the dashboard and `--json` show once it is read. */
const MARKER = 'echo the-end-of-the-transcript';
/** When the call at the end starts: after every recorded record, and the clock a moment later (no recorded call is overdue by then, to be shown before it). */
const AT = '2026-11-25T23:18:02.000Z';
const NOW = ['--now', '2026-11-25T23:18:03Z'];
/** Where Ink ends a frame (its synchronized update). */
const FRAME_END = '\u001b[?2026l';

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (path.endsWith('.jsonl')) yield path;
  }
}

/** The recorded assistant and user records. */
const recorded = () =>
  [...files(CAPTURE)].flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => /"type":"(assistant|user)"/u.test(line)),
  );

/** An assistant record of the lead's session whose content is `before` and then the call MARKER names. */
function response(sessionId, before) {
  const block = JSON.stringify({ type: 'tool_use', id: 'toolu_end', name: 'Bash', input: { command: MARKER } });
  return (
    `{"parentUuid":null,"isSidechain":false,"message":{"id":"msg_end","model":"claude-opus-4-6","role":"assistant",` +
    `"content":[${before}${block}],"stop_reason":"tool_use","usage":{"input_tokens":10,"output_tokens":5}},` +
    `"type":"assistant","uuid":"u-end","timestamp":"${AT}","sessionId":"${sessionId}","cwd":"/work"}\n`
  );
}

/** A team whose lead's transcript is `body(sessionId)`, and the same team with it to append (`later`). */
function team(name, body) {
  const dir = temp(name);
  makeTeam(dir, name, { members: 3, messages: 10, tasks: 3, start: Date.parse('2026-11-01T10:00:00Z') });
  const { leadSessionId } = JSON.parse(readFileSync(join(dir, 'teams', name, 'config.json'), 'utf8'));
  const project = join(dir, 'projects', '-work');
  mkdirSync(project, { recursive: true });
  const path = join(project, `${leadSessionId}.jsonl`);
  const text = body(leadSessionId);
  writeFileSync(path, text);
  const prompt = `{"type":"user","message":{"role":"user","content":"Go"},"timestamp":"${AT}","sessionId":"${leadSessionId}"}\n`;
  return { dir, path, prompt, text, mb: Buffer.byteLength(text) / MB };
}

function fixtures() {
  const lines = recorded();
  const normal = team('normal', (session) => {
    // The lead's own: the session's id, no teammate's name.
    const own = lines.map((line) => {
      const record = JSON.parse(line);
      for (const key of ['teamName', 'agentName', 'agentId']) delete record[key];
      return JSON.stringify({ ...record, sessionId: session, isSidechain: false });
    });
    const chunk = [];
    for (let bytes = 0, n = 0; bytes < 15 * MB; n++) {
      chunk.push(`${own[n % own.length]}\n`);
      bytes += chunk.at(-1).length;
    }
    return `${chunk.join('')}${response(session, '')}`;
  });
  const huge = (blocks) => team(`line-${blocks}`, (session) => response(session, '{},'.repeat(blocks)));
  return [
    { name: 'normal', label: `a normal transcript of ${fmt(normal.mb, 0)} MB`, ...normal },
    { name: 'line15', label: 'one line of 15 MB, 5 million blocks', ...huge(5_000_000) },
    ...(QUICK ? [] : [{ name: 'line60', label: 'one line of 60 MB, 20 million blocks', ...huge(20_000_000) }]),
  ];
}

/** The peak RSS of a Node process, said on stderr as it exits. */
const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\npeak-rss-kb='+process.resourceUsage().maxRSS+'\\n'))`;

function json(fixture) {
  const t0 = performance.now();
  const run = spawnSync(NODE, ['--import', PEAK, ...cliArgs('--json', '--dir', fixture.dir, '--no-journal', ...NOW)], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - t0;
  if (run.status !== 0 || !run.stdout.includes(MARKER)) throw new Error(`--json on ${fixture.label}: ${run.status} ${run.stderr}`);
  return { ms, peakMb: Number(/peak-rss-kb=(\d+)/u.exec(run.stderr)[1]) / 1024 };
}

/**
 * The dashboard on the team with only a prompt in its lead's transcript; once
 * settled, the fixture's text appended at once. Until the call at its end is
 * shown, a key again and again, each answered by a frame: the slowest.
 */
async function dashboard(fixture) {
  writeFileSync(fixture.path, fixture.prompt);
  const term = await startTeamtop(fixture.dir, ['--no-journal', ...NOW]);
  await term.waitFor('team-lead', 60_000);
  // As in the other phases, keys come once the dashboard has settled.
  await sleep(1000);
  let done = false;
  const shown = term.waitFor(MARKER, 300_000).then((at) => ((done = true), at));
  const t0 = performance.now();
  appendFileSync(fixture.path, fixture.text);
  let slowest = 0;
  let keys = 0;
  for (; !done; keys++) {
    const frame = term.waitFor(FRAME_END, 300_000);
    const asked = performance.now();
    term.press('?');
    slowest = Math.max(slowest, (await frame) - asked);
  }
  const readMs = (await shown) - t0;
  const { peakMb } = term.memory();
  await term.quit();
  writeFileSync(fixture.path, fixture.text);
  return { readMs, slowest, keys, peakMb };
}

async function runOnce() {
  const result = {};
  for (const fixture of fixtures()) {
    log(`  huge record: ${fixture.label}`);
    result[fixture.name] = { label: fixture.label, json: json(fixture), dashboard: await dashboard(fixture) };
  }
  return result;
}

export const hugeRecordPhase = {
  label: 'a huge transcript record: 15 and 60 MB lines, against a normal transcript',
  run: runOnce,
  summary: (runs) =>
    Object.fromEntries(
      Object.keys(runs[0]).map((name) => [
        name,
        {
          label: runs[0][name].label,
          jsonMs: across(runs, (r) => r[name].json.ms),
          jsonPeakMb: across(runs, (r) => r[name].json.peakMb),
          readMs: across(runs, (r) => r[name].dashboard.readMs),
          slowestKeyMs: across(runs, (r) => r[name].dashboard.slowest),
          peakMb: across(runs, (r) => r[name].dashboard.peakMb),
        },
      ]),
    ),
  rows: (t) => {
    const base = t.normal;
    const versus = (figure, digits = 0) => `${base.label}: ${spread(base[figure], digits)}`;
    return ['line15', 'line60']
      .filter((name) => t[name])
      .flatMap((name) => {
        const h = t[name];
        return [
          [`huge record, ${h.label}: --json (ms)`, spread(h.jsonMs, 0), versus('jsonMs'), '≤ the normal one'],
          // The line itself is held whole until its end arrives (64 MB at most), and read once flattened.
          [`  … --json peak RSS (MB)`, spread(h.jsonPeakMb, 0), versus('jsonPeakMb'), '≤ the normal one + 2× the line'],
          [`  … dashboard: appended, until the call is shown (ms)`, spread(h.readMs, 0), versus('readMs'), ''],
          [`  … slowest answer to a key while it is read (ms)`, spread(h.slowestKeyMs, 0), versus('slowestKeyMs'), '≤ 500'],
          [`  … dashboard peak RSS (MB)`, spread(h.peakMb, 0), versus('peakMb'), '≤ the normal one + 2× the line'],
        ];
      });
  },
};
