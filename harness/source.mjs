// teamtop's own TypeScript, for a script that must do exactly what it does
// (name a journal folder, decode a transcript) rather than keep a copy that
// drifts: the named exports bundled with esbuild into a module file.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'teamtop-source-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
let bundled = 0;

/**
 * A module file exporting `names` from the sources given as `{ path under the
 * repository: names }`: its path, to import here or in another process.
 */
export async function bundleSource(exports) {
  const outfile = join(folder, `source-${bundled++}.mjs`);
  const contents = Object.entries(exports)
    .map(([path, names]) => `export { ${names.join(', ')} } from './${path}';`)
    .join('\n');
  await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  });
  return outfile;
}

/** The exports themselves. */
export async function fromSource(exports) {
  return import(pathToFileURL(await bundleSource(exports)).href);
}
