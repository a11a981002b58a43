/**
 * The config file: TOML, checked, merged with the flags once into the
 * settings (the flags win); a file that is not right stops teamtop with its
 * line and what is wrong (exit 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ConfigError, configPlaces, parseConfig, readConfigFile } from '../../src/cli/config-file.js';
import { commonOptions, settingsOf, type CommonFlags } from '../../src/cli/options.js';
import { screenOptions } from '../../src/cli/dashboard-flags.js';
import { tempDir } from '../helpers/fixtures.js';
import { runCli } from '../helpers/cli.js';
import { TeamFiles } from '../helpers/team-files.js';

const pipe = { isTTY: false } as NodeJS.WriteStream;
const flags = (args: string[]): CommonFlags =>
  screenOptions(commonOptions(new Command().exitOverride())).parse(args, { from: 'user' }).opts<CommonFlags>();

const FULL = `# teamtop's settings
theme = "light"
bell = true
notify = true
mouse = false
budget = 5

[thresholds]
stall_after = 30
quiet_after = 300

[keys]
search = "f"
quit = ["q", "ctrl-q"]
`;

/** The error a config's text gets. */
function problem(text: string): string {
  try {
    parseConfig(text, '/home/me/.config/teamtop/config.toml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('the config file', () => {
  it('holds the thresholds, the theme, the keys, the bell, notifications, the mouse and the budget', () => {
    expect(parseConfig(FULL, '/c.toml')).toEqual({
      path: '/c.toml',
      theme: 'light',
      bell: true,
      notify: true,
      mouse: false,
      budget: 5,
      stallAfter: 30,
      quietAfter: 300,
      keys: { search: ['f'], quit: ['q', 'ctrl-q'] },
    });
    expect(parseConfig('', '/c.toml')).toEqual({ path: '/c.toml' });
  });

  it('says what is wrong, on which line', () => {
    expect(problem('theme = "dark"\n[thresholds]\nstall_after = sixty\n')).toBe(
      '/home/me/.config/teamtop/config.toml, line 3: not TOML: invalid value',
    );
    expect(problem('theme = "dark"\n[thresholds]\nstall_after = "60"\n')).toBe(
      '/home/me/.config/teamtop/config.toml, line 3: thresholds.stall_after must be a number, not "60"',
    );
    expect(problem('\n\nthem = "dark"\n')).toBe('/home/me/.config/teamtop/config.toml, line 3: unknown key "them" (did you mean theme?)');
    expect(problem('theme = "solarized"\n')).toMatch(
      /line 1: theme must be one of "auto", "dark", "light", "high-contrast", not "solarized"$/u,
    );
    expect(problem('[thresholds]\nquiet_after = -1\n')).toMatch(/line 2: thresholds.quiet_after must be 0 or more \(seconds\), not -1$/u);
    expect(problem('budget = 0\n')).toMatch(/line 1: budget must be above 0 \(dollars\), not 0$/u);
    expect(problem('[thresholds]\nstal_after = 1\n')).toMatch(/line 2: unknown key "stal_after" \(did you mean stall_after\?\)$/u);
    expect(problem('mouse = "no"\n')).toMatch(/line 1: mouse must be true or false, not "no"$/u);
  });

  it('says what is wrong with a key', () => {
    expect(problem('[keys]\nserch = "f"\n')).toMatch(/line 2: no command "serch" \(did you mean search\?\)/u);
    expect(problem('[keys]\nsearch = "ctrl-"\n')).toMatch(/line 2: keys.search: "ctrl-" is not a key/u);
    expect(problem('[keys]\nsearch = "3"\n')).toMatch(/line 2: keys.search: "3" is taken: 1 to 9 focus a member/u);
    expect(problem('[keys]\nsearch = "f"\nhelp = ["h", "f"]\n')).toMatch(/line 3: keys.help: "f" is given to search too/u);
  });

  it('is looked for in XDG_CONFIG_HOME, else ~/.config; --config names another, which must be there', () => {
    const home = tempDir();
    expect(configPlaces({ XDG_CONFIG_HOME: join(home, 'xdg') })[0]).toBe(join(home, 'xdg', 'teamtop', 'config.toml'));
    expect(readConfigFile(undefined, { XDG_CONFIG_HOME: join(home, 'none') })).toEqual({});
    mkdirSync(join(home, 'xdg', 'teamtop'), { recursive: true });
    writeFileSync(join(home, 'xdg', 'teamtop', 'config.toml'), 'budget = 2\n');
    expect(readConfigFile(undefined, { XDG_CONFIG_HOME: join(home, 'xdg') })).toMatchObject({ budget: 2 });
    expect(() => readConfigFile(join(home, 'missing.toml'))).toThrow(`${join(home, 'missing.toml')}: no such file (--config)`);
    expect(() => readConfigFile(home)).toThrow('a folder, not a file');
  });

  it('gives the settings what the flags do not, the flags winning', () => {
    const config = parseConfig(FULL, '/c.toml');
    const fromFile = settingsOf(flags([]), {}, pipe, config);
    expect(fromFile).toMatchObject({
      thresholds: { stallAfterMs: 30_000, quietAfterMs: 300_000, budgetUSD: 5 },
      theme: 'light',
      bell: true,
      notify: true,
      mouse: false,
      keys: { search: ['f'], quit: ['q', 'ctrl-q'] },
      configFile: '/c.toml',
    });
    const flagged = settingsOf(flags(['--stall-after', '90', '--budget', '12.5', '--theme', 'high-contrast']), {}, pipe, config);
    expect(flagged.thresholds).toEqual({ stallAfterMs: 90_000, quietAfterMs: 300_000, budgetUSD: 12.5 });
    expect(flagged.theme).toBe('high-contrast');
    expect(settingsOf(flags(['--no-mouse']), {}, pipe, {}).mouse).toBe(false);
    expect(settingsOf(flags([]), {}, pipe, {})).toMatchObject({ mouse: true, theme: 'auto', bell: false, notify: false, keys: {} });
  });
});

describe('teamtop with a config file', () => {
  /** A permission request asked 30 s ago: stalled past a threshold of 10 s, not past the default 60 s. */
  function team(): TeamFiles {
    const files = new TeamFiles(tempDir(), Date.now() - 30_000);
    files.config([files.teammate('carol', { backend: 'tmux' })]);
    files.send('team-lead', 'carol', files.permissionRequest('carol', 0), 0);
    return files;
  }

  const kinds = (stdout: string): string[] =>
    (JSON.parse(stdout) as { teams: { diagnoses: { kind: string }[] }[] }).teams.flatMap((entry) => entry.diagnoses.map((d) => d.kind));

  it('judges with its thresholds, and a flag over them', () => {
    const files = team();
    const config = join(tempDir(), 'teamtop', 'config.toml');
    mkdirSync(join(config, '..'), { recursive: true });
    writeFileSync(config, '[thresholds]\nstall_after = 10\n');
    const env = { XDG_CONFIG_HOME: join(config, '..', '..') };
    expect(kinds(runCli(['doctor', '--dir', files.dir, '--no-journal', '--json'], { XDG_CONFIG_HOME: tempDir() }).stdout)).not.toContain(
      'stalled',
    );
    expect(kinds(runCli(['doctor', '--dir', files.dir, '--no-journal', '--json'], env).stdout)).toContain('stalled');
    expect(kinds(runCli(['doctor', '--dir', files.dir, '--no-journal', '--json', '--config', config], {}).stdout)).toContain('stalled');
    expect(kinds(runCli(['doctor', '--dir', files.dir, '--no-journal', '--json', '--stall-after', '60'], env).stdout)).not.toContain(
      'stalled',
    );
  });

  it('stops at a bad one with its line, exit 2', () => {
    const files = team();
    const config = join(tempDir(), 'bad.toml');
    writeFileSync(config, '# mine\n[thresholds]\nstall_after = "ten"\n');
    const result = runCli(['--dir', files.dir, '--no-journal', '--once', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`teamtop: ${config}, line 3: thresholds.stall_after must be a number, not "ten"\n`);
    expect(result.stdout).toBe('');
  });
});
