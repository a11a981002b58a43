/**
 * The bin's first line is a plain `#!/usr/bin/env node`, and it sets its V8
 * flags itself as it starts (src/cli/v8-flags.ts). V8's own logs show each
 * taking effect for the code that follows, as if node had been given it:
 * `--log-code` names the tier of every piece of code V8 makes (`~` bytecode,
 * `^` Sparkplug, `+` Maglev, `*` TurboFan), `--trace-gc-verbose` the factor of
 * every new old-generation limit (`--stress-compaction` makes collections
 * happen on a small input).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineLater, optimising, v8Flags } from '../../src/cli/v8-flags.js';
import { CLI } from '../helpers/pty.js';

const FIXTURE = join(import.meta.dirname, '..', '..', 'test-fixtures', 'protocol-zoo');
const scratch = mkdtempSync(join(tmpdir(), 'teamtop-v8-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The chunks dist/cli.js imports statically: evaluated before the flags are set. */
function loadedFirst(): Set<string> {
  const entry = readFileSync(CLI, 'utf8');
  return new Set(['cli.js', ...[...entry.matchAll(/(?:import|from)\s*"\.\/(chunks\/[^"]+)"/gu)].map((match) => match[1]!)]);
}

interface Observed {
  /** Each function of dist/ that got code, by `file:line:column`, and the tiers of its code. */
  readonly tiers: Map<string, Set<string>>;
  /** The growing factor of each old-generation limit V8 set. */
  readonly factors: number[];
}

/** The GC's logs, and collections often enough for them to say something on a small input. */
const GC_LOGS = ['--trace-gc-verbose', '--stress-compaction'];

function observe(name: string, nodeFlags: readonly string[], args = ['--json', '--no-journal', '--dir', FIXTURE], gc = GC_LOGS): Observed {
  const log = join(scratch, `${name}.log`);
  const run = spawnSync(
    process.execPath,
    ['--log-code', `--logfile=${log}`, '--no-logfile-per-isolate', ...gc, ...nodeFlags, CLI, ...args],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  expect(run.status).toBe(0);
  const first = loadedFirst();
  const tiers = new Map<string, Set<string>>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const match = /^code-creation,JS,.*\/dist\/([^,:]+:\d+:\d+),[^,]*,([~^+*])$/u.exec(line);
    if (!match || first.has(match[1]!.split(':', 1)[0]!)) continue;
    tiers.set(match[1]!, (tiers.get(match[1]!) ?? new Set()).add(match[2]!));
  }
  // Node 20 and 22 print the factor used at the end of each `Limit:` line; Node 24 on its `factor` line.
  const limits = [...run.stdout.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/gu)];
  const chosen = limits.length > 0 ? limits : [...run.stdout.matchAll(/\[HeapController\] factor (\d+\.\d) based/gu)];
  const factors = chosen.map((match) => Number(match[1]));
  return { tiers, factors };
}

const withoutBaseline = (observed: Observed): string[] =>
  [...observed.tiers].filter(([, tiers]) => !tiers.has('^')).map(([where]) => where);

/** The tiers of code V8 makes below each `--max-opt`: what the bin's setting allows. */
const TIERS_UP_TO = { 1: ['~', '^'], 2: ['~', '^', '+'] } as const;

describe("the bin's V8 flags, per Node major version", () => {
  it('are those measured on 20 for 20, 22 and 24 (measured on each)', () => {
    const node20 = ['--max-opt=1', '--always-sparkplug', '--heap-growing-percent=50'];
    expect(v8Flags(20)).toEqual(node20);
    expect(v8Flags(22)).toEqual(node20);
    expect(v8Flags(24)).toEqual(node20);
    // A newer Node runs with the newest measured below it; an older one with Node 20's.
    expect(v8Flags(26)).toEqual(v8Flags(24));
    expect(v8Flags(18)).toEqual(node20);
  });
});

const NODE_MAJOR = Number(process.versions.node.split('.', 1)[0]);

describe(`the bin's V8 flags on this Node (${process.version})`, () => {
  const flags = v8Flags(NODE_MAJOR);
  const maxOpt = Number(/^--max-opt=(\d)$/u.exec(flags.find((flag) => flag.startsWith('--max-opt='))!)![1]) as 1 | 2;

  it('take effect for all of teamtop that loads after them, started as `node dist/cli.js`', () => {
    const observed = observe('bin', []);
    expect(observed.tiers.size).toBeGreaterThan(100);
    if (flags.includes('--always-sparkplug')) {
      // Every function compiled gets baseline code at once, even one called once.
      expect(withoutBaseline(observed)).toEqual([]);
    } else {
      expect(withoutBaseline(observed).length).toBeGreaterThan(50);
    }
    // --max-opt: nothing is compiled by a tier above it. From Node 24, V8 still hands a few functions
    // to Maglev after the flag is set at run time (two, in this run's log), never one to TurboFan.
    const allowed = new Set<string>(TIERS_UP_TO[maxOpt]);
    const above = [...observed.tiers].filter(([, tiers]) => [...tiers].some((tier) => !allowed.has(tier)));
    expect(above.filter(([, tiers]) => tiers.has('*'))).toEqual([]);
    expect(above.length).toBeLessThanOrEqual(NODE_MAJOR >= 24 ? 5 : 0);
    // --heap-growing-percent=50: each new old-generation limit is 1.5 times what survived.
    expect(observed.factors.length).toBeGreaterThan(0);
    // (V8 may choose less than the cap when collections are cheap.)
    expect(Math.max(...observed.factors)).toBe(1.5);
  });

  it('leave the flags a user gave node as the user gave them (and the checks above can fail)', () => {
    const observed = observe('user', ['--max-opt=999', '--no-always-sparkplug', '--heap-growing-percent=30']);
    expect(withoutBaseline(observed).length).toBeGreaterThan(50);
    expect(observed.factors.length).toBeGreaterThan(0);
    expect(Math.max(...observed.factors)).toBe(1.3);
  });

  it('need nothing on the first line: a plain `#!/usr/bin/env node`, which busybox runs too', () => {
    expect(readFileSync(CLI, 'utf8').split('\n', 1)[0]).toBe('#!/usr/bin/env node');
  });
});

/**
 * A recording of a long run: a team of three, and `messages` messages among
 * them, each written to its inbox and delivered a moment later (two entries).
 */
function longRecording(messages: number): string {
  const path = join(scratch, `long-${messages}.jsonl`);
  const start = Date.parse('2026-11-01T00:00:00Z');
  const members = ['team-lead', 'worker-1', 'worker-2'];
  const config = { name: 'long', members: members.map((name) => ({ agentId: `${name}@long`, name, agentType: 'general-purpose' })) };
  const inbox = (name: string) => `teams/long/inboxes/${name}.json`;
  const lines: object[] = [
    { teamtop: 'journal', v: 2, run: 'r', team: 'long', claudeDir: '/c', started: start },
    { op: 'file', t: start, live: false, path: 'teams/long/config.json', text: JSON.stringify(config) },
  ];
  for (let i = 0; i < messages; i++) {
    const t = start + 1000 * (i + 1);
    const to = members[i % 3]!;
    const from = members[(i + 1) % 3]!;
    const message = { from, text: `item ${i} is done`, timestamp: new Date(t).toISOString(), read: false, msg_id: `m${i}` };
    lines.push(
      { op: 'inbox', t, live: true, path: inbox(to), messages: [message] },
      { op: 'inbox', t: t + 100, live: true, path: inbox(to), messages: [] },
    );
  }
  writeFileSync(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return path;
}

describe("the live dashboard's first frame", () => {
  it('is drawn without baseline code for every function, which is turned on again once after it', () => {
    const set: string[] = [];
    const drawn = baselineLater((flags) => set.push(flags));
    expect(set).toEqual(['--no-always-sparkplug']);
    drawn();
    drawn();
    expect(set).toEqual(['--no-always-sparkplug', '--always-sparkplug']);
  });
});

describe('bulk work done once: a journal restored, a recording replayed', () => {
  it('runs with the optimising compiler, then puts the tier back, also when the work throws or is async', async () => {
    const own = v8Flags(NODE_MAJOR).find((flag) => flag.startsWith('--max-opt='))!;
    const set: string[] = [];
    const record = (flags: string) => set.push(flags);
    expect(optimising(() => optimising(() => 42, record), record)).toBe(42);
    // Once for the outer call: the inner one does not put the tier back under it.
    expect(set).toEqual(['--max-opt=999 --turbofan', `${own} --no-turbofan`]);
    set.length = 0;
    expect(() =>
      optimising(() => {
        throw new Error('torn');
      }, record),
    ).toThrow('torn');
    expect(set).toEqual(['--max-opt=999 --turbofan', `${own} --no-turbofan`]);
    set.length = 0;
    let settle!: (value: string) => void;
    const pending = optimising(() => new Promise<string>((resolve) => (settle = resolve)), record);
    expect(set).toEqual(['--max-opt=999 --turbofan']);
    settle('printed');
    await expect(pending).resolves.toBe('printed');
    expect(set).toEqual(['--max-opt=999 --turbofan', `${own} --no-turbofan`]);
  });

  it('makes optimised code for a replay of 2,000 messages, and none when the user gave node its tier', () => {
    const args = ['replay', longRecording(2000), '--json', '--now', '2026-11-01T01:00:00Z'];
    // TurboFan on Node 20 (about 40 functions); Maglev on Node 24, which compiles about as many
    // there whatever the bin set at run time (so this fails without the lift on Node 20 only).
    const optimised = (observed: Observed) => [...observed.tiers].filter(([, tiers]) => tiers.has('*') || tiers.has('+'));
    expect(optimised(observe('replay', [], args, [])).length).toBeGreaterThan(10);
    expect(optimised(observe('replay-user', ['--max-opt=1'], args, []))).toEqual([]);
  });
});
