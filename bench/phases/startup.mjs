// 1. Start-up: from starting the process to the team on screen, interleaved
// with a bare Ink "hello" (the least an Ink program takes to draw) so that
// machine noise hits both alike.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pty } from '../../harness/pty.mjs';
import { stats } from '../../harness/stats.mjs';
import { fmt, QUICK, root, spread, startTeamtop, typicalDir } from '../context.mjs';

const HELLO = join(root, 'bench', 'hello.mjs');

async function startup() {
  const typical = typicalDir();
  const runs = QUICK ? 3 : 9;
  const hello = [];
  const teamtop = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    const baseline = new Pty([HELLO], { cwd: root });
    hello.push((await baseline.waitFor('hello')) - t0);
    baseline.kill();
    await baseline.exited;

    t0 = performance.now();
    const term = await startTeamtop(typical.dir);
    teamtop.push((await term.waitFor(typical.marker)) - t0);
    await term.quit();
  }
  const h = stats(hello);
  const t = stats(teamtop);
  return { helloMs: h, teamtopMs: t, ratio: t.median / h.median };
}

export const startupPhase = {
  label: '1/8 startup',
  // Its runs are interleaved inside it.
  runs: 1,
  run: startup,
  summary: ([run]) => run,
  rows: (s) => [['startup (ms)', spread(s.teamtopMs, 0), `bare Ink hello ${spread(s.helloMs, 0)}: ×${fmt(s.ratio, 2)}`, '≤ 0.8× hello']],
};
