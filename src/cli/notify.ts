/**
 * `--notify`: a desktop notification through the terminal, as the terminal
 * takes one: OSC 777 (`notify;title;body`: foot, urxvt, VTE-based terminals
 * that carry the patch, WezTerm, Ghostty) or OSC 9 (iTerm2, Windows Terminal,
 * kitty, WezTerm, Ghostty, ConEmu). A terminal that knows neither ignores an
 * OSC it does not know. Inside tmux it goes through as a DCS pass-through,
 * which tmux forwards with `set -g allow-passthrough on` (tmux 3.3 and later).
 * Its words come from the team's files (names, a task's subject): no control
 * character of them reaches the terminal, and an OSC cannot be ended early.
 */
import type { Warning } from './bell.js';
import { sanitizeLine } from '../core/text/sanitize.js';

export type NotifyProtocol = 'osc9' | 'osc777';

/** The longest body sent: a notification shows a line or two. */
const MOST = 200;

/** The protocol of the terminal teamtop runs in, from what its environment says of it. */
export function protocolFor(env: NodeJS.ProcessEnv): NotifyProtocol {
  const term = env['TERM'] ?? '';
  if (term.startsWith('foot') || term.startsWith('rxvt') || env['VTE_VERSION'] !== undefined) return 'osc777';
  return 'osc9';
}

/**
 * Text safe inside an OSC: drawn as teamtop draws a file's text (controls as
 * pictures), then anything still able to end or confuse the sequence (a C0 or
 * C1 control, DEL) dropped, and `;`, which separates 777's fields, made a comma.
 */
export function oscText(text: string, most = MOST): string {
  // eslint-disable-next-line no-control-regex
  const drawn = sanitizeLine(text).replace(/[\u0000-\u001f\u007f-\u009f]/gu, '');
  const safe = drawn.replaceAll(';', ',');
  return [...safe].length > most ? `${[...safe].slice(0, most - 1).join('')}…` : safe;
}

/** What to write for a notification: the OSC, wrapped for tmux inside tmux. */
export function notification(title: string, body: string, protocol: NotifyProtocol, env: NodeJS.ProcessEnv): string {
  const osc =
    protocol === 'osc777'
      ? `\u001b]777;notify;${oscText(title, 60)};${oscText(body)}\u001b\\`
      : `\u001b]9;${oscText(`${title}: ${body}`)}\u001b\\`;
  return env['TMUX'] ? `\u001bPtmux;${osc.replaceAll('\u001b', '\u001b\u001b')}\u001b\\` : osc;
}

/** The notification for a new warning: `teamtop: <team>` and what is wrong. */
export const warningNotification = ({ team, diagnosis }: Warning, env: NodeJS.ProcessEnv): string =>
  notification(`teamtop: ${team}`, diagnosis.summary, protocolFor(env), env);
