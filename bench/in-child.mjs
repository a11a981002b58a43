// A phase that measures teamtop's own modules, in a process of their own set
// up as the bin sets itself up (its V8 flags in before the code measured is
// compiled): the parent bundles the sources and reads the child's figures.
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleSource } from '../harness/source.mjs';
import { printTable, root } from './context.mjs';

/** One run of the phase in `phaseUrl` (its import.meta.url), in a child with `sources` bundled: the child's figures. */
export async function runInChild(phaseUrl, sources) {
  const modulePath = await bundleSource({ ...sources, 'src/cli/v8-flags.ts': ['applyV8Flags'] });
  const file = fileURLToPath(phaseUrl);
  const child = spawnSync(process.execPath, [file, '--child', modulePath], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${relative(root, file)}: the child exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

/**
 * The end of such a phase's file: in the child, `measure` of the bundle, printed for the parent; run as a script
 * (`node bench/phases/transcript.mjs [--quick]`), the phase alone, three runs (one with --quick) and its table.
 */
export async function phaseMain(phaseUrl, phase, measure) {
  if (process.argv[2] === '--child') {
    const { applyV8Flags } = await import(pathToFileURL(process.argv[3]).href);
    applyV8Flags();
    process.stdout.write(JSON.stringify(await measure(process.argv[3])));
    process.exit(0);
  }
  if (process.argv[1] !== fileURLToPath(phaseUrl)) return;
  const count = process.argv.includes('--quick') ? 1 : 3;
  const runs = [];
  for (let i = 0; i < count; i++) runs.push(await phase.run());
  printTable(phase.rows(phase.summary(runs)), ['figure', `measured: median (min–max) of ${count} runs`, 'baseline, same run', 'target']);
}
