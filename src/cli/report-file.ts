/** The HTML report, to stdout (`-`) or to a file opened as out-file.ts opens every output. */
import { writeAll } from '../io/journal/disk.js';
import { sanitizeLine } from '../core/text/sanitize.js';
import { reportHtml } from '../core/report/html.js';
import type { RunReport } from '../core/report/model.js';
import { cannotWrite, openOutput, type Output } from './out-file.js';
import { version } from './version.js';

/** Readable by anyone the user shares it with: a report holds no tool input, result or transcript text (docs/report.md). */
const REPORT_MODE = 0o644;

export function writeReportFile(report: RunReport, out: string, force: boolean): number {
  const page = reportHtml(report, `teamtop ${version}`);
  if (out === '-') {
    process.stdout.write(page);
    return 0;
  }
  let output: Output;
  try {
    output = openOutput(out, { force, mode: REPORT_MODE });
  } catch (error) {
    return cannotWrite(out, error);
  }
  try {
    writeAll(output.fd, Buffer.from(page));
    output.commit();
  } catch (error) {
    output.abandon();
    return cannotWrite(out, error);
  }
  const replaced = output.replaces ? ' (the file that was there is replaced)' : '';
  process.stderr.write(`teamtop: wrote the report of "${sanitizeLine(report.team)}" to ${sanitizeLine(out)}${replaced}\n`);
  return 0;
}
