/** Checking a team file (spec.ts says why so strictly): a spec, or every problem with it. */
import { checkReferences, Report } from './cross-checks.js';
import { schemaProblems } from './schema-problems.js';
import { MAX_PROBLEMS, WorkflowSpecSchema, type SpecProblem, type SpecResult } from './spec.js';
import { field, isRecord } from './spec-reading.js';
import { clip } from './spec-wording.js';

function capped(problems: readonly SpecProblem[]): SpecProblem[] {
  if (problems.length <= MAX_PROBLEMS) return [...problems];
  const more = problems.length - (MAX_PROBLEMS - 1);
  return [...problems.slice(0, MAX_PROBLEMS - 1), { path: '$', message: `and ${more} more problems` }];
}

/** The most list entries a team file may hold: zod gathers issues with `push(...issues)`, which overflows the stack past ~100,000. */
export const MAX_ENTRIES = 5000;

/** Entries in the lists a team file has (agents, steps, dependencies, ports, channels…). */
function entriesOf(root: unknown): number {
  const length = (value: unknown): number => (Array.isArray(value) ? value.length : 0);
  const collaboration = field(root, 'collaboration');
  let count = length(field(root, 'agents')) + length(field(collaboration, 'specialists'));
  const channels = field(collaboration, 'channels');
  if (Array.isArray(channels)) for (const channel of channels as unknown[]) count += 1 + length(field(channel, 'participants'));
  const steps = field(field(root, 'workflow'), 'steps');
  if (Array.isArray(steps)) {
    for (const step of steps as unknown[])
      count += 1 + length(field(step, 'depends_on')) + length(field(step, 'inputs')) + length(field(step, 'outputs'));
  }
  return count;
}

const failure = (message: string): SpecResult => ({ ok: false, problems: [{ path: '$', message }], warnings: [] });

/** Any JSON value: a spec, or every problem with it. */
export function checkSpec(value: unknown): SpecResult {
  const entries = entriesOf(value);
  if (entries > MAX_ENTRIES) return failure(`too big to check: ${entries} list entries (the most a team file may hold is ${MAX_ENTRIES})`);
  let parsed: ReturnType<typeof WorkflowSpecSchema.safeParse>;
  try {
    parsed = WorkflowSpecSchema.safeParse(value, { reportInput: true });
  } catch (error) {
    // Not seen within the bound above; a result all the same if it ever is.
    return failure(`too big to check (${(error as Error).message})`);
  }
  const report = new Report();
  if (!parsed.success) for (const problem of schemaProblems(parsed.error.issues)) report.problems.push(problem);
  if (isRecord(value)) checkReferences(value, report);
  const warnings = capped(report.warnings);
  if (parsed.success && report.problems.length === 0) return { ok: true, spec: parsed.data, warnings };
  return { ok: false, problems: capped(report.problems), warnings };
}

/** Where a parser's `at position N` is, as a line and a column (1-based). */
function locate(text: string, message: string): { where: string; message: string } {
  const match = /\s*(?:in JSON )?at position (\d+)(?: \(line \d+ column \d+\))?/u.exec(message);
  if (!match) return { where: '', message };
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return { where: ` at line ${line}, column ${column}`, message: message.replace(match[0], '') };
}

/** A team file's text: a spec, or every problem with it. */
export function parseSpec(text: string): SpecResult {
  // An editor's byte-order mark is not a reason to reject a file.
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const { where, message } = locate(json, (error as Error).message);
    return failure(`not valid JSON${where}: ${clip(message, 200)}`);
  }
  return checkSpec(value);
}
