/**
 * The process watch on real processes: started here, their `sessions/` files
 * written as the client writes them, killed by pid.
 */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/core/model/observation.js';
import type { ProcessSeen } from '../../../src/core/model/liveness.js';
import { CHECK_EVERY_MS, procHost, ProcessWatch } from '../../../src/io/watch/transcripts/processes.js';
import { tempDir } from '../../helpers/fixtures.js';
import { living, localDomain, writeKey } from '../../helpers/processes.js';
import { waitFor } from '../../helpers/wait.js';

function watching() {
  const dir = tempDir();
  const said: Extract<Observation, { kind: 'process' }>[] = [];
  const watch = new ProcessWatch(
    dir,
    (observations) => {
      for (const observation of observations) if (observation.kind === 'process') said.push(observation);
    },
    Date.now,
  );
  watch.setTeams(['alpha']);
  const last = (path: string): ProcessSeen | null | undefined => said.filter((observation) => observation.path === path).at(-1)?.process;
  return { dir, watch, said, last };
}

describe('the processes behind a team, looked at read-only', () => {
  it('sees a process alive, whose it is by its command line, and dead within a check of its kill', async ({ onTestFinished }) => {
    const { dir, watch, last } = watching();
    onTestFinished(() => watch.close());
    const bob = living(['--agent-id', 'bob@alpha']);
    const path = writeKey(dir, bob.pid, bob.procStart);
    watch.key(path);
    expect(last(path)).toMatchObject({ pid: bob.pid, state: 'alive', agent: { name: 'bob', team: 'alpha' }, why: null });
    watch.poll();
    const killed = Date.now();
    bob.kill();
    await waitFor(() => expect(last(path)?.state).toBe('dead'), { timeout: 10_000 });
    const dead = last(path)!;
    // Seen dying: since the check that found it gone, within a check of the kill.
    expect(dead.since).toBeGreaterThanOrEqual(killed);
    expect(dead.since - killed).toBeLessThanOrEqual(CHECK_EVERY_MS + 1000);
    // Still whose it was.
    expect(dead.agent).toEqual({ name: 'bob', team: 'alpha' });
  });

  it('takes a pid another process runs now (another start) for the process of the file: dead', () => {
    const { dir, watch, last } = watching();
    const other = living();
    const path = writeKey(dir, other.pid, String(Number(other.procStart) - 100));
    watch.key(path);
    // Dead before teamtop first looked: not known since when.
    expect(last(path)).toMatchObject({ state: 'dead', since: Number.NaN });
  });

  it('says unknown, and why, for a process on another machine, or where it cannot look', () => {
    const { dir, watch, last } = watching();
    const here = living();
    const elsewhere = writeKey(dir, here.pid, here.procStart, 'linux:0123456789abcdef0123456789abcdef:pid:[4026531836]');
    watch.key(elsewhere);
    expect(last(elsewhere)).toMatchObject({ state: 'unknown', why: 'it runs on another machine or in another container' });
    const said = writeKey(dir, here.pid + 1, null, null);
    watch.key(said);
    expect(last(said)).toMatchObject({ state: 'unknown', why: 'its file does not say where it runs' });
    let seen: ProcessSeen | null | undefined;
    const blind = new ProcessWatch(
      dir,
      (observations) => {
        for (const observation of observations) if (observation.kind === 'process') seen = observation.process;
      },
      Date.now,
      procHost(`${dir}/no-proc`),
    );
    blind.setTeams(['alpha']);
    blind.key(writeKey(dir, here.pid, here.procStart, localDomain()));
    expect(seen).toMatchObject({ state: 'unknown', why: 'teamtop cannot see processes here (no /proc)' });
  });

  it('forgets a process whose file is removed (it exited), and tells a team that comes later what it knows', () => {
    const { dir, watch, said, last } = watching();
    const lead = living();
    const path = writeKey(dir, lead.pid, lead.procStart);
    watch.key(path);
    watch.setTeams(['alpha', 'beta']);
    expect(said.filter((observation) => observation.team === 'beta')).toMatchObject([{ path, process: { state: 'alive' } }]);
    watch.gone(path);
    expect(last(path)).toBeNull();
  });

  it('costs one small read per running process per check', () => {
    const dir = tempDir();
    const processes = Array.from({ length: 5 }, () => living());
    const reads: number[] = [];
    const host = procHost();
    const counted = new ProcessWatch(dir, () => undefined, Date.now, {
      domain: host.domain,
      blind: host.blind,
      boot: host.boot,
      startOf: (pid) => {
        reads.push(pid);
        return host.startOf(pid);
      },
      agentOf: (pid) => host.agentOf(pid),
    });
    counted.setTeams(['alpha']);
    for (const process of processes) counted.key(writeKey(dir, process.pid, process.procStart));
    reads.length = 0;
    counted.check();
    expect(reads.sort()).toEqual(processes.map((process) => process.pid).sort());
    processes[0]!.kill();
  });
});
