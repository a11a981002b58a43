/**
 * The config file's `[keys]`: a command takes the keys given, a key taken
 * leaves the command that had it, and the help and the footer name the keys
 * as they are now.
 */
import { describe, expect, it } from 'vitest';
import { parseKey, remapped } from '../../src/ui/keys/remap.js';
import { KEYMAP, keymapWith } from '../../src/ui/views/registry.js';
import { mountApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { waitFor } from '../helpers/wait.js';

describe('keys from the config file', () => {
  it('reads a key as the config writes it', () => {
    expect(parseKey('x')).toEqual({ keys: [], chars: ['x'] });
    expect(parseKey('space')).toEqual({ keys: [], chars: [' '] });
    expect(parseKey('PgDn')).toEqual({ keys: ['pageDown'], chars: [] });
    expect(parseKey('ctrl-F')).toEqual({ keys: [], chars: [], ctrl: ['f'] });
    expect(parseKey('shift-tab')).toEqual({ keys: ['shiftTab'], chars: [] });
    expect(parseKey('')).toMatch(/is not a key/u);
    expect(parseKey('\u0007')).toMatch(/is not a key/u);
  });

  it('gives a command the keys named, and takes them from the one that had them', () => {
    const bindings = remapped(KEYMAP.bindings, { search: ['f'], help: ['h'] });
    const of = (command: string) => bindings.find((binding) => binding.command === command)!;
    expect(of('search')).toMatchObject({ chars: ['f'], label: 'f' });
    expect(of('help')).toMatchObject({ chars: ['h'], label: 'h' });
    // h was the previous pane's too: it keeps shift-tab and ←, and says so.
    expect(of('prevPane')).toMatchObject({ chars: [], label: 'S-tab ←' });
    expect(of('quit')).toBe(KEYMAP.bindings.find((binding) => binding.command === 'quit'));
  });

  it('works the app with the keys given, and names them in the footer and the help', async () => {
    const keymap = keymapWith({ search: ['f'], quit: ['Q'], timeline: ['T'] });
    const app = await mountApp(`${FIXTURES}/protocol-zoo`, { claudeDir: '/claude', now: Date.parse('2026-03-01T12:00:00Z'), keymap });
    await waitFor(() => expect(app.lastFrame()!.split('\n').at(-1)).toContain('f search'));
    expect(app.lastFrame()!.split('\n').at(-1)).toContain('↑↓ select · ⏎ open · f search · ? keys');
    await app.press('f');
    await app.press('registry\r');
    await waitFor(() => expect(app.lastFrame()).toMatch(/\/registry: \d+ match/u));
    await app.press('\u001b');
    await app.press('/');
    await waitFor(() => expect(app.lastFrame()!.split('\n').at(-1)).toContain('/: not a key here'));
    await app.press('T');
    await waitFor(() => expect(app.lastFrame()).toContain(' Timeline '));
    await app.press('?');
    await waitFor(() => expect(app.lastFrame()).toMatch(/ T +timeline: every message/u));
  });
});
