// The build bundles what is installed, so it checks first that every patch in
// patches/ is applied to it (npm install and npm ci apply them: the `prepare`
// script runs patch-package), for the version the patch was written against.
// An upgrade, or an install with --ignore-scripts, fails the build here rather
// than ship an Ink that leaks memory or a chokidar that keeps `q` from exiting.
// A patched package that package.json names must be pinned to that version.
//
//   node scripts/check-patches.mjs     exit 1, saying what is wrong, if a patch is not in place
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repository = new URL('..', import.meta.url).pathname;

/** `@alcalzone+ansi-tokenize+0.2.5.patch` → the package and the version it patches. */
function packageOf(file) {
  const parts = file.replace(/\.patch$/u, '').split('+');
  const version = parts.pop();
  return { name: parts.join('/'), version };
}

/** Per file the patch touches, the runs of lines the patched file holds: each hunk's context and additions. */
function expectedRuns(patch) {
  const files = new Map();
  let runs;
  let run;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ ')) {
      runs = [];
      files.set(line.slice('+++ b/'.length), runs);
    } else if (line.startsWith('@@')) {
      run = [];
      runs.push(run);
    } else if (run && (line.startsWith(' ') || line.startsWith('+'))) {
      run.push(line.slice(1));
    } else if (line.startsWith('diff --git')) {
      run = undefined;
    }
  }
  return files;
}

/** What is wrong with the patches of the project at `root`: nothing when each is applied. */
export function checkPatches(root = repository) {
  const patchesDir = join(root, 'patches');
  const problems = [];
  const project = join(root, 'package.json');
  const { dependencies = {}, devDependencies = {} } = existsSync(project) ? JSON.parse(readFileSync(project, 'utf8')) : {};
  for (const file of existsSync(patchesDir) ? readdirSync(patchesDir).filter((name) => name.endsWith('.patch')) : []) {
    const { name, version } = packageOf(file);
    // A range lets a fresh install (no lockfile, or `npm update`) take a version the patch does not fit.
    const asked = dependencies[name] ?? devDependencies[name];
    if (asked !== undefined && asked !== version) {
      problems.push(`package.json asks for ${name} ${asked}: pin it to ${version}, the version patches/${file} was written for`);
    }
    const manifest = join(root, 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) {
      problems.push(`${name} is not installed`);
      continue;
    }
    const installed = JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (installed !== version) {
      problems.push(`patches/${file} was written for ${name} ${version}, and ${installed} is installed: review it for this version`);
      continue;
    }
    for (const [path, runs] of expectedRuns(readFileSync(join(patchesDir, file), 'utf8'))) {
      const target = join(root, path);
      const text = existsSync(target) ? readFileSync(target, 'utf8') : '';
      if (runs.some((lines) => !text.includes(lines.join('\n')))) problems.push(`patches/${file} is not applied to ${path}`);
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkPatches();
  for (const problem of problems) process.stderr.write(`check-patches: ${problem}\n`);
  if (problems.some((problem) => !problem.startsWith('package.json'))) {
    process.stderr.write('check-patches: run `npx patch-package` (npm install and npm ci run it for you)\n');
  }
  if (problems.length > 0) process.exit(1);
}
