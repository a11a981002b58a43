// A run in words (summary.txt next to its recording): what was written, when,
// how long each message stayed in its inbox, and what teamtop made of it.
const seconds = (ms) => (ms === null ? '-' : (ms / 1000).toFixed(3));

/**
 * `promptAt` (wall clock, ms) and `promptMono` (monoMs()): when the prompt was
 * sent; a recording of recorder.mjs keeps its times on the second.
 */
export function describeRun({ scenario, mode, version, promptAt, promptMono, recording, run, match, drawnAfter, teamtop, row }) {
  const lines = [
    `# ${scenario.name}, teammates ${mode}, Claude Code ${version}`,
    scenario.summary,
    `prompt sent ${new Date(promptAt).toISOString()}; the run ${row.outcome === 'done' ? 'finished' : row.outcome === 'timeout' ? 'timed out' : 'ended early'}`,
    `teamtop: ${row.written} messages written, ${row.kept} kept (--json, history restored from its journal), ${row.drawn} drawn live`,
    `  members ${row.members.kept} of ${row.members.seen} kept${row.members.lost.length > 0 ? ` (lost: ${row.members.lost.join(', ')})` : ''}`,
    `  tasks ${row.tasks.kept} of ${row.tasks.seen} kept with their last status${row.tasks.lost.length > 0 ? ` (lost: ${row.tasks.lost.join(', ')})` : ''}`,
    `  write → frame p50 ${row.latency.median?.toFixed(1)} ms, p95 ${row.latency.p95?.toFixed(1)} ms; the bare watcher beside it: ${row.baseline.median?.toFixed(1)} / ${row.baseline.p95?.toFixed(1)} ms`,
    '',
    '## files: versions seen (create, modify, delete; a transcript: appends), temp files and lock folders apart',
  ];
  const perPath = new Map();
  let temps = 0;
  const locks = new Map();
  for (const event of recording.events) {
    if (event.kind.startsWith('dir-')) {
      if (event.path.endsWith('.lock')) locks.set(event.kind, (locks.get(event.kind) ?? 0) + 1);
      continue;
    }
    if (/\.tmp\.[0-9a-f]+$/u.test(event.path)) {
      temps++;
      continue;
    }
    const counts = perPath.get(event.path) ?? { create: 0, modify: 0, delete: 0, append: 0 };
    counts[event.kind]++;
    perPath.set(event.path, counts);
  }
  for (const [path, c] of perPath)
    lines.push(`  ${path.padEnd(72)} ${c.create} ${c.modify} ${c.delete}${c.append > 0 ? `; ${c.append} appends` : ''}`);
  lines.push(
    `  (and ${temps} temp-file versions; lock folders made ${locks.get('dir-create') ?? 0}, removed ${locks.get('dir-delete') ?? 0})`,
    '',
  );
  lines.push("## messages (seconds after the prompt; written = first seen in its inbox; drawn = ms from then to teamtop's frame)");
  lines.push(`  ${'msg_id'.padEnd(36)} ${'to'.padEnd(10)} ${'from'.padEnd(10)} ${'kind'.padEnd(24)} written  removed  dwell    kept drawn`);
  const sincePrompt = (at) => (at === null ? null : recording.startedAt + at - promptMono);
  run.messages.forEach((message, i) => {
    const dwell = message.removedAt === null ? '-' : ((message.removedAt - message.writtenAt) / 1000).toFixed(3);
    lines.push(
      `  ${message.msgId.padEnd(36)} ${message.to.padEnd(10)} ${message.from.padEnd(10)} ${message.kind.padEnd(24)} ${seconds(sincePrompt(message.writtenAt)).padStart(7)} ${seconds(sincePrompt(message.removedAt)).padStart(8)} ${dwell.padStart(6)}   ${match[i] ? 'yes ' : 'LOST'} ${drawnAfter[i] === undefined ? 'never' : drawnAfter[i].toFixed(1)}`,
    );
  });
  lines.push('', '## teamtop --json after the run: teams, members, tasks');
  for (const team of teamtop.teams) {
    lines.push(`  ${team.name}${team.ended ? ' (ended)' : ''}: ${team.messages.length} messages`);
    lines.push(`    members: ${team.members.map((m) => `${m.name}${m.departed ? ' (departed)' : ''} ${m.status}`).join(', ')}`);
    lines.push(`    tasks: ${team.tasks.map((t) => `#${t.id} ${t.state}${t.owner ? ` @${t.owner}` : ''}`).join(', ') || '-'}`);
    for (const handshake of team.handshakes) lines.push(`    ${handshake.kind} ${handshake.from} → ${handshake.to}: ${handshake.state}`);
  }
  for (const problem of teamtop.problems) lines.push(`  problem: ${problem.path}: ${problem.message}`);
  return `${lines.join('\n')}\n`;
}
