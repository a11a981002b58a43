/**
 * A transcript line over SKIM_OVER is skimmed, not parsed whole: the decoder
 * gets what it reads of the record (the same facts as from a parse), in
 * bounded work whatever the line holds, and is told what it did not read.
 */
import { describe, expect, it } from 'vitest';
import type { TranscriptFact } from '../../../src/core/model/transcript-facts.js';
import { TranscriptDecoder } from '../../../src/core/decode/transcript/decoder.js';
import { closeEnd, MAX_DEPTH, stringEnd, valueEnd } from '../../../src/core/decode/transcript/json-scan.js';
import { recordTypeOf } from '../../../src/core/decode/transcript/record-type.js';
import { SKIM_OVER, skimRecord } from '../../../src/core/decode/transcript/skim.js';
import { MODES, projectFiles, readProjectFile } from '../../helpers/transcripts.js';

/** Over SKIM_OVER: a key no record has, first. */
const PADDING = `"padding":"${'x'.repeat(SKIM_OVER)}",`;
const padded = (line: string): string => `{${PADDING}${line.slice(1)}`;

const decode = (text: string) => {
  const decoder = new TranscriptDecoder();
  const facts = decoder.push(text);
  return { decoder, facts };
};

const at = '2026-11-25T10:00:00.000Z';
const assistant = (content: string, extra = '') =>
  `{"type":"assistant","sessionId":"s","timestamp":"${at}","message":{"id":"msg_1","model":"claude-opus-5-5","content":${content},"stop_reason":"tool_use","usage":{"input_tokens":10,"output_tokens":2}}${extra}}\n`;
const user = (content: string) => `{"type":"user","sessionId":"s","timestamp":"${at}","message":{"role":"user","content":${content}}}\n`;
const big = (length: number) => 'y'.repeat(length);

describe('a big transcript line, skimmed', () => {
  it('gives the decoder the same facts as a parse, for every line the real client wrote', () => {
    let lines = 0;
    for (const mode of MODES)
      for (const path of projectFiles(mode).filter((name) => name.endsWith('.jsonl'))) {
        const text = readProjectFile(mode, path);
        const parsed = new TranscriptDecoder();
        const skimmed = new TranscriptDecoder();
        for (const line of text.split('\n').filter(Boolean)) {
          lines++;
          expect(skimmed.push(`${padded(line)}\n`), line.slice(0, 200)).toEqual(parsed.push(`${line}\n`));
        }
        expect(skimmed.counts.skimmed).toBe(skimmed.counts.parsed);
        expect(skimmed.counts).toMatchObject({ parsed: parsed.counts.parsed, invalid: 0 });
      }
    expect(lines).toBe(486);
  });

  it('reads a line of 5 million small content blocks for the call at its end, its ids, usage and times', () => {
    const { decoder, facts } = decode(
      assistant(`[${'{},'.repeat(5_000_000)}{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls -la"}}]`),
    );
    expect(decoder.counts).toMatchObject({ lines: 1, parsed: 1, skimmed: 1, invalid: 0 });
    expect(decoder.problem).toBeUndefined();
    expect(facts).toEqual([
      {
        kind: 'identity',
        identity: { sessionId: 's', sidechain: false, agentId: undefined, teamName: undefined, agentName: undefined, cwd: undefined },
      },
      { kind: 'tool-started', id: 'toolu_1', name: 'Bash', detail: 'ls -la', messageId: 'msg_1', at: Date.parse(at) },
      expect.objectContaining({ kind: 'usage', messageId: 'msg_1', tokens: expect.objectContaining({ input: 10, output: 2 }) }),
    ]);
  });

  it('keeps of a long value what the decoder reads: a result’s id, a call’s key input, the start of a text or prompt', () => {
    const image = JSON.stringify({ type: 'image', source: { type: 'base64', data: big(2 * SKIM_OVER) } });
    expect(
      decode(user(`[{"tool_use_id":"toolu_img","type":"tool_result","content":[${image}],"is_error":true}]`)).facts.at(-1),
    ).toMatchObject({ kind: 'tool-finished', id: 'toolu_img', outcome: 'error' });
    const write = JSON.stringify({
      type: 'tool_use',
      id: 'toolu_w',
      name: 'Write',
      input: { content: big(SKIM_OVER * 2), file_path: '/w/a.ts' },
    });
    expect(decode(assistant(`[${write}]`)).facts).toContainEqual(
      expect.objectContaining({ kind: 'tool-started', name: 'Write', detail: '/w/a.ts' }),
    );
    const text = JSON.stringify({ type: 'text', text: `First line\n${big(SKIM_OVER * 2)}` });
    expect(decode(assistant(`[${text}]`)).facts).toContainEqual(expect.objectContaining({ kind: 'text', line: 'First line' }));
    expect(decode(user(JSON.stringify(`Please review "this"\n${big(SKIM_OVER * 2)}`))).facts).toContainEqual(
      expect.objectContaining({ kind: 'prompt', line: 'Please review "this"' }),
    );
    const spawn = JSON.stringify({
      type: 'tool_use',
      id: 'toolu_a',
      name: 'Agent',
      input: { name: 'alice', prompt: `You are alice.\n${big(SKIM_OVER * 2)}` },
    });
    expect(decode(assistant(`[${spawn}]`)).facts).toContainEqual(
      expect.objectContaining({ kind: 'spawned', name: 'alice', line: 'You are alice.' }),
    );
  });

  it('reads a bounded number of blocks and keys, and says so', () => {
    const texts = '{"type":"text","text":"a"},'.repeat(5000);
    const { decoder, facts } = decode(
      assistant(`[${texts}{"type":"tool_use","id":"t","name":"Bash","input":{}}]`, `,"pad":"${big(SKIM_OVER)}"`),
    );
    expect(facts.filter((fact) => fact.kind === 'text')).toHaveLength(4096);
    expect(decoder.problem).toBe('line 1: a assistant record read in part (more than 4096 content blocks: the rest was not read)');
    expect(decoder.counts).toMatchObject({ parsed: 1, skimmed: 1, invalid: 0 });
    const keys = Array.from({ length: 1000 }, (_, n) => `"k${n}":${n}`).join(',');
    const many = decode(`{"type":"user","sessionId":"s","message":{"content":"hi"},${keys},"pad":"${big(SKIM_OVER)}"}\n`);
    expect(many.facts).toContainEqual(expect.objectContaining({ kind: 'prompt', line: 'hi' }));
    expect(many.decoder.problem).toBe('line 1: a user record read in part (an object of more than 256 keys: the rest was not read)');
  });

  it('sets keys as JSON.parse does: an own __proto__ is a field, never the prototype', () => {
    const skimmed = skimRecord(`{"__proto__":{"polluted":true},"type":"user","pad":"${big(SKIM_OVER)}"}`)!;
    expect(Object.getPrototypeOf(skimmed.value)).toBe(Object.prototype);
    expect(Object.hasOwn(skimmed.value as object, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('counts a line that is not JSON as invalid, and goes on', () => {
    const cut = assistant(`[${'{},'.repeat(500_000)}`).replace(/\n$/u, '');
    const { decoder, facts } = decode(`${cut}\n${assistant('[{"type":"text","text":"next"}]')}`);
    expect(decoder.counts).toMatchObject({ lines: 2, invalid: 1, parsed: 1 });
    expect(facts).toContainEqual(expect.objectContaining({ kind: 'text', line: 'next' }));
  });
});

describe('stepping over JSON values in a line', () => {
  it('steps over millions of small values, long strings and escapes cut by its windows, without overflowing', () => {
    const array = `[${'{},'.repeat(5_000_000)}{}]`;
    expect(valueEnd(array, 0)).toBe(array.length);
    const escapes = `"${'\\"'.repeat(100_000)}\\\\"`;
    expect(stringEnd(`${escapes},`, 0)).toBe(escapes.length);
    for (const shift of [0, 1, 2, 3]) {
      // A backslash at each side of a window's edge.
      const text = `"${'a'.repeat(64 * 1024 - 2 + shift)}\\"b"`;
      expect(stringEnd(text, 0)).toBe(text.length);
    }
    expect(valueEnd('"not closed', 0)).toBe(-1);
    expect(valueEnd(`[${'{},'.repeat(100_000)}`, 0)).toBe(-1);
  });

  it('reads values nested up to MAX_DEPTH, and gives up on deeper ones', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(valueEnd(nested(MAX_DEPTH), 0)).toBe(2 * MAX_DEPTH);
    expect(valueEnd(nested(100_000), 0)).toBe(-1);
    expect(closeEnd('1,2]', 0, 1)).toBe(4);
  });

  it('tells the type of hostile lines without throwing', () => {
    expect(recordTypeOf(`{"message":[${'{},'.repeat(5_000_000)}{}],"type":"assistant","x":{}}`)).toBe('assistant');
    const pairs = Array.from({ length: 2_000_000 }, (_, n) => `"k${n}":1`).join(',');
    expect(recordTypeOf(`{"message":{},"type":"user",${pairs}}`)).toBe('user');
    expect(recordTypeOf(`{"message":{},${pairs},"type":"user"}`)).toBe('user');
    // Past the keys a record has: not read, rather than walked a million keys long.
    expect(recordTypeOf(`{"message":{},${pairs},"type":"user","x":{}}`)).toBeUndefined();
  });
});

describe('the facts of a skimmed line', () => {
  it('are what the decoder makes of the record, nothing more', () => {
    const facts: TranscriptFact[] = decode(assistant('[]', `,"toolUseResult":"${big(SKIM_OVER)}"`)).facts;
    expect(facts.map((fact) => fact.kind)).toEqual(['identity', 'usage']);
  });
});
