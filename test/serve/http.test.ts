/**
 * `teamtop serve` from outside, over HTTP: the token refused and accepted,
 * the address it binds, what it refuses, the API as `--json` and `--follow`
 * give it, the metrics as Prometheus' own checker reads them, hostile names,
 * and clients that never read.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_MEMBERS } from '../../src/io/serve/metric-labels.js';
import { runCli } from '../helpers/cli.js';
import { CLI } from '../helpers/pty.js';
import { tempDir } from '../helpers/fixtures.js';
import { TeamFiles } from '../helpers/team-files.js';
import { waitFor } from '../helpers/wait.js';
import { bearer, get, serve, stream } from '../helpers/serve.js';
import { ALICE_INPUT, ALICE_TOKENS, BOB_INPUT, TEAM, workingTeam } from './team.js';

interface MemberJson {
  readonly name: string;
  readonly activity: { readonly state: string; readonly tool: string | null; readonly detail: string | null };
}
interface MessageJson {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly text: string;
  readonly data: Record<string, unknown> | null;
}
interface StateJson {
  readonly teams: readonly { readonly name: string; readonly members: readonly MemberJson[]; readonly messages: readonly MessageJson[] }[];
}
type EventJson = Record<string, unknown> & { readonly event: string; readonly message?: MessageJson };

/** Prometheus' own checker of the text format and its naming conventions (Debian's prometheus package). */
function promtool(text: string): { code: number | null; out: string } {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool (Debian's prometheus package; .ci/run installs it) is needed here: ${run.error.message}`);
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** A sample's value by its exact series text, as written (`name{labels}`). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('teamtop serve over HTTP', () => {
  it('refuses every request without its token, and takes it in the address, as a bearer, or as the cookie its page sets', async () => {
    const { dir } = workingTeam();
    const files = () =>
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .map((entry) => join(entry.parentPath, entry.name))
        .sort();
    const before = files();
    const served = await serve(['--dir', dir]);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/u);
    for (const path of ['/', '/live', '/api/state', '/api/events', '/metrics', '/app.js', '/nothing']) {
      const refused = await get(`${served.origin}${path}`);
      expect(refused.status, path).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="teamtop"');
      expect(refused.body).not.toContain(TEAM);
    }
    expect((await get(`${served.origin}/api/state?token=${served.token}x`)).status).toBe(401);
    expect((await get(`${served.origin}/api/state`, { headers: { Authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);

    // The address it printed: the token becomes a cookie, and leaves the address bar.
    const first = await get(served.url);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict; Path=\//u);
    const page = await get(`${served.origin}/`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('alice');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const state = await get(`${served.origin}/api/state`, { headers: bearer(served) });
    expect(state.status).toBe(200);
    expect((JSON.parse(state.body) as StateJson).teams[0]!.name).toBe(TEAM);
    expect((await get(`${served.origin}/metrics?token=${served.token}`)).status).toBe(200);
    // It writes nothing but its journal (in its state dir).
    expect(files()).toEqual(before);
  });

  it('takes its token from TEAMTOP_TOKEN, refuses one that is too weak, and says when its port is taken', async () => {
    const { dir } = workingTeam();
    const token = 'a-token-set-ahead-for-the-scraper';
    const served = await serve(['--dir', dir, '--no-journal'], { TEAMTOP_TOKEN: token });
    expect(served.token).toBe(token);
    expect((await get(`${served.origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const weak = runCli(['serve', '--dir', dir, '--no-journal', '--port', '0'], { TEAMTOP_TOKEN: 'short' });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('TEAMTOP_TOKEN must be 16 to 256');
    const taken = runCli(['serve', '--dir', dir, '--no-journal', '--port', String(served.port)]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe(
      `teamtop serve: cannot listen on 127.0.0.1:${served.port}: port ${served.port} is in use: choose another with --port N (0: any free port)\n`,
    );
  });

  it('leaves /metrics open with --metrics-open, and nothing else', async () => {
    const { dir } = workingTeam();
    const served = await serve(['--dir', dir, '--metrics-open']);
    expect((await get(`${served.origin}/metrics`)).status).toBe(200);
    expect((await get(`${served.origin}/`)).status).toBe(401);
    expect((await get(`${served.origin}/api/state`)).status).toBe(401);
    await waitFor(() => expect(served.stderr()).toContain('/metrics is open'));
  });

  it("binds to 127.0.0.1 unless told otherwise; beyond loopback it says so on stderr and hides tools' inputs", async () => {
    const { dir } = workingTeam();
    const local = await serve(['--dir', dir, '--no-journal']);
    // Another loopback address of this machine: a server bound to 127.0.0.1 alone does not answer there.
    await expect(get(`http://127.0.0.2:${local.port}/`)).rejects.toThrow(/ECONNREFUSED/u);
    expect(local.stderr()).toBe('');
    const alice = (document: StateJson) => document.teams[0]!.members.find((member) => member.name === 'alice')!;
    await waitFor(async () => {
      const shown = JSON.parse((await get(`${local.origin}/api/state`, { headers: bearer(local) })).body) as StateJson;
      expect(alice(shown).activity.detail).toBe(ALICE_INPUT);
      expect(JSON.stringify(shown)).toContain(BOB_INPUT);
    });

    const everywhere = await serve(['--dir', dir, '--no-journal', '--host', '0.0.0.0']);
    // stderr is its own pipe: the warning may come after the address on stdout.
    await waitFor(() => expect(everywhere.stderr()).toMatch(/listening on 0\.0\.0\.0: the page can be read from other machines/u));
    const reached = await get(`http://127.0.0.2:${everywhere.port}/api/state`, { headers: bearer(everywhere) });
    expect(reached.status).toBe(200);
    await waitFor(async () => {
      const hidden = JSON.parse(
        (await get(`http://127.0.0.2:${everywhere.port}/api/state`, { headers: bearer(everywhere) })).body,
      ) as StateJson;
      expect(alice(hidden).activity).toMatchObject({ state: 'tool', tool: 'Read', detail: null });
      const request = hidden.teams[0]!.messages.find((message) => message.kind === 'permission_request')!;
      expect(request.data!['tool_name']).toBe('Bash');
      expect(JSON.stringify(hidden)).not.toContain(BOB_INPUT);
      expect(JSON.stringify(hidden)).not.toContain(ALICE_INPUT);
    });
    const page = await get(`http://127.0.0.2:${everywhere.port}/`, { headers: bearer(everywhere) });
    expect(page.body).toContain('▶ Read');
    expect(page.body).not.toContain(ALICE_INPUT);

    const shown = await serve(['--dir', dir, '--no-journal', '--host', '0.0.0.0', '--show-inputs']);
    await waitFor(async () => {
      const page = await get(`http://127.0.0.2:${shown.port}/`, { headers: bearer(shown) });
      expect(page.body).toContain(ALICE_INPUT);
    });
  });

  it('is read-only and bounded: GET and HEAD only, no body, a short address', async () => {
    const { dir } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal']);
    expect((await get(`${served.origin}/api/state`, { method: 'POST', headers: bearer(served), body: '{}' })).status).toBe(405);
    expect((await get(`${served.origin}/api/state`, { method: 'DELETE', headers: bearer(served) })).status).toBe(405);
    const withBody = await get(`${served.origin}/api/state`, { headers: { ...bearer(served), 'Content-Length': '5' }, body: 'hello' });
    expect(withBody.status).toBe(413);
    expect((await get(`${served.origin}/?team=${'x'.repeat(3000)}`, { headers: bearer(served) })).status).toBe(414);
    for (const path of ['/metrics', '/live', '/api/events', '/api/state', '/']) {
      const head = await get(`${served.origin}${path}`, { method: 'HEAD', headers: bearer(served) });
      expect(head.status, path).toBe(200);
      expect(head.body, path).toBe('');
    }
    // A HEAD opened no stream.
    const metrics = (await get(`${served.origin}/metrics`, { headers: bearer(served) })).body;
    expect(metrics).toContain('teamtop_serve_clients{stream="page"} 0\nteamtop_serve_clients{stream="events"} 0\n');
    // Headers past the bound: Node's parser refuses them (431) before teamtop sees the request.
    expect((await get(`${served.origin}/`, { headers: { ...bearer(served), 'X-Big': 'y'.repeat(20_000) } })).status).toBe(431);
  });

  it('gives the --json document at /api/state, and the --follow events at /api/events, a message written after it opened among them', async () => {
    const { dir, files } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal']);
    const json = JSON.parse(runCli(['--json', '--dir', dir, '--no-journal']).stdout) as StateJson;
    const state = JSON.parse((await get(`${served.origin}/api/state`, { headers: bearer(served) })).body) as StateJson;
    expect(Object.keys(state)).toEqual(Object.keys(json));
    expect(state.teams.map((team) => team.name)).toEqual(json.teams.map((team) => team.name));
    expect(state.teams[0]!.members.map((member) => member.name)).toEqual(['team-lead', 'alice', 'bob']);
    expect(Object.keys(state.teams[0]!)).toEqual(Object.keys(json.teams[0]!));
    expect((await get(`${served.origin}/api/state?team=nobody`, { headers: bearer(served) })).status).toBe(404);

    const lines = await stream(`${served.origin}/api/events`, bearer(served));
    const events = () =>
      lines
        .text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as EventJson);
    await waitFor(() => expect(events().map((event) => event.event)).toContain('ready'));
    expect(events()[0]).toMatchObject({ event: 'team', team: TEAM, change: 'new', initial: true });
    files.send('team-lead', 'alice', 'The API is drafted: see src/api.ts', 20, 'API drafted');
    await waitFor(() => expect(events()).toContainEqual(expect.objectContaining({ event: 'message', change: 'new' })));
    const message = events().find((event) => event.event === 'message')!;
    expect(message.message).toMatchObject({ from: 'alice', to: 'team-lead', text: 'The API is drafted: see src/api.ts' });
    lines.close();

    const sse = await stream(`${served.origin}/api/events?team=${TEAM}`, { ...bearer(served), Accept: 'text/event-stream' });
    await waitFor(() => expect(sse.text()).toContain('"event":"ready"'));
    expect(sse.text()).toMatch(/^data: \{"event":"team"/u);
    sse.close();
  });

  it("writes /metrics as Prometheus' checker wants it: members' tokens, a gauge per status, open handshakes and incidents", async () => {
    const { dir } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal', '--stall-after', '5']);
    const metrics = async () => (await get(`${served.origin}/metrics`, { headers: bearer(served) })).body;
    const at = (member: string) => `team="${TEAM}",member="${member}"`;
    await waitFor(
      async () => {
        const text = await metrics();
        expect(sample(text, `teamtop_member_tokens_total{${at('alice')},kind="input"}`)).toBe(ALICE_TOKENS.input);
        expect(sample(text, `teamtop_incidents_open{team="${TEAM}",kind="stalled",severity="warning"}`)).toBe(1);
      },
      { interval: 200 },
    );
    const text = await metrics();
    expect(promtool(text)).toEqual({ code: 0, out: '' });
    expect(sample(text, `teamtop_member_tokens_total{${at('alice')},kind="cache_read"}`)).toBe(ALICE_TOKENS.cacheRead);
    expect(sample(text, `teamtop_member_status{${at('alice')},status="working"}`)).toBe(1);
    expect(sample(text, `teamtop_member_status{${at('alice')},status="idle"}`)).toBe(0);
    expect(sample(text, `teamtop_member_activity{${at('alice')},activity="tool"}`)).toBe(1);
    expect(sample(text, `teamtop_handshakes_open{team="${TEAM}",kind="permission"}`)).toBe(1);
    expect(sample(text, `teamtop_handshakes_oldest_open_age_seconds{team="${TEAM}",kind="permission"}`)).toBeGreaterThan(5);
    expect(sample(text, `teamtop_member_unread_messages{${at('alice')}}`)).toBe(1);
    expect(sample(text, `teamtop_team_running{team="${TEAM}"}`)).toBe(1);
    expect(text).toContain('# TYPE teamtop_member_tokens_total counter');
    expect(text).toContain('# TYPE teamtop_member_context_ratio gauge');
  });

  it('escapes hostile names in /metrics and bounds their number; on the page they are text', async () => {
    const dir = tempDir();
    // Any byte but `/` and NUL may name a folder, and so a team.
    const team = 'evil"team\\<script>alert(1)<\\script>\nnext';
    const files = new TeamFiles(dir, Date.now() - 30_000, team);
    // The last two read the same once cut to a label's length.
    const long = 'x'.repeat(120);
    const hostile = [
      'quote"and\\backslash',
      '<style><img src=x onerror=alert(1)>',
      'new\nline',
      '\u001b]0;pwned-title\u0007',
      `${long}a`,
      `${long}b`,
    ];
    const crowd = Array.from({ length: 2000 }, (_, i) => `member-${i}`);
    files.config([...hostile, ...crowd].map((name) => files.teammate(name)));
    files.send(hostile[1]!, hostile[0]!, '<b onmouseover=alert(2)>bold</b>', 5, '<i>summary</i>');
    const served = await serve(['--dir', dir, '--no-journal']);
    const text = await waitFor(
      async () => {
        const body = (await get(`${served.origin}/metrics`, { headers: bearer(served) })).body;
        expect(body).toContain('teamtop_team_members_unlisted');
        return body;
      },
      { interval: 200 },
    );
    expect(promtool(text).code).toBe(0);
    expect(text).toContain('member="quote\\"and\\\\backslash"');
    expect(text).not.toMatch(/\u001b|\u0007/u);
    expect(text).toContain(`member="${'x'.repeat(99)}…"`);
    expect(text).toContain(`member="${'x'.repeat(99)}…~2"`);
    const members = new Set(
      [...text.matchAll(/teamtop_member_status\{team="[^\n]*?",member="((?:[^"\\]|\\.)*)"/gu)].map((match) => match[1]),
    );
    expect(members.size).toBe(MAX_MEMBERS);
    expect(text).toMatch(
      new RegExp(`teamtop_team_members_unlisted\\{team="[^\\n]*"\\} ${hostile.length + crowd.length + 1 - MAX_MEMBERS}\\n`, 'u'),
    );

    const page = (await get(`${served.origin}/`, { headers: bearer(served) })).body;
    expect(page).not.toMatch(/<img|<script>alert|<b onmouseover|<i>summary/u);
    expect(page).toContain('&lt;style&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page.match(/<script/gu)).toHaveLength(1);
  });

  it('drops 50 clients that never read, its memory bounded, while a page that reads gets every change', { timeout: 120_000 }, async () => {
    const { dir, files } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal']);
    const reader = await stream(`${served.origin}/live`, bearer(served));
    await waitFor(() => expect(reader.text()).toContain('event: sections'));
    const before = rssMb(served.child.pid!);
    // Clients that ask for the live page and never read a byte of it.
    const stalled: Socket[] = await Promise.all(
      Array.from(
        { length: 50 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect(served.port, '127.0.0.1', () => {
              socket.pause();
              socket.write(`GET /live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${served.token}\r\n\r\n`);
              resolve(socket);
            });
            socket.on('error', reject);
          }),
      ),
    );
    const clients = async () => (await get(`${served.origin}/metrics`, { headers: bearer(served) })).body;
    await waitFor(async () => expect(sample(await clients(), 'teamtop_serve_clients{stream="page"}')).toBe(51));
    let peak = before;
    const long = 'x'.repeat(150);
    for (let i = 0; i < 400 && sample(await clients(), 'teamtop_serve_clients_dropped_total') !== 50; i++) {
      files.send('team-lead', i % 2 === 0 ? 'alice' : 'bob', `update ${i} ${long}`, 10 + i / 100, `update ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (i % 20 === 0) peak = Math.max(peak, rssMb(served.child.pid!));
    }
    await waitFor(async () => expect(sample(await clients(), 'teamtop_serve_clients_dropped_total')).toBe(50), { timeout: 30_000 });
    peak = Math.max(peak, rssMb(served.child.pid!));
    // What can wait for 50 clients is at most 50 × 512 KB: a server that kept buffering would grow far past it.
    expect(peak - before).toBeLessThan(80);
    expect(sample(await clients(), 'teamtop_serve_clients{stream="page"}')).toBe(1);
    files.send('team-lead', 'alice', 'the-last-message-marker', 30);
    await waitFor(() => expect(reader.text()).toContain('the-last-message-marker'));
    for (const socket of stalled) socket.destroy();
    reader.close();
  });

  it('serves the demo team with demo --serve, until interrupted, and leaves nothing behind', { timeout: 60_000 }, async () => {
    const demo = spawn(process.execPath, [CLI, 'demo', '--serve', '--port', '0', '--speed', '10'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => demo.on('exit', (code) => resolve(code)));
    try {
      let out = '';
      demo.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      const address = await waitFor(() => /teamtop serve: (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)\n/u.exec(out)!.slice(1), {
        timeout: 20_000,
      });
      const headers = { Authorization: `Bearer ${address[1]}` };
      const state = await waitFor(
        async () => {
          const shown = JSON.parse((await get(`${address[0]}/api/state`, { headers })).body) as StateJson & { claudeDir: string };
          expect(shown.teams.map((team) => team.name)).toEqual(['v2-release']);
          expect(shown.teams[0]!.members).toHaveLength(5);
          return shown;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect((await get(`${address[0]}/`, { headers })).body).toContain('<h1>v2-release</h1>');
      demo.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(existsSync(state.claudeDir)).toBe(false);
    } finally {
      demo.kill('SIGKILL');
    }
  });
});
