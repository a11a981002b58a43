// Which Claude Code teamtop is verified against, and what a run of another
// version wrote that the verified one did not (schema.mjs).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDiff, diffSchemas, schemaOf } from './schema.mjs';

/**
 * The newest Claude Code version teamtop supports: `npm run conformance` and CI
 * run it unless told another. Its schema is verified/<version>.json; the
 * versions verified before it are in docs/verified.md.
 */
export const SUPPORTED = '2.1.332';

const VERIFIED = join(dirname(fileURLToPath(import.meta.url)), 'verified');

/** The committed schema of `version`, when it was verified. */
export function verifiedSchema(version) {
  const file = join(VERIFIED, `${version}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const union = (a = [], b = []) => [...new Set([...a, ...b])].sort();
const unionOf = (a = {}, b = {}) =>
  Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].sort().map((key) => [key, union(a[key], b[key])]));

/** `a` and `b` together: what either saw (several runs of one version). */
export function mergeSchemas(a, b) {
  return {
    files: unionOf(a.files, b.files),
    messageTypes: unionOf(a.messageTypes, b.messageTypes),
    lifecycle: union(a.lifecycle, b.lifecycle),
  };
}

/**
 * What `recordings` of Claude Code `version` wrote, against the schema of the
 * supported version, in words for a person to review. `save` adds what they
 * saw to `version`'s own verified schema (how a version gets verified).
 */
export function reviewSchema({ version, recordings, save }) {
  const seen = schemaOf(recordings);
  // Compared with what was verified before these runs add to it.
  const verified = verifiedSchema(SUPPORTED);
  let saved = '';
  if (save) {
    const schema = mergeSchemas(verifiedSchema(version) ?? { files: {}, messageTypes: {}, lifecycle: [] }, seen);
    mkdirSync(VERIFIED, { recursive: true });
    writeFileSync(join(VERIFIED, `${version}.json`), `${JSON.stringify({ version, ...schema }, null, 2)}\n`);
    saved = `what these runs saw is added to conformance/verified/${version}.json\n`;
  }
  if (!verified) return `${saved}no schema of ${SUPPORTED} (conformance/verified/) to compare with\n`;
  return saved + describeDiff(diffSchemas(verified, seen), { verifiedVersion: SUPPORTED, version });
}
