/**
 * `teamtop serve`: the store the dashboard reads, served over HTTP (src/io/serve/) until interrupted. It binds to loopback unless
 * told otherwise, prints its address with a random token (or `$TEAMTOP_TOKEN`), and warns when other machines can read it.
 */
import type { Thresholds } from '../core/model/settings.js';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { constants, hostname } from 'node:os';
import { sanitizeLine } from '../core/text/sanitize.js';
import { startServer, type EventLine } from '../io/serve/server.js';
import { watchClaudeDir } from '../io/watch/watcher.js';
import { eventJson } from './run-follow.js';
import { openSession, type JournalOptions } from './session.js';
import { followTeams } from './team-events.js';
import { version } from './version.js';

export interface ServeCliOptions {
  readonly thresholds: Thresholds;
  readonly claudeDir: string;
  readonly dirChosenBy?: string;
  readonly host: string;
  readonly port: number;
  readonly metricsOpen: boolean;
  readonly showInputs: boolean;
  readonly journal: JournalOptions | undefined;
  readonly transcripts?: boolean;
  /** A fixed instant (`--now`); the clock when undefined. */
  readonly now: number | undefined;
  /** Ends the server (the demo's end); otherwise SIGINT, SIGTERM or SIGHUP. */
  readonly signal?: AbortSignal;
}

/** 127.0.0.0/8, ::1 and `localhost`: only this machine can connect. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[|\]$/gu, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare.toLowerCase().startsWith('::ffff:127.');
  return false;
}

const ENDING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function runServe(options: ServeCliOptions): Promise<number> {
  const envToken = process.env['TEAMTOP_TOKEN'];
  if (envToken !== undefined && !/^[\w.~-]{16,256}$/u.test(envToken)) {
    process.stderr.write('teamtop serve: TEAMTOP_TOKEN must be 16 to 256 letters, digits, or - . _ ~\n');
    return 2;
  }
  const token = envToken ?? randomBytes(24).toString('base64url');
  const loopback = isLoopback(options.host);
  const clock = () => options.now ?? Date.now();
  const session = openSession(options.claudeDir, options.journal, options.dirChosenBy, {
    transcripts: options.transcripts,
    thresholds: options.thresholds,
  });
  const watching = new AbortController();
  const follow = (team: string | undefined, emit: (line: EventLine) => void) =>
    followTeams(
      session.store,
      { team, thresholds: options.thresholds, now: clock, ticking: options.now === undefined },
      (events, initial) => {
        const at = clock();
        for (const event of events) emit(eventJson(event, at, initial));
      },
    );

  let serving;
  try {
    serving = await startServer({
      host: options.host,
      port: options.port,
      token,
      metricsOpen: options.metricsOpen,
      showInputs: options.showInputs || loopback,
      store: session.store,
      claudeDir: options.claudeDir,
      made: `teamtop ${version}`,
      version,
      now: clock,
      follow,
      thresholds: options.thresholds,
    });
  } catch (error) {
    session.close();
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${sanitizeLine(options.host)}:${options.port}`;
    const why =
      code === 'EADDRINUSE'
        ? `port ${options.port} is in use: choose another with --port N (0: any free port)`
        : code === 'EADDRNOTAVAIL'
          ? `${sanitizeLine(options.host)} is not an address of this machine`
          : (error as Error).message;
    process.stderr.write(`teamtop serve: cannot listen on ${where}: ${why}\n`);
    return 1;
  }

  session.transcripts?.start(watching.signal);
  watchClaudeDir({ claudeDir: options.claudeDir, reader: session.reader, signal: watching.signal }).catch((error: unknown) => {
    session.reader.take([{ kind: 'watcher-trouble', message: `cannot watch: ${(error as Error).message}` }]);
  });

  // Bound to every address, the page is read at this machine's name.
  const everywhere = options.host === '0.0.0.0' || options.host === '::';
  const address = everywhere ? `http://${hostname()}:${serving.port}` : serving.origin;
  process.stdout.write(`teamtop serve: ${address}/?token=${token}\n`);
  if (!loopback) {
    process.stderr.write(
      `teamtop serve: listening on ${sanitizeLine(options.host)}: the page can be read from other machines, by anyone with the token.` +
        `${options.showInputs ? ' Tools’ inputs are shown (--show-inputs).' : ' Tools’ inputs are not shown (--show-inputs shows them).'}\n`,
    );
  }
  if (options.metricsOpen)
    process.stderr.write(`teamtop serve: ${serving.origin}/metrics is open to anyone who can connect (--metrics-open)\n`);

  const code = await new Promise<number>((resolve) => {
    for (const signal of ENDING) process.once(signal, () => resolve(128 + constants.signals[signal]));
    options.signal?.addEventListener('abort', () => resolve(0), { once: true });
  });
  watching.abort();
  await serving.close();
  session.close();
  return code;
}
