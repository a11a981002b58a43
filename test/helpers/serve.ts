/**
 * `teamtop serve` as a user starts it: the built CLI, its address read from
 * what it prints, stopped by its pid after the test.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { afterEach, expect } from 'vitest';
import { CLI } from './pty.js';
import { tempDir } from './fixtures.js';
import { waitFor } from './wait.js';

export interface Served {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** The address it printed, token and all. */
  readonly url: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

const started: Served[] = [];

afterEach(async () => {
  for (const served of started.splice(0)) {
    if (served.child.exitCode === null && served.child.signalCode === null) {
      served.child.kill('SIGTERM');
      const timer = setTimeout(() => served.child.kill('SIGKILL'), 5000);
      await served.exited;
      clearTimeout(timer);
    }
  }
});

/** `teamtop serve ARGS` on any free port, with a state dir of its own unless given; resolves once it printed its address. */
export async function serve(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Served> {
  const state = args.includes('--state-dir') || args.includes('--no-journal') ? [] : ['--state-dir', tempDir()];
  const port = args.includes('--port') ? [] : ['--port', '0'];
  const child = spawn(process.execPath, [CLI, 'serve', ...port, ...state, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`teamtop serve exited ${child.exitCode}: ${err}`);
      const found = /teamtop serve: (http:\/\/\S+)\n/u.exec(out);
      expect(found, `teamtop serve printed no address yet; stderr: ${err}`).not.toBeNull();
      return found![1]!;
    },
    { timeout: 20_000, interval: 20 },
  );
  const url = new URL(line);
  const served: Served = {
    child,
    url: line,
    origin: url.origin,
    port: Number(url.port),
    token: url.searchParams.get('token')!,
    stdout: () => out,
    stderr: () => err,
    exited,
  };
  started.push(served);
  return served;
}

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request, its whole answer (a raw client: no cookie jar, no redirects followed). */
export function get(
  url: string,
  options: { headers?: Record<string, string>; method?: string; body?: string; host?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(options.body);
  });
}

/** An open stream (`/live`, `/api/events`): what it has sent so far, and a way to close it. */
export interface Streamed {
  readonly text: () => string;
  close(): void;
}

export function stream(url: string, headers: Record<string, string> = {}): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    let text = '';
    const call = request(url, { headers }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      resolve({ text: () => text, close: () => call.destroy() });
    });
    call.on('error', (error) => {
      if (!call.destroyed) reject(error);
    });
    call.end();
  });
}

/** The token as a header. */
export const bearer = (served: Served): Record<string, string> => ({ Authorization: `Bearer ${served.token}` });
