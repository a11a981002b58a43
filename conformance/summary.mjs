// A run in words (summary.txt next to its recording): what was written, when,
// how long each message stayed in its inbox, and what teamtop made of it.
import { readEvents } from './recording.mjs';

const seconds = (ms, from) => (ms === undefined ? '-' : ((ms - from) / 1000).toFixed(3));

export function describeRun({ scenario, mode, version, promptAt, paths, recorded, match, drawnAfter, teamtop, row }) {
  const lines = [
    `# ${scenario.name}, teammates ${mode}, Claude Code ${version}`,
    scenario.summary,
    `prompt sent ${new Date(promptAt).toISOString()}; the run ${row.outcome === 'done' ? 'finished' : row.outcome === 'timeout' ? 'timed out' : 'ended early'}`,
    `teamtop: ${row.written} messages written, ${row.kept} kept (--json, history restored from its journal), ${row.drawn} drawn live`,
    `  members ${row.members.kept} of ${row.members.seen} kept${row.members.lost.length > 0 ? ` (lost: ${row.members.lost.join(', ')})` : ''}`,
    `  tasks ${row.tasks.kept} of ${row.tasks.seen} kept with their last status${row.tasks.lost.length > 0 ? ` (lost: ${row.tasks.lost.join(', ')})` : ''}`,
    `  write → frame p50 ${row.latency.median?.toFixed(1)} ms, p95 ${row.latency.p95?.toFixed(1)} ms; the bare watcher beside it: ${row.baseline.median?.toFixed(1)} / ${row.baseline.p95?.toFixed(1)} ms`,
    '',
    '## files: versions seen (create, modify, delete), temp files and lock folders apart',
  ];
  const events = readEvents(paths.snap);
  const perPath = new Map();
  let temps = 0;
  const locks = new Map();
  for (const event of events) {
    if (event.kind.startsWith('dir-')) {
      if (event.path.endsWith('.lock')) locks.set(event.kind, (locks.get(event.kind) ?? 0) + 1);
      continue;
    }
    if (/\.tmp\.[0-9a-f]+$/u.test(event.path)) {
      temps++;
      continue;
    }
    const counts = perPath.get(event.path) ?? { create: 0, modify: 0, delete: 0 };
    counts[event.kind]++;
    perPath.set(event.path, counts);
  }
  for (const [path, c] of perPath) lines.push(`  ${path.padEnd(72)} ${c.create} ${c.modify} ${c.delete}`);
  lines.push(
    `  (and ${temps} temp-file versions; lock folders made ${locks.get('dir-create') ?? 0}, removed ${locks.get('dir-delete') ?? 0})`,
    '',
  );
  lines.push("## messages (seconds after the prompt; written = first seen in its inbox; drawn = ms from then to teamtop's frame)");
  lines.push(`  ${'msg_id'.padEnd(36)} ${'to'.padEnd(10)} ${'from'.padEnd(10)} ${'kind'.padEnd(24)} written  removed  dwell    kept drawn`);
  recorded.forEach((message, i) => {
    const dwell = message.removed === undefined ? '-' : ((message.removed - message.written) / 1000).toFixed(3);
    lines.push(
      `  ${message.id.padEnd(36)} ${message.to.padEnd(10)} ${String(message.from).padEnd(10)} ${message.kind.padEnd(24)} ${seconds(message.written, promptAt).padStart(7)} ${seconds(message.removed, promptAt).padStart(8)} ${dwell.padStart(6)}   ${match[i] ? 'yes ' : 'LOST'} ${drawnAfter[i] === undefined ? 'never' : drawnAfter[i].toFixed(1)}`,
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
