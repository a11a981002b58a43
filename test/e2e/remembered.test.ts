/**
 * The filters, the view and the order are kept from one start to the next,
 * per config dir, in teamtop's state dir; a file there that is not what
 * teamtop writes is ignored with a notice in the footer, never a crash. The
 * built CLI in a pseudo-terminal, quit and started again as a user would.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberedPath } from '../../src/cli/remembered.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { Terminal, userEnvironment } from '../helpers/pty.js';

const NOW = '2026-03-01T12:00:00Z';

function dashboard(dir: string, state: string): Terminal {
  return new Terminal({
    args: ['--dir', dir, '--no-journal', '--now', NOW],
    cols: 160,
    rows: 40,
    environment: userEnvironment({ XDG_STATE_HOME: state, XDG_CONFIG_HOME: join(state, 'no-config') }),
  });
}

async function quit(term: Terminal): Promise<void> {
  term.press('q');
  expect(await term.exitWithin(10_000, 'q')).toBe(0);
}

const footer = (term: Terminal) => term.lines().findLast((line) => line.trim() !== '') ?? '';

describe('settings remembered', () => {
  it('keeps the filters, the view and the order across starts, per config dir', async () => {
    const state = tempDir();
    const dir = copyFixture('protocol-zoo');
    const first = dashboard(dir, state);
    await first.waitForText('Design the schema');
    first.press('i');
    await first.waitForText('idle hidden');
    first.press('u');
    await first.waitForText('unread only');
    first.press('a');
    await first.waitForText('1 teammate tracker shown');
    // The task list sorted by state.
    first.press('\u001b[Z');
    first.press('S');
    first.press('S');
    await first.waitForText('by state (S)');
    first.press('t');
    await first.waitForText(' Timeline ');
    await quit(first);

    const file = rememberedPath(join(state, 'teamtop'), dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      version: 1,
      showIdle: false,
      protocolOnly: false,
      unreadOnly: true,
      showInternal: true,
      showCleared: false,
      view: 'timeline',
      sort: { tasks: 'state', handshakes: 'default' },
    });
    // Written whole: nothing half-written is left beside it.
    expect(readdirSync(join(file, '..'))).toEqual([file.split('/').at(-1)]);

    const again = dashboard(dir, state);
    await again.waitForText(' Timeline ');
    again.press('t');
    await again.waitForText('1 teammate tracker shown');
    await again.waitForText(/idle hidden · unread only\s*$/u);
    expect(again.text()).toContain('by state (S)');
    await quit(again);

    // Another config dir starts as teamtop does.
    const other = dashboard(copyFixture('protocol-zoo'), state);
    await other.waitForText('Design the schema');
    expect(footer(other)).not.toContain('idle hidden');
    await quit(other);
  });

  it.each([
    ['not JSON', '{"version": 1, "showIdle": fal', 'not JSON'],
    ['not what teamtop writes', '{"version": 1, "__proto__": {"polluted": true}, "view": "\\u001b[2J"}', 'not what teamtop writes'],
    ['huge', `{"version": 1, "pad": "${'x'.repeat(100_000)}"}`, 'over 16384 bytes'],
  ])('ignores a file that is %s, with a notice until the first key', async (_, text, why) => {
    const state = tempDir();
    const dir = copyFixture('protocol-zoo');
    const file = rememberedPath(join(state, 'teamtop'), dir);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    const term = dashboard(dir, state);
    await term.waitForText(`⚠ settings not restored (${why}): ${file}`);
    expect(term.text()).not.toContain('idle hidden');
    term.press('i');
    await term.waitForText('idle hidden');
    expect(footer(term)).not.toContain('settings not restored');
    await quit(term);
    // The next start finds the file teamtop wrote.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, showIdle: false });
  });

  it('is not held up by a named pipe where the file should be', async () => {
    const state = tempDir();
    const dir = copyFixture('protocol-zoo');
    const file = rememberedPath(join(state, 'teamtop'), dir);
    mkdirSync(join(file, '..'), { recursive: true });
    execFileSync('mkfifo', [file]);
    const term = dashboard(dir, state);
    await term.waitForText(`⚠ settings not restored (not a regular file): ${file}`);
    await quit(term);
  });
});
