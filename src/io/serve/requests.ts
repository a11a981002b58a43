/** What every response of `teamtop serve` shares: its headers, the token check, the cookie, back-pressure. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
} as const;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Whether a request's token is `token`, compared in constant time. */
export function tokenCheck(token: string): (given: string | undefined | null) => boolean {
  const expected = digest(token);
  return (given) => typeof given === 'string' && given.length > 0 && given.length < 1024 && timingSafeEqual(digest(given), expected);
}

/** The cookie the page's first request sets, named by port: two servers on one host keep theirs apart. */
export const cookieName = (port: number): string => `teamtop-${port}`;

export function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export function origin(host: string, port: number): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Once what waits has gone to the client, or the client has gone. */
export function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
