/**
 * What is served beyond loopback holds facts, never a tool's input (what a call runs, the file it reads) nor
 * an agent's log tail, unless `--show-inputs`; the tool's name stays. Where inputs stand: docs/serve.md.
 */
import { TRANSCRIPT_KINDS } from '../../core/judge/index.js';

const INPUT_KEYS: ReadonlySet<string> = new Set(['input', 'tool_input', 'toolInput', 'updatedInput', 'updated_input']);

export const HIDDEN = 'not shown beyond loopback (teamtop serve --show-inputs shows it)';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A diagnosis of a kind read from transcripts says what kind, of whom, and no more. */
export const hidesInputs = (kind: string): boolean => TRANSCRIPT_KINDS.has(kind);

/** A protocol message's data without any input, at any depth (bounded: data is parsed from a file). */
function dataWithout(value: unknown, depth = 0): unknown {
  if (depth > 32) return null;
  if (Array.isArray(value)) return value.map((item) => dataWithout(item, depth + 1));
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) kept[key] = INPUT_KEYS.has(key) ? HIDDEN : dataWithout(field, depth + 1);
  return kept;
}

/** A message as `--json` gives it (messageJson), without inputs. */
export const messageWithoutInputs = <T extends { data: unknown }>(message: T): T => ({ ...message, data: dataWithout(message.data) });

/** A member's activity as `--json` gives it (activityJson), without its call's input. */
export const activityWithoutInputs = <T extends { detail: string | null }>(activity: T): T => ({ ...activity, detail: null });

/** A diagnosis (or incident) as `--json` gives it, its words hidden when they may quote an input. */
export const diagnosisWithoutInputs = <T extends { kind: string; summary: string; action: string }>(diagnosis: T): T =>
  hidesInputs(diagnosis.kind) ? { ...diagnosis, summary: `${diagnosis.kind}: ${HIDDEN}`, action: HIDDEN } : diagnosis;

interface MemberJson {
  readonly activity: { detail: string | null };
  readonly agent: { log: { tail: readonly string[] } | null } | null;
}

interface TeamJson {
  readonly members: readonly MemberJson[];
  readonly messages: readonly { data: unknown }[];
  readonly diagnoses: readonly { kind: string; summary: string; action: string }[];
  readonly incidents: readonly { kind: string; summary: string; action: string }[];
}

/** The `--json` document (snapshot) without inputs. */
export function snapshotWithoutInputs<T extends { teams: readonly TeamJson[] }>(document: T): T {
  return {
    ...document,
    teams: document.teams.map((team) => ({
      ...team,
      members: team.members.map((member) => ({
        ...member,
        activity: activityWithoutInputs(member.activity),
        agent: member.agent && { ...member.agent, log: member.agent.log && { ...member.agent.log, tail: [] } },
      })),
      messages: team.messages.map(messageWithoutInputs),
      diagnoses: team.diagnoses.map(diagnosisWithoutInputs),
      incidents: team.incidents.map(diagnosisWithoutInputs),
    })),
  };
}

/** A `--follow` event (as run-follow's eventJson gives it) without inputs. */
export function eventWithoutInputs(event: Record<string, unknown>): Record<string, unknown> {
  const out = { ...event };
  if (isRecord(out['message'])) out['message'] = messageWithoutInputs(out['message'] as { data: unknown });
  if (isRecord(out['activity'])) out['activity'] = activityWithoutInputs(out['activity'] as { detail: string | null });
  if (isRecord(out['diagnosis']))
    out['diagnosis'] = diagnosisWithoutInputs(out['diagnosis'] as { kind: string; summary: string; action: string });
  return out;
}
