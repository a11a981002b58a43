/**
 * teamtop's own folders (journal, state, compile cache) are made one at a time: Node's recursive mkdir spins forever where a
 * parent is there but cannot hold a folder (under /proc, a dangling link), and this must say no at once instead.
 */
import { mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolders } from '../../src/io/folders.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'teamtop-folders-'));

describe('makeFolders', () => {
  it('makes the folder and its parents, owner only, and is content when they are there', () => {
    const path = join(scratch(), 'a', 'b', 'c');
    makeFolders(path);
    makeFolders(path);
    expect(statSync(path).isDirectory()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o700);
  });

  it('says no where a parent is there and cannot hold a folder, without spinning', () => {
    const dangling = join(scratch(), 'dangling');
    symlinkSync(join(scratch(), 'gone', 'away'), dangling);
    for (const path of ['/proc/1/not-there/cache', join(dangling, 'a', 'b')]) {
      expect(() => makeFolders(path), path).toThrow(expect.objectContaining({ code: expect.stringMatching(/^E/u) }));
    }
  });

  it('names the file in the way', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file'), '');
    expect(() => makeFolders(join(dir, 'file', 'a', 'b'))).toThrow(expect.objectContaining({ code: 'ENOTDIR', path: join(dir, 'file') }));
  });
});
