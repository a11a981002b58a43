/** `teamtop spec-check <file> [--json]`: exit 0 with a summary, or 1 with every problem; what the file says is sanitised when echoed. */
import { inertJson } from '../core/text/inert-json.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { readAt, readErrorMessage, withRegularFile } from '../io/read-file.js';
import { workflowTypeOf, type SpecProblem, type WorkflowSpec } from '../core/workflow/spec.js';
import { parseSpec } from '../core/workflow/check.js';

export interface SpecCheckOptions {
  readonly file: string;
  readonly json: boolean;
  readonly out?: (line: string) => void;
  readonly err?: (line: string) => void;
}

/** Far more than any team file; enough to stop a wrong path (a log, an image) being read whole. */
export const MAX_SPEC_BYTES = 8 * 1024 * 1024;

/** The longest name or version echoed in the summary. */
const SHOWN = 80;

type Read = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

function readSpecFile(path: string): Read {
  const result = withRegularFile(path, (fd, stats): Read => {
    if (stats.size > MAX_SPEC_BYTES)
      return { ok: false, message: `is ${(stats.size / (1024 * 1024)).toFixed(0)} MB: too big for a team file (the limit is 8 MB)` };
    // One byte more than the limit: a file that grew since fstat is caught too.
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_SPEC_BYTES) + 1);
    const length = readAt(fd, buffer, 0, buffer.length);
    if (length > MAX_SPEC_BYTES) return { ok: false, message: 'is too big for a team file (the limit is 8 MB)' };
    return { ok: true, text: buffer.toString('utf8', 0, length) };
  });
  if ('ok' in result) return result;
  const missing = result.code === 'ENOENT' || result.code === 'ENOTDIR';
  return { ok: false, message: missing ? 'no such file' : readErrorMessage(result.code, result.error) };
}

const clip = (text: string): string => (text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text);
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

export function runSpecCheck({ file, json, out = console.log, err = console.error }: SpecCheckOptions): number {
  const shownFile = sanitizeLine(file);
  const read = readSpecFile(file);
  if (!read.ok) {
    if (json) out(inertJson({ ok: false, problems: [{ path: '$', message: read.message }], warnings: [] }, 2));
    else err(`${shownFile}: ${read.message}`);
    return 1;
  }

  const result = parseSpec(read.text);
  if (json) {
    out(inertJson({ ok: result.ok, problems: result.ok ? [] : result.problems, warnings: result.warnings }, 2));
    return result.ok ? 0 : 1;
  }

  const line = ({ path, message }: SpecProblem) => `${sanitizeLine(path)}: ${sanitizeLine(message)}`;
  if (!result.ok) {
    for (const problem of result.problems) err(`${shownFile}: ${line(problem)}`);
    for (const warning of result.warnings) err(`${shownFile}: warning: ${line(warning)}`);
    return 1;
  }
  const { spec } = result;
  const steps = spec.workflow?.steps?.length ?? 0;
  out(
    `✓ ${shownFile}: team ${sanitizeLine(clip(spec.name))} v${sanitizeLine(clip(spec.version))}, ` +
      `${plural(spec.agents.length, 'agent')}, ${workflowTypeOf(spec)} workflow with ${plural(steps, 'step')}`,
  );
  for (const warning of result.warnings) out(`warning: ${line(warning)}`);
  return 0;
}

/** The `--spec` file for the dashboard; undefined, every problem written to `err`, when it cannot be used. */
export function loadSpec(file: string, err: (line: string) => void = console.error): WorkflowSpec | undefined {
  const shownFile = sanitizeLine(file);
  const read = readSpecFile(file);
  if (!read.ok) {
    err(`teamtop: --spec ${shownFile}: ${read.message}`);
    return undefined;
  }
  const result = parseSpec(read.text);
  if (result.ok) return result.spec;
  err(`teamtop: --spec ${shownFile} is not a team file teamtop can follow:`);
  for (const { path, message } of result.problems) err(`  ${sanitizeLine(path)}: ${sanitizeLine(message)}`);
  err('(teamtop spec-check <file> checks a file on its own)');
  return undefined;
}
