/** `teamtop report --json` (docs/report.md): times as ISO or null, durations in seconds; its shape only ever gains fields. */
import { incidentJson, isoOrNull } from '../snapshot.js';
import { timeIn } from './activity.js';
import { durationOf, type RunReport } from './model.js';

/** ms as seconds, to the ms; null when unknown. */
const seconds = (ms: number | null): number | null => (ms === null || !Number.isFinite(ms) ? null : Math.round(ms) / 1000);

export function reportJson(report: RunReport) {
  return {
    team: report.team,
    description: report.description,
    at: isoOrNull(report.at),
    startedAt: isoOrNull(report.startedAt),
    endedAt: isoOrNull(report.endedAt),
    until: isoOrNull(report.until),
    idleSince: report.idle ? isoOrNull(report.idle.since) : null,
    durationSeconds: seconds(durationOf(report)),
    usage: report.usage,
    members: report.members.map((member) => ({
      name: member.name,
      isLead: member.isLead,
      agentType: member.agentType,
      model: member.model,
      color: member.color,
      backendType: member.backendType,
      status: member.status,
      stays: member.stays.map((stay) => ({ joinedAt: isoOrNull(stay.joinedAt), leftAt: isoOrNull(stay.leftAt) })),
      activity: member.activity.map((span) => ({ state: span.state, from: isoOrNull(span.from), to: isoOrNull(span.to) })),
      workingSeconds: seconds(timeIn(member.activity, 'working')),
      idleSeconds: seconds(timeIn(member.activity, 'idle')),
      sent: member.sent,
      received: member.received,
      usage: member.usage,
    })),
    messages: report.messages.map((message) => ({
      id: message.ref,
      at: isoOrNull(message.at),
      from: message.from,
      to: message.to,
      kind: message.kind,
      protocol: message.protocol,
      text: message.text,
      takenAt: isoOrNull(message.takenAt),
    })),
    pairs: report.pairs,
    handshakes: report.handshakes.map((handshake) => ({
      kind: handshake.kind,
      requestId: handshake.requestId,
      from: handshake.from,
      to: handshake.to,
      requestedAt: isoOrNull(handshake.requestedAt),
      answers: handshake.answers.map((answer) => ({ state: answer.state, at: isoOrNull(answer.at), from: answer.from })),
      waitedSeconds: seconds(handshake.waitedMs),
      state: handshake.state,
      fact: handshake.fact || null,
    })),
    tasks: report.tasks,
    incidents: report.incidents.map(incidentJson),
  };
}
