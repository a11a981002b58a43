/**
 * Where teamtop looks, and whether it may use colour.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `--dir`, else `$CLAUDE_CONFIG_DIR`, else `~/.claude`. */
export function resolveClaudeDir(dir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (dir) return resolve(dir);
  if (env['CLAUDE_CONFIG_DIR']) return resolve(env['CLAUDE_CONFIG_DIR']);
  return join(homedir(), '.claude');
}

/**
 * Colour is off with `--no-color`, with `NO_COLOR` set (https://no-color.org), and
 * when the output is not a terminal, unless `FORCE_COLOR` asks for it.
 */
export function wantsColor(flag: boolean, isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!flag) return false;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  return isTTY;
}
