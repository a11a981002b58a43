/**
 * Writing the HTML report: to stdout for `-`, else to a file made next to the
 * one named and renamed over it, so a link named as the output is replaced,
 * not followed, and a reader never sees half a page. Readable only by its
 * owner, as the journal is: it quotes the team's messages.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sanitizeLine } from '../core/text/sanitize.js';
import { reportHtml } from '../core/report/html.js';
import type { RunReport } from '../core/report/model.js';
import { cannotWrite } from './run-export.js';
import { version } from './version.js';

export function writeReportFile(report: RunReport, out: string): number {
  const page = reportHtml(report, `teamtop ${version}`);
  if (out === '-') {
    process.stdout.write(page);
    return 0;
  }
  const temp = join(dirname(out), `.${basename(out)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, page, { mode: 0o600, flag: 'wx' });
    renameSync(temp, out);
  } catch (error) {
    rmSync(temp, { force: true });
    return cannotWrite(out, error);
  }
  process.stderr.write(`teamtop: wrote the report of "${sanitizeLine(report.team)}" to ${sanitizeLine(out)}\n`);
  return 0;
}
