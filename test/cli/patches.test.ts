/**
 * The patches to dependencies (patches/) are applied to what is installed, so
 * the tests run the Ink the dashboard ships, and the build refuses to bundle
 * a package a patch is missing from.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPatches } from '../../scripts/check-patches.mjs';
import { tempDir } from '../helpers/fixtures.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A project with the repository's patch for chokidar and chokidar's installed files. */
function project(): string {
  const root = tempDir();
  mkdirSync(join(root, 'patches'));
  cpSync(join(ROOT, 'patches', 'chokidar+5.0.0.patch'), join(root, 'patches', 'chokidar+5.0.0.patch'));
  cpSync(join(ROOT, 'node_modules', 'chokidar'), join(root, 'node_modules', 'chokidar'), { recursive: true });
  return root;
}

describe('patches to dependencies', () => {
  it('are all applied to the packages the tests and the build use', () => {
    expect(checkPatches()).toEqual([]);
  });

  it('are found missing from a package installed without them', () => {
    const root = project();
    expect(checkPatches(root)).toEqual([]);
    const index = join(root, 'node_modules', 'chokidar', 'index.js');
    writeFileSync(index, readFileSync(index, 'utf8').replace(' && !this.closed', ''));
    expect(checkPatches(root)).toEqual(['patches/chokidar+5.0.0.patch is not applied to node_modules/chokidar/index.js']);
  });

  it('are to be reviewed when another version is installed', () => {
    const root = project();
    const manifest = join(root, 'node_modules', 'chokidar', 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '5.0.1' }));
    expect(checkPatches(root)).toEqual([
      'patches/chokidar+5.0.0.patch was written for chokidar 5.0.0, and 5.0.1 is installed: review it for this version',
    ]);
  });

  it('are pinned: package.json names a patched package at the version its patch was written for', () => {
    const root = project();
    const manifest = (chokidar: string) => JSON.stringify({ dependencies: { chokidar } });
    writeFileSync(join(root, 'package.json'), manifest('5.0.0'));
    expect(checkPatches(root)).toEqual([]);
    writeFileSync(join(root, 'package.json'), manifest('^5.0.0'));
    expect(checkPatches(root)).toEqual([
      'package.json asks for chokidar ^5.0.0: pin it to 5.0.0, the version patches/chokidar+5.0.0.patch was written for',
    ]);
  });
});
