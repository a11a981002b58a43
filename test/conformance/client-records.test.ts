/**
 * What the real client 2.1.332 wrote where a member dies, fails, works through
 * a subagent, compacts, leaves mail untaken or is refused a permission (issue
 * 35): each recording in test-fixtures/captures/cc-2.1.332-realcc-<scenario>-<mode>
 * still shows what its scenario's `client` checks say (conformance/scenarios/*.mjs),
 * and replays its transcripts byte for byte. And the fake API answers an HTTP
 * error, or a chosen usage, when a script asks for one.
 */
import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkClient, readClientRecords, type ClientCheck } from '../../conformance/client-records.mjs';
import { loadRecording } from '../../harness/recording.mjs';
import { applyOperation } from '../../harness/reenact.mjs';
import { CAPTURES, tempDir } from '../helpers/fixtures.js';

const SCENARIOS = join(import.meta.dirname, '..', '..', 'conformance', 'scenarios');
const RECORDING = /^cc-2\.1\.332-realcc-(.+)-(in-process|tmux)$/u;

/**
 * Every 2.1.332 recording this project's driver made (`--record`: with the
 * transcripts' appends; the `team` ones came from ../shared/realcc, without).
 */
const RECORDINGS = readdirSync(CAPTURES)
  .map((name) => ({ name, match: RECORDING.exec(name) }))
  .filter(({ name, match }) => match !== null && existsSync(join(CAPTURES, name, 'snap', 'final', 'projects')))
  .map(({ name, match }) => ({ name, scenario: match![1]!, mode: match![2]! }));

async function clientChecks(scenario: string): Promise<readonly ClientCheck[] | undefined> {
  const module = (await import(pathToFileURL(join(SCENARIOS, `${scenario}.mjs`)).href)) as {
    scenario: { client?: readonly ClientCheck[] };
  };
  return module.scenario.client;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

describe('the recordings of issue 35', () => {
  it('are all there: a death mid-tool and one while idle, API errors, subagents, a compaction, untaken mail, a refusal', () => {
    expect(RECORDINGS.map(({ name }) => name)).toEqual([
      'cc-2.1.332-realcc-api-errors-in-process',
      'cc-2.1.332-realcc-compaction-in-process',
      'cc-2.1.332-realcc-killed-idle-tmux',
      'cc-2.1.332-realcc-member-killed-tmux',
      'cc-2.1.332-realcc-refused-permission-in-process',
      'cc-2.1.332-realcc-refused-permission-tmux',
      'cc-2.1.332-realcc-subagents-in-process',
      'cc-2.1.332-realcc-subagents-tmux',
      'cc-2.1.332-realcc-untaken-mail-tmux',
    ]);
  });

  it.each(RECORDINGS)("$name shows what its scenario's client checks say", async ({ name, scenario, mode }) => {
    const checks = await clientChecks(scenario);
    expect(checks?.length).toBeGreaterThan(0);
    expect(checkClient(checks!, readClientRecords(join(CAPTURES, name)), mode)).toEqual([]);
  });

  it.each(RECORDINGS)('$name replays to the transcripts the client left, byte for byte', ({ name }) => {
    const folder = join(CAPTURES, name);
    const after = join(folder, 'snap', 'final', 'projects');
    const dir = tempDir();
    for (const op of loadRecording(folder).ops) applyOperation(dir, op);
    const left = [...files(after)];
    expect(left.length).toBeGreaterThan(0);
    for (const path of left) {
      const rel = relative(join(folder, 'snap', 'final'), path);
      expect(readFileSync(join(dir, rel)).equals(readFileSync(path)), rel).toBe(true);
    }
  });

  it('a check that no longer holds says what it found', () => {
    const records = readClientRecords(join(CAPTURES, 'cc-2.1.332-realcc-member-killed-tmux'));
    const failures = checkClient(
      [
        { says: 'bob lives', check: (found) => found.kills.length === 0 },
        {
          says: 'the lead is idle',
          check: (found) => found.sessions[0]?.data?.status === 'idle' || `status ${String(found.sessions[0]?.data?.status)}`,
        },
      ],
      records,
    );
    expect(failures).toEqual(['bob lives: no', 'the lead is idle: status busy']);
  });
});

/** The fake API as run.mjs runs it, on a scenario that asks for an error, then a usage, then a delay. */
async function fakeApi() {
  const dir = tempDir();
  const scenarioFile = join(dir, 'scenario.mjs');
  const kit = pathToFileURL(join(SCENARIOS, '..', 'script-kit.mjs')).href;
  writeFileSync(
    scenarioFile,
    `import { PROMPT } from '${kit}';
export const scenario = {
  lead(turn) {
    if (turn.failures() === 0) return turn.error(429, 'rate_limit_error', 'fake rate limit', { 'retry-after': '3' });
    if (turn.failures() === 1) return turn.error(529, 'overloaded_error', 'fake overloaded');
    if (!turn.done('u01')) return turn.usage({ input_tokens: 4000, cache_read_input_tokens: 186000 }, turn.tools('u01', [['Bash', { command: 'true' }]]));
    return [{ type: '_delay', seconds: 0.3 }, ...turn.say('late')];
  },
  teammate: () => [],
};
void PROMPT;
`,
  );
  const child = fork(join(SCENARIOS, '..', 'fake-api.mjs'), [scenarioFile, dir, dir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve) =>
    child.on('message', (message: { port?: number }) => message.port && resolve(message.port)),
  );
  return { child, port, dir };
}

describe('the fake API', () => {
  it('answers an HTTP error with its headers, or a chosen usage, or late, as a script asks', async () => {
    const { child, port, dir } = await fakeApi();
    try {
      const messages: unknown[] = [{ role: 'user', content: [{ type: 'text', text: 'RUN-TEAM-SCRIPT' }] }];
      const call = () =>
        fetch(`http://127.0.0.1:${port}/v1/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'claude-fake', tools: [{ name: 'Agent' }], messages }),
        });
      const limited = await call();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expect(await limited.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'fake rate limit' } });
      const overloaded = await call();
      expect(overloaded.status).toBe(529);
      expect(((await overloaded.json()) as { error: { type: string } }).error.type).toBe('overloaded_error');

      const answered = await call();
      expect(answered.status).toBe(200);
      const message = (await answered.json()) as { content: { id: string }[]; usage: Record<string, number> };
      expect(message.usage).toMatchObject({ input_tokens: 4000, cache_read_input_tokens: 186000 });
      expect(message.usage.output_tokens).toBeGreaterThan(0);

      messages.push({ role: 'assistant', content: message.content }, { role: 'user', content: [{ type: 'text', text: 'go on' }] });
      const started = performance.now();
      const late = await call();
      expect(((await late.json()) as { content: { text: string }[] }).content[0]!.text).toBe('late');
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);

      // The ledger: two errors, then the responses with the usage they reported.
      const ledger = readFileSync(join(dir, 'ledger.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(ledger.filter((line) => line['error'] !== undefined).map((line) => line['error'])).toEqual([429, 529]);
      expect(ledger.find((line) => line['usage'] !== undefined)).toMatchObject({ who: 'lead', usage: { input: 4000, cacheRead: 186000 } });
    } finally {
      child.kill();
    }
  });
});
