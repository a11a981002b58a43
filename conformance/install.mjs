// The real Claude Code, installed from the npm registry on first use into a
// cache folder (never into the project's dependencies): the same place
// ../shared/realcc/run.sh uses, so one copy (about 400 MB) serves both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const PACKAGE = '@anthropic-ai/claude-code';

function cacheHome(version) {
  return process.env.CC_HOME || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'teamtop-realcc', version);
}

/** The `claude` the installed package names as its bin, when `version` is what is installed there. */
function installedBinary(home, version) {
  const manifest = join(home, 'node_modules', PACKAGE, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { version: installed, bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const binary = join(dirname(manifest), typeof bin === 'string' ? bin : bin.claude);
  return installed === version && existsSync(binary) ? binary : undefined;
}

/**
 * The version `spec` names: itself when it is one, else (`latest`, `next`, a
 * range) the newest release the npm registry has for it.
 */
export function resolveVersion(spec) {
  if (/^\d+\.\d+\.\d+$/u.test(spec)) return spec;
  const view = spawnSync('npm', ['view', `${PACKAGE}@${spec}`, 'version', '--json'], { encoding: 'utf8' });
  const found = view.status === 0 && view.stdout.trim() !== '' ? JSON.parse(view.stdout) : undefined;
  // A range that several releases match lists them all, oldest first.
  const version = Array.isArray(found) ? found.at(-1) : found;
  if (typeof version !== 'string') throw new Error(`no release of ${PACKAGE} is ${spec} (npm view: ${view.stderr.trim() || 'nothing'})`);
  return version;
}

/** The path of Claude Code `version`'s binary, installing it first when needed. `$CLAUDE` names one to use instead. */
export function ensureClaudeCode(version, log) {
  if (process.env.CLAUDE) return process.env.CLAUDE;
  const home = cacheHome(version);
  const found = installedBinary(home, version);
  if (found) return found;
  log(`installing ${PACKAGE}@${version} into ${home} (once; about 400 MB)`);
  mkdirSync(home, { recursive: true });
  if (!existsSync(join(home, 'package.json'))) writeFileSync(join(home, 'package.json'), '{ "private": true }\n');
  // Its package asks for Node 22 but ships a native binary: the engine check is only a warning.
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `${PACKAGE}@${version}`], {
    cwd: home,
    stdio: ['ignore', 2, 2],
  });
  const binary = installedBinary(home, version);
  if (npm.status !== 0 || !binary)
    throw new Error(`could not install ${PACKAGE}@${version} into ${home} (npm exit ${npm.status ?? npm.signal})`);
  return binary;
}
