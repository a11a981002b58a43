/** The members' transcripts of a 2.1.332 recording, decoded and matched as teamtop does. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptFact } from '../../src/core/model/transcript-facts.js';
import { TranscriptDecoder } from '../../src/core/decode/transcript/decoder.js';
import { parseConfig } from '../../src/core/decode/parse.js';
import { memberOf, teamRefOf, transcriptFileOf, type TeamRef } from '../../src/core/decode/transcript/member-of.js';
import { parseSubagentMeta } from '../../src/core/decode/transcript/records.js';
import { claudeDirOf, projectFiles, readProjectFile, type Mode } from './transcripts.js';

/** The team as its config said before the client exited. */
export function teamOf(mode: Mode): TeamRef {
  const teams = join(claudeDirOf(mode), 'teams');
  const [name] = readdirSync(teams);
  const config = parseConfig(readFileSync(join(teams, name!, 'config.json'), 'utf8'));
  if (!config.ok) throw new Error(config.message);
  return teamRefOf(name!, config.value, config.value.leadAgentId?.split('@')[0]);
}

export interface ReadTranscript {
  readonly path: string;
  readonly member: string | undefined;
  readonly facts: readonly TranscriptFact[];
  readonly decoder: TranscriptDecoder;
}

/** Every transcript of a recording, decoded in appends of `chunk` characters, with the member it belongs to. */
export function readTranscripts(mode: Mode, chunk = 4096): ReadTranscript[] {
  const team = teamOf(mode);
  const paths = projectFiles(mode);
  return paths
    .filter((path) => path.endsWith('.jsonl'))
    .map((path) => {
      const decoder = new TranscriptDecoder();
      const text = readProjectFile(mode, path);
      const facts: TranscriptFact[] = [];
      for (let at = 0; at < text.length; at += chunk) facts.push(...decoder.push(text.slice(at, at + chunk)));
      const file = transcriptFileOf(path)!;
      const metaPath = path.replace(/\.jsonl$/u, '.meta.json');
      const meta = paths.includes(metaPath) ? parseSubagentMeta(readProjectFile(mode, metaPath)) : undefined;
      return { path, member: memberOf(team, file, { meta, identity: decoder.identity }), facts, decoder };
    });
}

/** Each member's transcript. */
export const byMember = (mode: Mode): Map<string, ReadTranscript> =>
  new Map(readTranscripts(mode).flatMap((read) => (read.member === undefined ? [] : [[read.member, read] as const])));
