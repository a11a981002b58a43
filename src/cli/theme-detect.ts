/**
 * Which theme `auto` is: light where the terminal says its background is
 * light, else dark (today's). It says so in COLORFGBG (rxvt, Konsole and
 * others set it: `15;0` is white on black), or it answers OSC 11 (xterm and
 * most since: `rgb:ffff/ffff/ffff`). The question goes out with a request
 * for the device attributes (DA1) behind it, which every terminal answers
 * and answers in order: once that answer is in, no background is coming. The
 * live dashboard's first frame waits for no answer: it is drawn again in the
 * answer's theme. A late answer (after the deadline) is still taken off the
 * input (terminal-input.ts), never read as keys.
 */
import type { ThemeName } from '../ui/widgets/theme-names.js';
import type { ThemeChoice } from './config-file.js';
import { TerminalInput, type Reply } from './terminal-input.js';

/** How long the start waits for an answer at most: a terminal that answers does so within a few ms, over ssh within a round trip. */
export const ANSWER_DEADLINE_MS = 200;

const QUESTION = '\u001b]11;?\u001b\\\u001b[c';

/** The background from COLORFGBG (`fg;bg` or `fg;default;bg`): light for white and the light colours, undefined when it does not say. */
export function backgroundOfColorfgbg(value: string | undefined): 'light' | 'dark' | undefined {
  if (!value) return undefined;
  const background = Number(value.split(';').at(-1));
  if (!Number.isInteger(background) || background < 0 || background > 15) return undefined;
  // 7 (light grey) and 9-15 (the bright ones but 8, dark grey) are light backgrounds.
  return background === 7 || background >= 9 ? 'light' : 'dark';
}

/** The background from an OSC 11 answer (`11;rgb:RRRR/GGGG/BBBB`, each 1 to 4 hex digits), by its luminance. */
export function backgroundOfAnswer(text: string): 'light' | 'dark' | undefined {
  const match = /^11;rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})/iu.exec(text);
  if (!match) return undefined;
  const [red, green, blue] = match.slice(1, 4).map((hex) => Number.parseInt(hex, 16) / (16 ** hex.length - 1));
  const luminance = 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  return luminance > 0.5 ? 'light' : 'dark';
}

/** Ask the terminal its background: the answer, or undefined when it gives none by the deadline. */
export function askBackground(
  input: TerminalInput,
  write: (text: string) => void,
  deadline = ANSWER_DEADLINE_MS,
): Promise<'light' | 'dark' | undefined> {
  return new Promise((resolve) => {
    let answer: 'light' | 'dark' | undefined;
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve(answer);
    };
    const stop = input.onReply((reply: Reply) => {
      if (reply.kind === 'osc') answer ??= backgroundOfAnswer(reply.text);
      else done();
    });
    // An answer that came while the start was busy is read before the deadline ends it: the input is polled before immediates.
    const timer = setTimeout(() => setImmediate(done), deadline);
    write(QUESTION);
  });
}

export interface ThemeSources {
  readonly env: NodeJS.ProcessEnv;
  /** The terminal's input, to ask it; none when it cannot be asked (not a terminal). */
  readonly input?: TerminalInput;
  readonly write?: (text: string) => void;
}

/** The theme to draw with: the one chosen, or for `auto` the one the terminal's background asks for. */
export async function chooseTheme(
  choice: ThemeChoice,
  { env, input, write }: ThemeSources,
  deadline = ANSWER_DEADLINE_MS,
): Promise<ThemeName> {
  if (choice !== 'auto') return choice;
  const said = backgroundOfColorfgbg(env['COLORFGBG']);
  const background = said ?? (input && write && env['TERM'] !== 'dumb' ? await askBackground(input, write, deadline) : undefined);
  return background === 'light' ? 'light' : 'dark';
}

/** The terminal's input, read from the start, and the theme it was asked for. */
export interface TerminalAhead {
  readonly input: TerminalInput;
  readonly theme: Promise<ThemeName>;
  /** The theme, once known: the first frame waits for no answer, and is drawn again in the answer's theme. */
  known(): ThemeName | undefined;
  /** Stop reading the terminal, once its answer is in (or the deadline is past), so that no answer reaches the shell. */
  release(): Promise<void>;
}

/** The terminal read from now on, and asked its background at once (for `auto`, with colour): the answer comes while the dashboard loads. */
export function takeTerminalAhead({
  color,
  theme = 'auto',
}: {
  readonly color: boolean;
  readonly theme?: ThemeChoice | undefined;
}): TerminalAhead {
  // Raw at once: the terminal's answer must not be echoed, and a key typed while teamtop starts is kept for the dashboard.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  const input = new TerminalInput(process.stdin);
  const write = (text: string) => process.stdout.write(text);
  // A test's longer deadline, to answer after the first frame and before the deadline on a busy machine.
  const deadline = Number(process.env['TEAMTOP_ANSWER_DEADLINE_MS']) || ANSWER_DEADLINE_MS;
  const chosen = color ? chooseTheme(theme, { env: process.env, input, write }, deadline) : undefined;
  let known: ThemeName | undefined = chosen ? undefined : 'dark';
  void chosen?.then((name) => (known = name));
  let released = false;
  return {
    input,
    theme: chosen ?? Promise.resolve('dark'),
    known: () => known,
    release: async () => {
      if (released) return;
      released = true;
      await chosen;
      input.close();
      try {
        if (process.stdin.isTTY) process.stdin.setRawMode(false);
      } catch {
        // The terminal hung up: there is no mode to give back.
      }
    },
  };
}
