/**
 * `auto` is light where the terminal says its background is light: in
 * COLORFGBG, or in its answer to OSC 11, asked with DA1 behind it so that a
 * terminal that does not answer OSC 11 is not waited on.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { backgroundOfAnswer, backgroundOfColorfgbg, chooseTheme } from '../../src/cli/theme-detect.js';
import { TerminalInput } from '../../src/cli/terminal-input.js';

class Answering extends EventEmitter {
  readonly isTTY = true;
  pause() {}
  resume() {}
}

/** A terminal that answers teamtop's question with `answer` (or says nothing at all). */
function terminal(answer: string | null) {
  const raw = new Answering();
  const input = new TerminalInput(raw);
  const asked: string[] = [];
  const write = (text: string) => {
    asked.push(text);
    if (answer !== null) setTimeout(() => raw.emit('data', Buffer.from(answer)), 5);
  };
  return { input, write, asked };
}

describe('the background', () => {
  it('is read from COLORFGBG', () => {
    expect(backgroundOfColorfgbg('15;0')).toBe('dark');
    expect(backgroundOfColorfgbg('0;15')).toBe('light');
    expect(backgroundOfColorfgbg('0;default;7')).toBe('light');
    expect(backgroundOfColorfgbg('7;8')).toBe('dark');
    expect(backgroundOfColorfgbg('nonsense')).toBeUndefined();
    expect(backgroundOfColorfgbg(undefined)).toBeUndefined();
  });

  it('is read from an OSC 11 answer, by its luminance', () => {
    expect(backgroundOfAnswer('11;rgb:ffff/ffff/ffff')).toBe('light');
    expect(backgroundOfAnswer('11;rgb:fd/f6/e3')).toBe('light');
    expect(backgroundOfAnswer('11;rgb:1e1e/1e1e/2e2e')).toBe('dark');
    expect(backgroundOfAnswer('11;rgba:0000/0000/0000/ffff')).toBe('dark');
    expect(backgroundOfAnswer('10;rgb:ffff/ffff/ffff')).toBeUndefined();
  });
});

describe('chooseTheme', () => {
  it('takes a theme chosen as it is, and asks nothing', async () => {
    const { input, write, asked } = terminal('\u001b]11;rgb:ffff/ffff/ffff\u0007\u001b[?62c');
    expect(await chooseTheme('high-contrast', { env: {}, input, write })).toBe('high-contrast');
    expect(asked).toEqual([]);
  });

  it('for auto, takes COLORFGBG first, without asking', async () => {
    const { input, write, asked } = terminal('\u001b]11;rgb:0000/0000/0000\u0007\u001b[?62c');
    expect(await chooseTheme('auto', { env: { COLORFGBG: '0;15' }, input, write })).toBe('light');
    expect(asked).toEqual([]);
  });

  it('asks OSC 11 with DA1 behind it, and takes the answer', async () => {
    const { input, write, asked } = terminal('\u001b]11;rgb:ffff/ffff/ffff\u001b\\\u001b[?62;22c');
    expect(await chooseTheme('auto', { env: {}, input, write })).toBe('light');
    expect(asked).toEqual(['\u001b]11;?\u001b\\\u001b[c']);
  });

  it('is dark at once when only DA1 is answered, and by the deadline when nothing is', async () => {
    const started = Date.now();
    const answeringOnlyDa1 = terminal('\u001b[?1;2c');
    expect(await chooseTheme('auto', { env: {}, ...answeringOnlyDa1 })).toBe('dark');
    const silent = terminal(null);
    expect(await chooseTheme('auto', { env: {}, ...silent })).toBe('dark');
    // The silent one waited for the deadline; nothing waits longer.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
