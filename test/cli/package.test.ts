/**
 * The package as a user gets it: `npm pack` (its prepack builds and cleans the
 * package.json), then `npm i -g` of the tarball into an empty prefix, with no
 * network, and the installed `teamtop` run from another folder. The package
 * is packed from a copy of the sources, so the suite's own dist/ is not rebuilt
 * under the tests that run it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURES } from '../helpers/fixtures.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** What the build and npm pack read. */
const SOURCES = ['package.json', 'tsconfig.json', 'README.md', 'LICENSE', 'src', 'scripts', 'patches'];
const CAPTURE = join(CAPTURES, 'cc-2.1.330-realcc-misaddressed-in-process', 'final_before_exit');

const scratch = mkdtempSync(join(tmpdir(), 'teamtop-package-'));
const source = join(scratch, 'source');
const prefix = join(scratch, 'prefix');
const elsewhere = join(scratch, 'elsewhere');
// The bin's `#!/usr/bin/env node` finds this node first.
const PATH = `${dirname(process.execPath)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`;

function run(command: string, args: readonly string[], cwd: string) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH, npm_config_update_notifier: 'false', FORCE_COLOR: undefined, NO_COLOR: undefined },
    input: '',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, output: `${result.stdout}${result.stderr}` };
}

let tarball = '';
let install: ReturnType<typeof run>;

beforeAll(() => {
  mkdirSync(source);
  mkdirSync(elsewhere);
  for (const entry of SOURCES) cpSync(join(ROOT, entry), join(source, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
  const pack = run('npm', ['pack', '--pack-destination', scratch], source);
  expect(pack.code, pack.output).toBe(0);
  tarball = join(
    scratch,
    readdirSync(scratch).find((name) => name.endsWith('.tgz'))!,
  );
  install = run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], elsewhere);
}, 180_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const teamtop = (...args: string[]) => run(join(prefix, 'bin', 'teamtop'), args, elsewhere);

describe('the packed package', () => {
  it('holds the bundle, the README and the LICENSE, and a package.json with no scripts and no dependencies', () => {
    const listing = run('tar', ['tzf', tarball], scratch).stdout.trim().split('\n');
    expect(listing.filter((file) => !file.startsWith('package/dist/')).sort()).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/package.json',
    ]);
    expect(listing).toContain('package/dist/cli.js');
    const manifest = JSON.parse(run('tar', ['xzfO', tarball, 'package/package.json'], scratch).stdout) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'teamtop', license: 'MIT', bin: { teamtop: 'dist/cli.js' } });
    for (const key of ['scripts', 'dependencies', 'devDependencies', 'allowScripts', 'clean-package'])
      expect(manifest).not.toHaveProperty(key);
  });

  it('leaves the package.json it was packed from as it was', () => {
    expect(readFileSync(join(source, 'package.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(existsSync(join(source, 'package.json.backup'))).toBe(false);
  });
});

describe('npm i -g of the tarball', () => {
  it('installs teamtop alone, with no network, and no warning about install scripts', () => {
    expect(install.code, install.output).toBe(0);
    expect(install.output).toMatch(/added 1 package/u);
    expect(install.output).not.toMatch(/install-scripts|allow-scripts|prepare/u);
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['teamtop']);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'teamtop', 'node_modules'))).toBe(false);
  });

  it('gives a teamtop that says its version', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(teamtop('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('draws a capture with --once from another folder', () => {
    const frame = teamtop('--once', '--no-journal', '--no-color', '--dir', CAPTURE, '--now', '2026-11-23T17:18:30Z');
    expect(frame.code, frame.stderr).toBe(0);
    expect(frame.stdout).toContain('session-f5100575');
    expect(frame.stdout).toContain('★ team-lead');
    expect(frame.stdout).toContain('task #2 assigned (by team-lead): Integrate the parser');
  });

  it('runs doctor on it', () => {
    const report = teamtop('doctor', '--no-journal', '--no-color', '--dir', CAPTURE, '--now', '2026-11-23T17:18:30Z');
    expect(report).toMatchObject({ code: 1, stderr: '' });
    expect(report.stdout).toContain('⚠ warning misaddressed · alise, team-lead');
    expect(report.stdout).toContain('⚠ warning orphaned-task · alise');
  });
});
