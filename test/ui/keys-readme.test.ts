/**
 * The README's table of keys says what the keymap binds: every key bound is
 * in it, and every key in it is bound.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Binding, KeyName } from '../../src/ui/keys/keymap.js';
import { KEYMAP } from '../../src/ui/views/registry.js';

const NAMES: Readonly<Record<KeyName, string>> = {
  tab: 'tab',
  shiftTab: 'shift-tab',
  upArrow: '↑',
  downArrow: '↓',
  leftArrow: '←',
  rightArrow: '→',
  pageUp: 'PgUp',
  pageDown: 'PgDn',
  return: '⏎',
  escape: 'esc',
  home: 'Home',
  end: 'End',
};

/** A binding's keys as the README writes them. */
const written = (binding: Binding): string[] => [
  ...binding.keys.map((name) => NAMES[name]),
  ...binding.chars.map((char) => (char === ' ' ? 'space' : char)),
  ...(binding.ctrl ?? []).map((char) => `ctrl-${char}`),
];

/** The keys in the first column of the table under `## Keys`. */
function documented(): Set<string> {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Keys\n'), readme.indexOf('\n## ', readme.indexOf('\n## Keys\n') + 1));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([^`]+)`/gu)].map((match) => match[1]!)));
}

describe("the README's keys", () => {
  it('are the keymap: each bound key documented, each documented key bound', () => {
    const bound = new Set(KEYMAP.bindings.flatMap(written));
    const table = documented();
    expect([...bound].filter((key) => !table.has(key))).toEqual([]);
    expect([...table].filter((key) => !bound.has(key))).toEqual([]);
  });
});
