/**
 * A real Prometheus (Debian's `prometheus`) scrapes `teamtop serve`: started
 * here on a loopback port with a config and a data dir of its own, the
 * token as its bearer credentials and docs/teamtop-alerts.yml as its rules,
 * asked through its HTTP API, and stopped by its pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { get, serve } from '../helpers/serve.js';
import { waitFor } from '../helpers/wait.js';
import { ALICE_TOKENS, TEAM, workingTeam } from './team.js';

const RULES = resolve(import.meta.dirname, '../../docs/teamtop-alerts.yml');

const running: ChildProcess[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(child.pid!, 'SIGTERM');
    await exited;
  }
});

/** A port free on loopback now. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

interface Vector {
  readonly status: string;
  readonly data: { readonly result: readonly { readonly metric: Record<string, string>; readonly value: [number, string] }[] };
}

interface Alerts {
  readonly data: { readonly alerts: readonly { readonly labels: Record<string, string>; readonly state: string }[] };
}

describe('a real Prometheus scraping teamtop serve', () => {
  it("scrapes /metrics with the token, and answers a query for a member's tokens and an open incident", { timeout: 90_000 }, async () => {
    const { dir } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal', '--stall-after', '5']);
    const home = tempDir('teamtop-prometheus-');
    const port = await freePort();
    const config = join(home, 'prometheus.yml');
    writeFileSync(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${RULES}']`,
        'scrape_configs:',
        '  - job_name: teamtop',
        `    authorization: { type: Bearer, credentials: '${served.token}' }`,
        `    static_configs: [{ targets: ['127.0.0.1:${served.port}'] }]`,
        '',
      ].join('\n'),
    );
    let log = '';
    const prometheus = spawn(
      'prometheus',
      [`--config.file=${config}`, `--storage.tsdb.path=${join(home, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.on('error', (error) => (log += `cannot start Debian's prometheus (.ci/run installs it): ${error.message}`));
    prometheus.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    prometheus.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    running.push(prometheus);
    const api = `http://127.0.0.1:${port}/api/v1`;
    const query = async (promql: string): Promise<Vector['data']['result']> => {
      const answer = await get(`${api}/query?query=${encodeURIComponent(promql)}`);
      expect(answer.status, log).toBe(200);
      return (JSON.parse(answer.body) as Vector).data.result;
    };

    const tokens = await waitFor(
      async () => {
        const result = await query(`teamtop_member_tokens_total{team="${TEAM}",member="alice",kind="input"}`);
        expect(result, log).toHaveLength(1);
        return result[0]!;
      },
      { timeout: 60_000, interval: 500 },
    );
    expect(Number(tokens.value[1])).toBe(ALICE_TOKENS.input);
    expect(tokens.metric).toMatchObject({ job: 'teamtop', instance: `127.0.0.1:${served.port}`, team: TEAM, member: 'alice' });

    const incidents = await waitFor(
      async () => {
        const result = await query('teamtop_incidents_open > 0');
        expect(result, log).not.toHaveLength(0);
        return result;
      },
      { timeout: 30_000, interval: 500 },
    );
    // Bob's request stalled; alice's mail, unread past the same threshold, piles up.
    expect(incidents.map(({ metric }) => [metric['team'], metric['kind'], metric['severity']])).toContainEqual([
      TEAM,
      'stalled',
      'warning',
    ]);
    expect((await query('up{job="teamtop"}'))[0]!.value[1]).toBe('1');

    // The documented rule sees it: pending for its five minutes.
    await waitFor(
      async () => {
        const alerts = (JSON.parse((await get(`${api}/alerts`)).body) as Alerts).data.alerts;
        expect(alerts).toContainEqual(
          expect.objectContaining({ labels: expect.objectContaining({ alertname: 'TeamtopTeamStalled', team: TEAM, kind: 'stalled' }) }),
        );
      },
      { timeout: 30_000, interval: 500 },
    );
  });
});
