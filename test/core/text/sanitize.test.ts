import { describe, expect, it } from 'vitest';
import { sanitizeBlock, sanitizeLine } from '../../../src/core/text/sanitize.js';

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

describe('sanitizeLine', () => {
  it('shows escape sequences as visible text instead of passing ESC through', () => {
    const line = sanitizeLine('\u001b[2J\u001b]0;pwned\u0007 hello');
    expect(line).toBe('␛[2J␛]0;pwned␇ hello');
    expect(line).not.toMatch(CONTROL);
  });

  it('neutralises 8-bit C1 controls (CSI 0x9B) and DEL', () => {
    const line = sanitizeLine('a\u009b31mb\u007fc');
    expect(line).not.toMatch(CONTROL);
    expect(line).toBe('a\uFFFD31mb␡c');
  });

  it('shows bidi overrides instead of letting them reorder the text', () => {
    expect(sanitizeLine('abc\u202Efed')).toBe('abc\uFFFDfed');
  });

  it('puts several lines on one with a visible mark, and tabs as spaces', () => {
    expect(sanitizeLine('one\r\ntwo\nthree\tfour')).toBe('one ↵ two ↵ three four');
  });

  it('keeps ordinary text, including wide characters, untouched', () => {
    expect(sanitizeLine('héllo 世界 — ok')).toBe('héllo 世界 — ok');
  });
});

describe('sanitizeBlock', () => {
  it('keeps line breaks, expands tabs and shows a lone carriage return', () => {
    expect(sanitizeBlock('a\r\nb\tc\rd\u001b[1m')).toBe('a\nb    c␍d␛[1m');
  });
});
