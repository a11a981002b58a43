import { simulate } from '../io/demo/simulate.js';

const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

/** `teamtop simulate`: write the demo team into a config dir, logging each step. */
export async function runSimulate(options: { claudeDir: string; speed: number; keep: boolean }): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`teamtop simulate: writing a demo team into ${options.claudeDir} at ×${options.speed}\n`);
  await simulate({
    ...options,
    signal: controller.signal,
    onStep: (at, what) => {
      for (const line of what.split('\n')) process.stdout.write(`[${clock(at)}] ${line}\n`);
    },
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  process.stdout.write(controller.signal.aborted ? 'teamtop simulate: stopped\n' : 'teamtop simulate: done\n');
  return 0;
}
