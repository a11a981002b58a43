/**
 * Usage errors: a command line that cannot mean anything is said in one line
 * on stderr, and teamtop exits 2, whether commander or teamtop found it.
 */

/** Say a usage error; the status to exit with. */
export function usageError(message: string): number {
  process.stderr.write(`teamtop: ${message}\n`);
  return 2;
}

/**
 * Commander's error text as one teamtop line: `error: unknown command 'docter'`
 * and its suggestion on the next line (`(Did you mean doctor?)`) become
 * `teamtop: unknown command 'docter' (did you mean doctor?)`. Without a
 * suggestion, the line says where the commands and flags are listed.
 */
export function oneLineError(text: string, command: string): string {
  const [message = '', ...rest] = text.trim().split('\n');
  const said = message.replace(/^error: /u, '');
  const suggestion = rest.find((line) => line.startsWith('(Did you mean'));
  const hint = suggestion ? `(d${suggestion.slice(2)}` : `(see ${command} --help)`;
  return `teamtop: ${said} ${hint}\n`;
}
