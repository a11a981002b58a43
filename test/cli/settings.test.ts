/**
 * The settings every judging command runs with are worked out once, from the
 * flags and the environment: thresholds in milliseconds, defaults applied here.
 */
import { stalling } from '../helpers/thresholds.js';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commonOptions, settingsOf, type CommonFlags } from '../../src/cli/options.js';
import { DEFAULT_THRESHOLDS } from '../../src/core/model/settings.js';

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

  it('reads the dirs, the clock, the colour and the size from the flags and the environment', () => {
    const env = { CLAUDE_CONFIG_DIR: '/claude', XDG_STATE_HOME: '/state', LINES: '30' };
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
});
