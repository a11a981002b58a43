import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { TranscriptDecoder } from '../../../src/core/decode/transcript/decoder.js';
import { PARSED_TYPES } from '../../../src/core/decode/transcript/records.js';
import { projectFiles, readProjectFile } from '../../helpers/transcripts.js';

const LEAD = projectFiles('in-process').find((path) => !path.includes('/subagents/') && path.endsWith('.jsonl'))!;
const leadText = (): string => readProjectFile('in-process', LEAD);

const decodeAll = (text: string, size = text.length): TranscriptFact[] => {
  const decoder = new TranscriptDecoder();
  const facts: TranscriptFact[] = [];
  for (let at = 0; at < text.length; at += size) facts.push(...decoder.push(text.slice(at, at + size)));
  return facts;
};

const record = (value: object): string => `${JSON.stringify(value)}\n`;
const assistant = (id: string, content: object[], extra: object = {}) =>
  record({
    type: 'assistant',
    sessionId: 's',
    timestamp: '2026-11-25T10:00:00.000Z',
    message: { id, model: 'claude-opus-5-5', content, stop_reason: 'tool_use', usage: { input_tokens: 10, output_tokens: 2 }, ...extra },
  });
const toolResult = (id: string, extra: object = {}) =>
  record({
    type: 'user',
    sessionId: 's',
    timestamp: '2026-11-25T10:00:01.000Z',
    message: { content: [{ type: 'tool_result', tool_use_id: id, content: 'result' }] },
    ...extra,
  });

afterEach(() => vi.restoreAllMocks());

describe('decoding a transcript', () => {
  it('parses only the records it reads: the big ones are skipped without JSON.parse', () => {
    const text = leadText();
    const lines = text.split('\n').filter((line) => line !== '');
    const parse = vi.spyOn(JSON, 'parse');
    const decoder = new TranscriptDecoder();
    decoder.push(text);
    const parsedLines = parse.mock.calls.map(([argument]) => argument).filter((argument) => lines.includes(argument));
    const typeOf = (line: string) => (JSON.parse(line) as { type: string }).type;
    const wanted = lines.filter((line) => PARSED_TYPES.has(typeOf(line)));
    // An `api-request` is read for its time alone, which comes before its objects: never parsed whole.
    const tries = wanted.filter((line) => typeOf(line) === 'api-request');
    expect(tries.length).toBeGreaterThan(10);
    expect(parsedLines).toEqual(wanted.filter((line) => !tries.includes(line)));
    const skipped = lines.filter(
      (line) =>
        /"type":"(api-request-shape|api-request-blob|attachment|file-history-snapshot)"/u.test(line.slice(0, 80)) ||
        line.includes('"type":"attachment","uuid"'),
    );
    expect(skipped.length).toBeGreaterThan(20);
    for (const line of skipped) expect(parsedLines).not.toContain(line);
    expect(decoder.counts).toEqual({
      lines: lines.length,
      parsed: wanted.length,
      skimmed: 0,
      skipped: lines.length - wanted.length,
      invalid: 0,
    });
  });

  it('gives the same facts however the text is cut into appends, and holds only the unfinished line', () => {
    const text = leadText();
    const whole = decodeAll(text);
    expect(whole.length).toBeGreaterThan(50);
    for (const size of [1, 7, 100, 777, 4096]) expect(decodeAll(text, size)).toEqual(whole);
    const decoder = new TranscriptDecoder();
    decoder.push(text.slice(0, 1000));
    expect(decoder.held).toBe(1000 - text.lastIndexOf('\n', 999) - 1);
  });

  it('drops a record of no use while it arrives, as soon as its type is known', () => {
    const blob = record({ type: 'api-request-blob', sessionId: 's', message: { content: 'x'.repeat(100_000) } });
    const decoder = new TranscriptDecoder();
    const parse = vi.spyOn(JSON, 'parse');
    decoder.push(blob.slice(0, 50));
    expect(decoder.held).toBe(0);
    decoder.push(blob.slice(50, 60_000));
    expect(decoder.held).toBe(0);
    const facts = decoder.push(blob.slice(60_000) + toolResult('t1'));
    expect(facts).toEqual([expect.objectContaining({ kind: 'identity' }), expect.objectContaining({ kind: 'tool-finished', id: 't1' })]);
    expect(decoder.counts).toMatchObject({ lines: 2, skipped: 1, parsed: 1 });
    expect(parse.mock.calls.some(([argument]) => String(argument).includes('api-request-blob'))).toBe(false);
  });

  it('counts and skips a line that is garbage or not the shape of a record, says why without quoting it, and goes on', () => {
    const lines = [
      'not json at all \u001b[2J secret',
      '{"type":"assistant","message":{"id":"m1"',
      record({ type: 'assistant', message: { content: [] } }).trim(),
      '{"type":"user","message":{"content":"x"}} trailing',
      '\u0000\u0001{{{[[[',
    ];
    const decoder = new TranscriptDecoder();
    const facts = decoder.push(`${lines.join('\n')}\n${assistant('m2', [{ type: 'text', text: 'still here' }])}`);
    expect(decoder.counts).toEqual({ lines: 6, parsed: 1, skimmed: 0, skipped: 0, invalid: 5 });
    expect(decoder.problem).toMatch(/^line 5: /u);
    expect(decoder.problem).not.toMatch(/secret|\u001b|\u0000/u);
    expect(facts).toContainEqual(expect.objectContaining({ kind: 'text', line: 'still here' }));
  });

  it('reads a tool named like an Object method as any other tool: no lookup of a name reaches a prototype', () => {
    const names = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];
    const decoder = new TranscriptDecoder();
    const facts = decoder.push(
      names.map((name, i) => assistant(`m${i}`, [{ type: 'tool_use', id: `t${i}`, name, input: { command: `run ${name}` } }])).join(''),
    );
    expect(decoder.counts).toMatchObject({ lines: names.length, parsed: names.length, invalid: 0 });
    expect(decoder.problem).toBeUndefined();
    expect(facts.filter((fact) => fact.kind === 'tool-started').map((fact) => [fact.name, fact.detail])).toEqual(
      names.map((name) => [name, `run ${name}`]),
    );
    expect(facts.filter((fact) => fact.kind === 'usage')).toHaveLength(names.length);
  });

  it('takes whole token counts only, each clamped to the most a count is: a fraction counts as none, 1e400 as the most', () => {
    const line = (usage: string) =>
      `{"type":"assistant","sessionId":"s","message":{"id":"m${usage.length}","model":"claude-opus-5-5","content":[],"usage":{${usage}}}}\n`;
    const tokensOf = (usage: string) => {
      const fact = new TranscriptDecoder().push(line(usage)).find((each) => each.kind === 'usage');
      return fact?.kind === 'usage' ? fact.tokens : undefined;
    };
    expect(tokensOf('"input_tokens":0.5,"output_tokens":1200.5,"cache_read_input_tokens":3.7,"cache_creation_input_tokens":-2')).toEqual({
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheCreation: 0,
      cacheCreation1h: 0,
    });
    expect(tokensOf('"input_tokens":1e400,"output_tokens":1e20,"cache_read_input_tokens":12,"cache_creation_input_tokens":"9"')).toEqual({
      input: Number.MAX_SAFE_INTEGER,
      output: Number.MAX_SAFE_INTEGER,
      cacheRead: 12,
      cacheCreation: 0,
      cacheCreation1h: 0,
    });
  });

  it('never lets an escape sequence or control character from a transcript into what it keeps', () => {
    const hostile = 'echo \u001b[2J\u001b]0;pwned\u0007\u009b31m\r\nrm -rf /';
    const text =
      assistant('m1', [
        { type: 'tool_use', id: 't1', name: 'Bash', input: { command: hostile } },
        { type: 'tool_use', id: 't2', name: 'mcp__x\u001b]0;title\u0007', input: { file_path: `/tmp/\u001b[31mred` } },
        { type: 'tool_use', id: 't3', name: 'SendMessage', input: { to: 'bob\u001b[H', message: { type: 'shutdown_request\u0007' } } },
        { type: 'text', text: `\n\u001b[1mbold\u001b[0m words` },
      ]) +
      record({
        type: 'user',
        sessionId: 's',
        message: { content: `<teammate-message teammate_id="alice\u001b[2J" summary="sum\u001b]8;;x\u0007">\nbody\n</teammate-message>` },
      });
    // The mail taken is the message as its inbox held it, as written: decoded and sanitised where it is shown, as an inbox's is.
    const kept = JSON.stringify(decodeAll(text), (key, value: unknown) => (key === 'mail' ? undefined : value));
    expect(kept).not.toMatch(/\\u001b|\\u0007|\\u009b|\\r/u);
    const facts = decodeAll(text);
    expect(facts.find((fact) => fact.kind === 'mail-taken')).toMatchObject({
      mail: { from: 'alice\u001b[2J', summary: 'sum\u001b]8;;x\u0007', text: 'body' },
    });
    expect(facts.find((fact) => fact.kind === 'tool-started' && fact.id === 't1')).toMatchObject({
      detail: 'echo ␛[2J␛]0;pwned␇\uFFFD31m',
    });
    expect(facts.find((fact) => fact.kind === 'text')).toMatchObject({ line: '␛[1mbold␛[0m words' });
    expect(facts.find((fact) => fact.kind === 'tool-started' && fact.id === 't2')).toMatchObject({
      name: 'mcp__x␛]0;title␇',
      detail: '/tmp/␛[31mred',
    });
  });

  it('counts a response usage once, and again with what it replaces when a later record of it says otherwise', () => {
    const usage = (output: number) => ({
      usage: { input_tokens: 10, output_tokens: output, cache_read_input_tokens: 5, cache_creation_input_tokens: 3 },
    });
    const facts = decodeAll(
      assistant('m1', [{ type: 'thinking', thinking: '' }], usage(1)) +
        assistant('m1', [{ type: 'text', text: 'a' }], usage(1)) +
        assistant('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }], usage(9)),
    ).filter((fact) => fact.kind === 'usage');
    const tokens = (output: number) => ({ input: 10, output, cacheRead: 5, cacheCreation: 3, cacheCreation1h: 0 });
    expect(facts).toEqual([
      expect.objectContaining({ messageId: 'm1', tokens: tokens(1), previous: null }),
      expect.objectContaining({ messageId: 'm1', tokens: tokens(9), previous: tokens(1) }),
    ]);
  });

  it('ends a turn once: at end_turn, or at the client turn_duration when no end_turn said it', () => {
    const endTurn = assistant('m1', [{ type: 'text', text: 'done' }], { stop_reason: 'end_turn' });
    const duration = record({
      type: 'system',
      subtype: 'turn_duration',
      durationMs: 5,
      sessionId: 's',
      timestamp: '2026-11-25T10:00:02.000Z',
    });
    const ends = (text: string) => decodeAll(text).filter((fact) => fact.kind === 'turn-ended');
    expect(ends(endTurn + duration)).toEqual([{ kind: 'turn-ended', messageId: 'm1', at: Date.parse('2026-11-25T10:00:00.000Z') }]);
    expect(ends(assistant('m2', [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }]) + toolResult('t') + duration)).toEqual([
      { kind: 'turn-ended', messageId: null, at: Date.parse('2026-11-25T10:00:02.000Z') },
    ]);
  });

  it('tells a tool call that failed, and one a permission refused, and whether a person answered', () => {
    const facts = decodeAll(
      toolResult('t1') +
        record({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 't2', is_error: true }] } }) +
        toolResult('t3', { permissionDecision: { decision: 'reject', source: 'user_temporary' } }) +
        toolResult('t4', { permissionDecision: { decision: 'accept', source: 'user_temporary' } }),
    ).filter((fact) => fact.kind === 'tool-finished');
    expect(facts.map((fact) => [fact.id, fact.outcome, fact.byPerson])).toEqual([
      ['t1', 'ok', false],
      ['t2', 'error', false],
      ['t3', 'denied', true],
      ['t4', 'ok', true],
    ]);
  });

  it('started in the middle of a file, drops the text up to the first line break', () => {
    const text = toolResult('t1') + toolResult('t2');
    const decoder = new TranscriptDecoder({ midLine: true });
    const facts = decoder.push(text.slice(10));
    expect(facts.filter((fact) => fact.kind === 'tool-finished').map((fact) => fact.kind === 'tool-finished' && fact.id)).toEqual(['t2']);
    expect(decoder.counts.invalid).toBe(0);
  });
});
