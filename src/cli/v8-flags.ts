/**
 * The V8 settings teamtop runs with, set by the bin as it starts: the bin's
 * first line is a plain `#!/usr/bin/env node` (busybox's env, as in Alpine,
 * passes no arguments to node), and `npm start`, `npm run demo`, the tests and
 * the benchmark run the bin as users do, so this is the one place they live.
 *
 * CPU, for a process that mostly waits: no optimising compiler
 * (`--max-opt=1`), and every function compiled once to baseline code
 * (`--always-sparkplug`). A dashboard runs its code a few times a second;
 * TurboFan compiled it again and again on a second core and cost more than it
 * saved: 6.5 against 9.0 ms of CPU per message, a key press during a burst 34
 * against 163 ms at p95. The biggest one-off reads pay a tenth more. From
 * Node 24 on, Maglev (the mid tier) is allowed and Sparkplug left to V8 (below).
 *
 * Memory, for a process that runs for days: an old generation that grows by
 * half of what survives a collection (`--heap-growing-percent=50`), not by up
 * to four times: 45 MB less at the peak, for no latency a dashboard notices.
 *
 * Each of these is read by V8 as it runs (the tiering decision, each
 * compilation, each collection's new limit), so setting it before the rest of
 * teamtop is loaded has the same effect as giving it to node
 * (test/cli/v8-flags.test.ts watches V8 honour each). A setting V8 reads only
 * when the heap is made, such as `--max-semi-space-size`, cannot be set this
 * way; see docs/internals/speed.md for what leaving it out costs and what
 * starting a second process for it would.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * The flags for each Node major version they were measured on
 * (docs/internals/node-versions.md). Node 22 and later compile with Maglev
 * too, which `--max-opt` also governs. On Node 22 no variant measured better
 * than Node 20's. On Node 24, the same run on 2026-11-26, alternating:
 * Node 20's flags cost 9.9 and 8.5 ms of CPU per message against 12.3 and
 * 11.9 with Maglev allowed (`--max-opt=2 --heap-growing-percent=50`), 0.67
 * and 0.65 s of CPU in a burst against 0.87 and 0.86, and a key press in it
 * 59 and 34 ms at p95 against 60 and 63: Node 20's flags on 24 too.
 * Versions not measured run with the flags of the newest one measured below
 * them.
 */
/** In ascending order of version. */
const MEASURED: ReadonlyMap<number, readonly string[]> = new Map([
  [20, ['--max-opt=1', '--always-sparkplug', '--heap-growing-percent=50']],
  [24, ['--max-opt=1', '--always-sparkplug', '--heap-growing-percent=50']],
]);

/** The flags teamtop sets on Node `nodeMajor`. */
export function v8Flags(nodeMajor: number): readonly string[] {
  const measured = [...MEASURED.keys()].filter((major) => major <= nodeMajor).at(-1);
  return MEASURED.get(measured ?? 20)!;
}

const flagName = (flag: string): string =>
  flag
    .replace(/^--(no-)?/u, '')
    .split('=', 1)[0]!
    .replaceAll('_', '-');

/** The names of the flags the user gave node on its command line. */
const givenFlags = (): Set<string> => new Set(process.execArgv.filter((flag) => flag.startsWith('--')).map(flagName));

/** teamtop's flags for the running Node, but those the user gave node on its command line. */
function ownFlags(): readonly string[] {
  const given = givenFlags();
  return v8Flags(Number(process.versions.node.split('.', 1)[0])).filter((flag) => !given.has(flagName(flag)));
}

/**
 * Sets teamtop's flags for the running Node, except those the user gave node
 * on its command line (`node --max-opt=3 teamtop`): someone profiling or
 * comparing settings keeps theirs. (NODE_OPTIONS cannot carry any of them:
 * node refuses to start.)
 */
export function applyV8Flags(): void {
  const flags = ownFlags();
  if (flags.length > 0) setFlagsFromString(flags.join(' '));
}

/** Calls of `optimising` under way: the last one to end puts teamtop's tier back. */
let optimisingDepth = 0;

/**
 * `work` run with V8's optimising compiler, then teamtop's own tier again:
 * for what is done once, in bulk, before anything is drawn (a journal of
 * tens of thousands of changes restored, a recording replayed, its end
 * printed as JSON). Sparkplug alone made `--json` on 20,000 messages of
 * history take half as long again as with TurboFan; once that is done, the
 * dashboard runs its code a few times a second, which is what `--max-opt=1`
 * is for. `--max-opt=1` set at run time turns TurboFan off (`--no-turbofan`),
 * and raising `--max-opt` again does not turn it back on: both are set, each
 * way. A tier the user gave node is left alone. `work` may be async: the tier
 * goes back when its promise settles.
 */
export function optimising<T>(work: () => T, set: (flags: string) => void = setFlagsFromString): T {
  const own = ownFlags().find((flag) => flagName(flag) === 'max-opt');
  if (own === undefined || givenFlags().has('turbofan')) return work();
  if (optimisingDepth++ === 0) set('--max-opt=999 --turbofan');
  const done = () => {
    if (--optimisingDepth === 0) set(`${own} --no-turbofan`);
  };
  let result: T;
  try {
    result = work();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}
