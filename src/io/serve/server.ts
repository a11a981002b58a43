/**
 * `teamtop serve`'s read-only HTTP server (Node's http): `/`, `/live`, `/style.css`, `/app.js`, `/api/state`,
 * `/api/events`, `/metrics`. Every request needs the token; its bounds and routes are in docs/serve.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inertJson, inertJsonPieces } from '../../core/text/inert-json.js';
import type { Thresholds } from '../../core/model/settings.js';
import { snapshot } from '../../core/snapshot.js';
import { selectTeams } from '../../core/select/teams.js';
import type { Store } from '../../core/store.js';
import { APP_JS, STYLE_CSS } from './assets.js';
import { eventWithoutInputs, snapshotWithoutInputs } from './inputs.js';
import { LivePages } from './live.js';
import { metricsOf } from './metrics.js';
import { NOTHING_POLICY, PAGE_POLICY, pageHtml } from './page.js';
import { PROMETHEUS_CONTENT_TYPE, PrometheusText } from './prometheus.js';
import { cookieName, cookieOf, drained, origin, SECURITY_HEADERS, tokenCheck } from './requests.js';
import { HEARTBEAT_MS, Stream } from './stream.js';

/** Sockets at once: past it, the server takes no more until one closes. */
export const MAX_CONNECTIONS = 128;
/** Live pages and event streams at once; past it, 503. */
export const MAX_STREAMS = 64;
/** The longest request line and headers. */
export const MAX_HEADER_BYTES = 8 * 1024;
/** The longest URL. */
export const MAX_URL = 2048;
/** A response not taken in this long is dropped (streams excepted: they have their heartbeat). */
export const RESPONSE_TIMEOUT_MS = 30_000;

/** A `--follow` event as JSON (run-follow's eventJson), or the end of a stream's first events. */
export type EventLine = Record<string, unknown>;

export interface ServeOptions {
  readonly thresholds: Thresholds;
  readonly host: string;
  readonly port: number;
  readonly token: string;
  readonly metricsOpen: boolean;
  /** Tools' inputs on the page and in the API: on loopback, or `--show-inputs`. */
  readonly showInputs: boolean;
  readonly store: Store;
  readonly claudeDir: string;
  /** `teamtop 0.1.0`. */
  readonly made: string;
  readonly version: string;
  readonly now: () => number;
  /** Follow the teams (`team`: only that one): each event as JSON, the first ones marked initial; returns a stop. */
  readonly follow: (team: string | undefined, emit: (line: EventLine) => void) => () => void;
}

export interface Serving {
  /** Where it listens: `http://127.0.0.1:7878`. */
  readonly origin: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startServer(options: ServeOptions): Promise<Serving> {
  const tokenMatches = tokenCheck(options.token);
  const live = new LivePages(options);
  const prometheus = new PrometheusText();
  const streams = new Set<Stream>();
  const counts = { page: 0, events: 0, dropped: 0 };
  let port = options.port;

  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.beat();
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const head = (response: ServerResponse, status: number, type: string, policy = NOTHING_POLICY, extra: Record<string, string> = {}) =>
    response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Security-Policy': policy, 'Content-Type': type, ...extra });

  const plain = (response: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) => {
    head(response, status, 'text/plain; charset=utf-8', NOTHING_POLICY, extra);
    response.end(`${text}\n`);
  };

  /** A stream opened for `kind`, counted, and dropped from the counts when it ends. */
  function openStream(response: ServerResponse, kind: 'page' | 'events', onEnd: () => void): Stream | undefined {
    if (streams.size >= MAX_STREAMS) {
      plain(response, 503, `teamtop: ${MAX_STREAMS} streams are open already; try again later`, { 'Retry-After': '10' });
      return undefined;
    }
    response.socket?.setTimeout(0);
    response.socket?.setNoDelay(true);
    const stream = new Stream(response, (dropped) => {
      streams.delete(stream);
      counts[kind]--;
      if (dropped) counts.dropped++;
      onEnd();
    });
    streams.add(stream);
    counts[kind]++;
    return stream;
  }

  function page(response: ServerResponse, team: string | undefined, method: string): void {
    const { sections, now } = live.sections(team);
    head(response, 200, 'text/html; charset=utf-8', PAGE_POLICY);
    response.end(method === 'HEAD' ? undefined : pageHtml(sections, { team, now, made: options.made, showInputs: options.showInputs }));
  }

  function livePage(response: ServerResponse, team: string | undefined): void {
    // Ended only once opened: `stream` is set by then.
    const stream: Stream | undefined = openStream(response, 'page', () => live.remove(team, stream!));
    if (!stream) return;
    head(response, 200, 'text/event-stream; charset=utf-8', NOTHING_POLICY, { Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    stream.send('retry: 3000\n\n');
    live.add(team, stream);
  }

  function events(request: IncomingMessage, response: ServerResponse, team: string | undefined): void {
    const sse = (request.headers.accept ?? '').includes('text/event-stream');
    const following: { stop?: () => void } = {};
    const stream = openStream(response, 'events', () => following.stop?.());
    if (!stream) return;
    head(response, 200, sse ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8', NOTHING_POLICY, {
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const write = (line: EventLine) => {
      const json = inertJson(options.showInputs ? line : eventWithoutInputs(line));
      stream.send(sse ? `data: ${json}\n\n` : `${json}\n`);
    };
    following.stop = options.follow(team, write);
    // Dropped while its first events were written: nothing is left to stop it later.
    if (!stream.isOpen) following.stop();
    write({ event: 'ready', at: new Date(options.now()).toISOString(), claudeDir: options.claudeDir });
  }

  async function state(response: ServerResponse, team: string | undefined, method: string): Promise<void> {
    const now = options.now();
    const teams = selectTeams(options.store.getState().teams);
    if (team !== undefined && !teams.some((known) => known.name === team)) {
      head(response, 404, 'application/json; charset=utf-8');
      response.end(`${inertJson({ error: 'no such team', team })}\n`);
      return;
    }
    const document = snapshot(options.store.getState(), { ...options, team, now });
    head(response, 200, 'application/json; charset=utf-8');
    if (method === 'HEAD') {
      response.end();
      return;
    }
    // A piece at a time, each taken before the next: a long run's document is megabytes.
    for (const piece of inertJsonPieces(options.showInputs ? document : snapshotWithoutInputs(document))) {
      // A client gone (or closed for not reading: RESPONSE_TIMEOUT_MS) never drains.
      if (!response.write(piece)) await drained(response);
      if (response.destroyed) return;
    }
    response.end('\n');
  }

  async function metrics(response: ServerResponse, method: string): Promise<void> {
    const families = metricsOf(options.store.getState(), {
      ...options,
      now: options.now(),
      serving: { clients: { page: counts.page, events: counts.events }, dropped: counts.dropped },
    });
    const text = await prometheus.write(families);
    head(response, 200, PROMETHEUS_CONTENT_TYPE);
    response.end(method === 'HEAD' ? undefined : text);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setTimeout(RESPONSE_TIMEOUT_MS, () => response.destroy());
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      plain(response, 405, 'teamtop serve is read-only: GET and HEAD only', { Allow: 'GET, HEAD' });
      return;
    }
    // A GET has no body: one announced is refused before any of it is read.
    if (request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0) {
      plain(response, 413, 'teamtop serve takes no request body', { Connection: 'close' });
      return;
    }
    if ((request.url ?? '').length > MAX_URL) {
      plain(response, 414, 'teamtop serve: the address is too long');
      return;
    }
    const url = new URL(request.url ?? '/', 'http://teamtop.invalid');
    const query = url.searchParams.get('token');
    const bearer = /^Bearer\s+(\S+)$/iu.exec(request.headers.authorization ?? '')?.[1];
    const cookie = cookieOf(request, cookieName(port));
    const open = url.pathname === '/metrics' && options.metricsOpen;
    if (!open && !tokenMatches(query) && !tokenMatches(bearer) && !tokenMatches(cookie)) {
      plain(
        response,
        401,
        'teamtop serve: this needs its token. Open the address teamtop serve printed (…/?token=…), or send Authorization: Bearer <token>.',
        { 'WWW-Authenticate': 'Bearer realm="teamtop"' },
      );
      return;
    }
    const team = url.searchParams.get('team') ?? undefined;
    if (url.pathname === '/' && tokenMatches(query)) {
      // The token goes into a cookie, and out of the address bar (a projected page shows no token).
      const rest = new URLSearchParams(url.searchParams);
      rest.delete('token');
      const search = rest.toString();
      head(response, 303, 'text/plain; charset=utf-8', NOTHING_POLICY, {
        'Set-Cookie': `${cookieName(port)}=${query}; HttpOnly; SameSite=Strict; Path=/`,
        Location: `/${search ? `?${search}` : ''}`,
      });
      response.end();
      return;
    }
    switch (url.pathname) {
      case '/':
        page(response, team, method);
        return;
      case '/live':
      case '/api/events':
        // A HEAD opens no stream.
        if (method === 'HEAD') {
          head(response, 200, url.pathname === '/live' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
          response.end();
        } else if (url.pathname === '/live') livePage(response, team);
        else events(request, response, team);
        return;
      case '/style.css':
        head(response, 200, 'text/css; charset=utf-8');
        response.end(method === 'HEAD' ? undefined : STYLE_CSS);
        return;
      case '/app.js':
        head(response, 200, 'text/javascript; charset=utf-8');
        response.end(method === 'HEAD' ? undefined : APP_JS);
        return;
      case '/api/state':
        await state(response, team, method);
        return;
      case '/metrics':
        await metrics(response, method);
        return;
      default:
        plain(response, 404, 'teamtop serve: nothing here (the page is /, the API /api/state and /api/events, metrics /metrics)');
    }
  }

  const server: Server = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: RESPONSE_TIMEOUT_MS, headersTimeout: 10_000, keepAliveTimeout: 5000 },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) plain(response, 500, `teamtop serve: ${(error as Error).message}`);
        else response.destroy();
      });
    },
  );
  server.maxConnections = MAX_CONNECTIONS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    origin: origin(options.host, port),
    port,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        live.close();
        for (const stream of streams) stream.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
