/**
 * `--notify`'s notification: OSC 9 or OSC 777 as the terminal takes it,
 * wrapped for tmux inside tmux, and nothing of a file's text able to end the
 * sequence or reach the terminal as a control.
 */
import { describe, expect, it } from 'vitest';
import { notification, oscText, protocolFor } from '../../src/cli/notify.js';

describe('notifications', () => {
  it('use OSC 777 where the terminal is known to take it, else OSC 9', () => {
    expect(protocolFor({ TERM: 'foot' })).toBe('osc777');
    expect(protocolFor({ TERM: 'rxvt-unicode-256color' })).toBe('osc777');
    expect(protocolFor({ TERM: 'xterm-256color', VTE_VERSION: '7600' })).toBe('osc777');
    expect(protocolFor({ TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' })).toBe('osc9');
    expect(notification('teamtop: api', 'alice is stalled', 'osc9', {})).toBe('\u001b]9;teamtop: api: alice is stalled\u001b\\');
    expect(notification('teamtop: api', 'alice; bob', 'osc777', {})).toBe('\u001b]777;notify;teamtop: api;alice, bob\u001b\\');
  });

  it('go through tmux as a pass-through, each escape doubled', () => {
    expect(notification('t', 'b', 'osc9', { TMUX: '/tmp/tmux-0/default,1,0' })).toBe(
      '\u001bPtmux;\u001b\u001b]9;t: b\u001b\u001b\\\u001b\\',
    );
  });

  it('hold no control character of a hostile name, and cannot end the OSC early', () => {
    const hostile = 'evil\u0007\u001b]0;pwned\u001b\\\u009c\u009d\u0000\u007f\nline';
    const text = oscText(hostile);
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/u);
    const sent = notification('teamtop: x', hostile, 'osc9', {});
    // One OSC, ended once, at its end.
    expect(sent.indexOf('\u001b\\')).toBe(sent.length - 2);
    expect(sent.slice(2, -2)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/u);
    expect([...oscText('x'.repeat(1000))].length).toBe(200);
  });
});
