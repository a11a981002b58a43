/**
 * The V8 flags teamtop runs with, set by the bin as it starts (busybox's env passes node no arguments, so no `env -S` shebang).
 * Each is one V8 reads as it runs, so setting it here equals giving it to node; docs/internals/speed.md says why each, with figures.
 */
import { setFlagsFromString } from 'node:v8';

/** The flags per Node major version they were measured on, ascending (docs/internals/node-versions.md); others take the one below. */
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

const givenFlags = (): Set<string> => new Set(process.execArgv.filter((flag) => flag.startsWith('--')).map(flagName));

/** teamtop's flags for the running Node, but those the user gave node on its command line. */
function ownFlags(): readonly string[] {
  const given = givenFlags();
  return v8Flags(Number(process.versions.node.split('.', 1)[0])).filter((flag) => !given.has(flagName(flag)));
}

/** Sets teamtop's flags, but not those the user gave node (`node --max-opt=3 teamtop`); NODE_OPTIONS cannot carry them. */
export function applyV8Flags(): void {
  const flags = ownFlags();
  if (flags.length > 0) setFlagsFromString(flags.join(' '));
}

/**
 * `--always-sparkplug` held back from here until the returned call (the live dashboard's first frame is out): compiling
 * at once all the first frame runs cost Node 24 about 10 ms of its start (docs/speed.md). Nothing if the user gave it.
 */
export function baselineLater(set: (flags: string) => void = setFlagsFromString): () => void {
  if (!ownFlags().includes('--always-sparkplug')) return () => {};
  set('--no-always-sparkplug');
  let held = true;
  return () => {
    if (held) set('--always-sparkplug');
    held = false;
  };
}

/** Calls of `optimising` under way: the last one to end puts teamtop's tier back. */
let optimisingDepth = 0;

/**
 * `work` run with TurboFan, then teamtop's tier again: for bulk work done once, before anything is drawn (a journal restored, a
 * replay). `--max-opt=1` at run time turns TurboFan off and raising it does not turn it back on, so both are set, each way.
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
