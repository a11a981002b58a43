// What each member did, as teamtop read it from the sessions' transcripts,
// against what the fake API gave it (its ledger, fake-api.mjs): the tokens of
// every response, every tool call, and whether teamtop named each tool while it
// ran (issue 23, against the real client).
//
// - Tokens: teamtop's `Member.usage` (`--json` of the tree as it was just
//   before the client exited) must sum the usage of the responses the fake API
//   gave that member, each once. Only responses the client wrote to a
//   transcript count: one sent as the client is stopped never reaches its
//   file, and teamtop cannot know of it (they are counted apart).
// - Tool calls: `toolCalls` must be the number of tool uses in those responses.
// - Live: `teamtop --follow --json` runs beside the client; its `activity`
//   events say what each member does from the moment each arrives. A call
//   is named while it ran when, at some instant between the response that
//   asked for it and the request that brought its result back, the member's
//   activity was that tool. teamtop reads a transcript's appends in 500 ms
//   batches (src/io/watch/transcripts/reader.ts), so a call that ends within a
//   batch is never seen running: by design, as `htop` does not show what
//   lasted less than a refresh. Every call that ran LONG_MS or more must be
//   named; the shorter ones are counted, not required.
// - On screen: a scenario's `liveLines` must show on a live dashboard while a
//   tool call runs (`▶ Bash sleep 3`).
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliArgs, NODE } from '../harness/pty.mjs';
import { monoMs } from '../harness/stats.mjs';

/** A call that ran this long must have been named live. */
export const LONG_MS = 2000;

/**
 * Whether a subagent's responses (the ledger's `subagentOf`) are held to its
 * member's tokens: teamtop counts a member's own subagents toward it (issue
 * 35). Their tool calls stay the subagent's own (a member's `toolCalls`
 * counts its own calls; `usage.subagents.toolCalls` theirs).
 */
export const SUBAGENTS_COUNTED = true;

/** `teamtop --follow --json` on `dir`: every event it printed, with when it arrived (monoMs). */
export async function follow(dir) {
  const child = spawn(NODE, cliArgs('--follow', '--json', '--dir', dir, '--no-journal'), { stdio: ['ignore', 'pipe', 'inherit'] });
  const events = [];
  let rest = '';
  child.stdout.setEncoding('utf8');
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`teamtop --follow --json exited (${code}) before it was ready`)));
    child.stdout.on('data', (chunk) => {
      const at = monoMs();
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        const event = JSON.parse(line);
        if (event.event === 'ready') resolve();
        events.push({ ...event, receivedAt: at });
      }
    });
  });
  return { process: child, events };
}

/**
 * The fake API's ledger: its responses, the HTTP errors it answered instead,
 * and when each tool call's result came back (tool use id → monoMs).
 */
export function readLedger(logDir) {
  const responses = [];
  const errors = [];
  const results = new Map();
  const file = join(logDir, 'ledger.jsonl');
  if (!existsSync(file)) return { responses, errors, results };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line);
    if (entry.result !== undefined) results.set(entry.result, entry.at);
    else if (entry.error !== undefined) errors.push(entry);
    else responses.push(entry);
  }
  return { responses, errors, results };
}

function* transcripts(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (lstatSync(path).isDirectory()) yield* transcripts(path);
    else if (name.endsWith('.jsonl')) yield path;
  }
}

/** The response ids the client wrote to a transcript under `claudeDir`: the client's own account, not teamtop's. */
export function writtenResponses(claudeDir) {
  const ids = new Set();
  for (const path of transcripts(join(claudeDir, 'projects'))) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.includes('"assistant"')) continue;
      try {
        const record = JSON.parse(line);
        if (record.type === 'assistant' && typeof record.message?.id === 'string') ids.add(record.message.id);
      } catch {
        // A line cut short as the tree was copied.
      }
    }
  }
  return ids;
}

/** Per member, from the events of `teamtop --follow --json`: what it was doing from when (monoMs), in order. */
function activitySpans(events) {
  const spans = new Map();
  for (const event of events) {
    if (event.event !== 'activity') continue;
    if (!spans.has(event.member)) spans.set(event.member, []);
    spans.get(event.member).push({ from: event.receivedAt, state: event.activity.state, tool: event.activity.tool });
  }
  return spans;
}

/** What names a call: running, or waiting for a person to allow it. */
const NAMING = new Set(['tool', 'waiting-permission']);

/** Whether the member's activity named `tool` at some instant in [start, end]. */
function namedWhileRunning(spans = [], tool, start, end) {
  return spans.some((span, i) => {
    const until = spans[i + 1]?.from ?? Number.POSITIVE_INFINITY;
    return NAMING.has(span.state) && span.tool === tool && span.from <= end && until >= start;
  });
}

const sum = (responses, field) => responses.reduce((total, response) => total + response.usage[field], 0);
const FIELDS = [
  ['input', 'inputTokens'],
  ['output', 'outputTokens'],
  ['cacheRead', 'cacheReadTokens'],
  ['cacheCreation', 'cacheCreationTokens'],
];

/**
 * teamtop's account of each member against the fake API's: `teamtop` is the
 * `--json` of the tree before exit, `written` the response ids on disk in it,
 * `events` those of the follower, `screens` when each of the scenario's live
 * lines first showed (monoMs, or undefined). Returns the figures for the
 * table and every disagreement, in words.
 */
export function checkWork({ ledger, written, teamtop, events, screens = [] }) {
  const failures = [];
  const team = teamtop.teams.find((candidate) => !candidate.ended) ?? teamtop.teams[0];
  const spans = activitySpans(events);
  const figures = {
    members: 0,
    responses: 0,
    unwritten: 0,
    tokens: 0,
    tools: 0,
    named: 0,
    long: 0,
    longNamed: 0,
    sideCalls: 0,
    subagentResponses: 0,
  };
  const byMember = new Map();
  for (const response of ledger.responses) {
    if (response.subagentOf !== undefined) {
      // A member's own subagent counts toward the member (its tokens in the
      // member's usage, and apart in `usage.subagents`: issue 35).
      figures.subagentResponses++;
      if (!SUBAGENTS_COUNTED) continue;
      const member = response.subagentOf;
      if (!byMember.has(member)) byMember.set(member, []);
      byMember.get(member).push({ ...response, tools: [] });
      continue;
    }
    if (response.who === null) {
      if (written.has(response.id)) figures.sideCalls++;
      continue;
    }
    if (!byMember.has(response.who)) byMember.set(response.who, []);
    byMember.get(response.who).push(response);
  }
  for (const [who, all] of byMember) {
    const member = team?.members.find((candidate) => (who === 'lead' ? candidate.isLead : candidate.name === who));
    if (!member) {
      failures.push(`${who}: the fake API answered it, teamtop lists no such member`);
      continue;
    }
    const responses = all.filter((response) => written.has(response.id));
    figures.members++;
    figures.responses += responses.length;
    figures.unwritten += all.length - responses.length;
    const usage = member.usage;
    if (usage === null) {
      failures.push(`${member.name}: no usage (teamtop matched no transcript to it)`);
      continue;
    }
    for (const [field, key] of FIELDS) {
      const expected = sum(responses, field);
      figures.tokens += expected;
      if (usage[key] !== expected) failures.push(`${member.name}: ${key} ${usage[key]}, the fake API gave ${expected}`);
    }
    const calls = responses.flatMap((response) => response.tools.map((tool) => ({ ...tool, start: response.at })));
    figures.tools += calls.length;
    if (usage.toolCalls !== calls.length) failures.push(`${member.name}: toolCalls ${usage.toolCalls}, the script made ${calls.length}`);
    for (const call of calls) {
      // A call whose result never came back (a teammate's last, as it shut down) ran to the end.
      const end = ledger.results.get(call.id);
      const named = namedWhileRunning(spans.get(member.name), call.name, call.start, end ?? Number.POSITIVE_INFINITY);
      if (named) figures.named++;
      if (end === undefined || end - call.start < LONG_MS) continue;
      figures.long++;
      if (named) figures.longNamed++;
      else failures.push(`${member.name}: ${call.name} ran ${((end - call.start) / 1000).toFixed(1)} s and was never named live`);
    }
  }
  if (figures.sideCalls > 0) failures.push(`${figures.sideCalls} side calls (titles, summaries) were written to a transcript`);
  const running = (at) =>
    ledger.responses.some((response) =>
      response.tools.some((tool) => response.at <= at && at <= (ledger.results.get(tool.id) ?? Number.POSITIVE_INFINITY)),
    );
  const lines = screens.map(({ pattern, at }) => ({ pattern, at, during: at !== undefined && running(at) }));
  for (const line of lines) {
    if (line.at === undefined) failures.push(`the dashboard never showed ${line.pattern}`);
    else if (!line.during) failures.push(`the dashboard showed ${line.pattern} when no tool call was running`);
  }
  return { ...figures, lines, failures };
}
