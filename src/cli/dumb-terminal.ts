/** `TERM=dumb` (Emacs' shell, some CI logs) moves no cursor: it gets what a pipe gets, as git and less give it. */
export const isDumbTerminal = (env: NodeJS.ProcessEnv = process.env): boolean => env['TERM'] === 'dumb';

/** Why a terminal that is there gets no live dashboard (TERM=dumb), for stderr; undefined otherwise. */
export function liveRefused(): string | undefined {
  if (process.stdin.isTTY !== true || process.stdout.isTTY !== true || !isDumbTerminal()) return undefined;
  return 'TERM=dumb says this terminal cannot move the cursor, which the live dashboard needs';
}

/** After what a dumb terminal got instead of the live dashboard (`shown`), why: said last, where it is read. */
export function sayWhyPlain(shown: string): void {
  const refused = liveRefused();
  if (refused !== undefined) process.stderr.write(`teamtop: ${refused}; above is ${shown}\n`);
}
