import type { Thresholds } from '../core/model/settings.js';
import type { WorkflowSpec } from '../core/workflow/spec.js';
import { inertJsonPieces } from '../core/text/inert-json.js';
import { snapshot } from '../core/snapshot.js';
import { selectTeams } from '../core/select/teams.js';
import { settledSession, type JournalOptions } from './session.js';
import { unknownTeam } from './usage.js';
import { optimising } from './v8-flags.js';

export interface JsonOptions {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  readonly dirChosenBy?: string;
  readonly team: string | undefined;
  readonly now: number;
  readonly spec: WorkflowSpec | undefined;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
}

export async function runJson({ claudeDir, dirChosenBy, team, now, thresholds, spec, journal, transcripts }: JsonOptions): Promise<number> {
  const { store } = await settledSession(claudeDir, journal, dirChosenBy, { transcripts, thresholds, now });
  const teams = selectTeams(store.getState().teams).map((known) => known.name);
  if (team !== undefined && !teams.includes(team)) return unknownTeam(team, store.getState(), teams, claudeDir);
  // Done once, in bulk: the document of a long run's history is megabytes.
  await optimising(() => printJson(snapshot(store.getState(), { claudeDir, team, now, thresholds, spec })));
  return 0;
}

/** A JSON document on stdout a piece at a time, waiting for a pipe's reader to take each piece rather than queueing it all. */
export async function printJson(value: unknown, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  for (const piece of inertJsonPieces(value)) {
    if (!out.write(piece)) await new Promise((resolve) => out.once('drain', resolve));
  }
}
