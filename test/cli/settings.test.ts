/**
 * The settings every judging command runs with are worked out once, from the
 * flags and the environment: thresholds in milliseconds, defaults applied here.
 */
import { stalling } from '../helpers/thresholds.js';
import { Command } from 'commander';
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonOptions, settingsOf, type CommonFlags } from '../../src/cli/options.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';
import { tempDir } from '../helpers/fixtures.js';

const terminal = { isTTY: true, columns: 91 } as NodeJS.WriteStream;
const pipe = { isTTY: false } as NodeJS.WriteStream;

function flags(args: string[]): CommonFlags {
  return commonOptions(new Command().exitOverride()).parse(args, { from: 'user' }).opts<CommonFlags>();
}

describe('settingsOf', () => {
  it('applies the default thresholds once, in milliseconds', () => {
    const settings = settingsOf(flags([]), {}, pipe);
    expect(settings.thresholds).toEqual(DEFAULT_THRESHOLDS);
    expect(settings.now).toBeUndefined();
  });

  it('turns the thresholds given in seconds into milliseconds', () => {
    const settings = settingsOf(flags(['--stall-after', '2.5', '--quiet-after', '30']), {}, pipe);
    expect(settings.thresholds).toEqual(stalling(2500, 30_000));
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads the dirs, the clock, the colour and the size from the flags and the environment', () => {
    // The state dir is env-paths', which reads the process's own environment.
    vi.stubEnv('XDG_STATE_HOME', '/state');
    const env = { CLAUDE_CONFIG_DIR: '/claude', LINES: '30' };
    const settings = settingsOf(flags(['--now', '2026-03-01T10:00:00Z']), env, terminal);
    expect(settings).toMatchObject({
      claudeDir: '/claude',
      dirChosenBy: 'chosen by CLAUDE_CONFIG_DIR',
      stateDir: '/state/teamtop',
      now: Date.parse('2026-03-01T10:00:00Z'),
      color: true,
      width: 91,
      height: 30,
    });
    expect(settingsOf(flags(['--dir', '/other']), { ...env, COLUMNS: '70', NO_COLOR: '1' }, terminal)).toMatchObject({
      claudeDir: '/other',
      color: false,
      width: 70,
    });
    expect(settingsOf(flags([]), {}, pipe)).toMatchObject({ color: false, width: undefined, height: undefined });
  });

  it("keeps the state dir where an earlier teamtop made it, else takes the platform's", () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      const stateHome = tempDir();
      vi.stubEnv('XDG_STATE_HOME', stateHome);
      expect(settingsOf(flags([]), {}, pipe).stateDir).toBe(join(homedir(), 'Library', 'Logs', 'teamtop'));
      mkdirSync(join(stateHome, 'teamtop'));
      expect(settingsOf(flags([]), {}, pipe).stateDir).toBe(join(stateHome, 'teamtop'));
      expect(settingsOf(flags(['--state-dir', 'here']), {}, pipe).stateDir).toBe(resolve('here'));
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});
