import type { WorkflowSpec } from '../domain/workflow/spec.js';
import { writeInertJson } from '../domain/inert-json.js';
import { snapshot } from '../store/snapshot.js';
import { settledSession, type JournalOptions } from './session.js';

export interface JsonOptions {
  readonly claudeDir: string;
  readonly team: string | undefined;
  readonly now: number;
  readonly stallAfterMs: number;
  readonly quietAfterMs: number;
  readonly spec: WorkflowSpec | undefined;
  readonly journal: JournalOptions | undefined;
}

export async function runJson({ claudeDir, team, now, stallAfterMs, quietAfterMs, spec, journal }: JsonOptions): Promise<number> {
  const { store } = await settledSession(claudeDir, journal);
  const document = snapshot(store.getState(), { claudeDir, team, now, stallAfterMs, quietAfterMs, spec });
  if (team !== undefined && document.teams.length === 0) {
    process.stderr.write(`teamtop: no team named "${team}" in ${claudeDir}\n`);
    return 1;
  }
  writeInertJson(document, (text) => process.stdout.write(text));
  return 0;
}
