// teamtop judged against a recorded run of the real client: which of the
// messages, members and tasks the client wrote teamtop kept, and how long each
// message took from its write to the screen. The conformance runner and the
// benchmark's replay both ask.
import { stats } from './stats.mjs';

const identity = (to, from, timestamp, kind) => `${to}|${from}|${Date.parse(timestamp)}|${kind}`;

/**
 * Pairs each recorded message with teamtop's (`--json`) message for it: the
 * same inbox, sender, time and kind (teamtop's JSON has no message ids).
 * `match[i]` is teamtop's message for `messages[i]`, or undefined: lost.
 */
function matchMessages(messages, teamtopMessages) {
  const pool = new Map();
  for (const message of teamtopMessages) {
    const key = identity(message.to, message.from, message.timestamp, message.kind);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(message);
  }
  return messages.map((message) => pool.get(identity(message.to, message.from, message.timestamp, message.kind))?.shift());
}

/**
 * What teamtop made of a recorded run: which messages it kept (in `teamtop`,
 * its `--json`), and how long after `writtenAt(message)` each reached the
 * screen (`firstDrawn(messages)`: when each of teamtop's messages was first
 * drawn, on the same clock); which members it kept, and which tasks, with the
 * status of their last version.
 */
export function verdict(run, teamtop, firstDrawn, writtenAt = (message) => message.seenAt) {
  const team = teamtop.teams.find((candidate) => candidate.name === run.team);
  const match = matchMessages(run.messages, team?.messages ?? []);
  const times = firstDrawn(match.filter(Boolean));
  let next = 0;
  /** ms from the write to the frame that showed it; undefined: never drawn. */
  const drawn = run.messages.map((message, i) => {
    const at = match[i] ? times[next++] : undefined;
    return at === undefined ? undefined : at - writtenAt(message);
  });
  const latencies = drawn.filter((ms) => ms !== undefined);
  const members = { seen: run.members.size, kept: 0, lost: [] };
  for (const member of run.members) {
    if (team?.members.some((kept) => kept.name === member)) members.kept++;
    else members.lost.push(member);
  }
  const tasks = { seen: run.tasks.size, kept: 0, lost: [] };
  for (const [id, { data }] of run.tasks) {
    const kept = team?.tasks.find((candidate) => candidate.id === id);
    if (kept?.status === data.status) tasks.kept++;
    else tasks.lost.push(`#${id} ${data.status}${kept ? ` (teamtop: ${kept.status})` : ''}`);
  }
  return {
    written: run.messages.length,
    kept: next,
    drawn: latencies.length,
    latency: stats(latencies),
    match,
    drawnAfter: drawn,
    members,
    tasks,
  };
}
