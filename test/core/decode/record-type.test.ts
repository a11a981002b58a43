import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leadingRecordType, recordTypeOf } from '../../../src/core/decode/transcript/record-type.js';
import { allTranscriptLines } from '../../helpers/transcripts.js';

const typeOf = (line: string): unknown => (JSON.parse(line) as { type?: unknown }).type;

describe('the type of a transcript line, told without parsing it', () => {
  it('is what JSON.parse says, for every line the real 2.1.332 wrote', () => {
    const lines = allTranscriptLines();
    expect(lines).toHaveLength(486);
    for (const line of lines) expect(recordTypeOf(line)).toBe(typeOf(line));
  });

  it('is the top level type, wherever it is, and not a nested one', () => {
    const attachment = { parentUuid: 'p', attachment: { type: 'skill_listing', items: [{ type: 'x' }] }, type: 'attachment', uuid: 'u' };
    const assistant = {
      message: { id: 'm', content: [{ type: 'tool_use', input: { type: 'y' } }] },
      requestId: 'r',
      type: 'assistant',
      n: 1,
    };
    const between = { a: { type: 'no' }, type: 'middle', b: [{ type: 'no' }], c: 'd' };
    const last = { a: { b: 'c' }, z: { type: 'nested last' }, type: 'top' };
    const deep = { a: JSON.parse(`${'['.repeat(60)}{"type":"deep"}${']'.repeat(60)}`) as unknown, b: { type: 'no' }, type: 'top' };
    for (const record of [attachment, assistant, between, last, deep]) expect(recordTypeOf(JSON.stringify(record))).toBe(record.type);
  });

  it('reads strings with escapes, quotes and brackets in them, and spaces between tokens', () => {
    const tricky = { a: 'say "type":"no" [ { ', b: 'ends in a backslash \\', c: { d: '} ] "' }, type: 'ty"pe\\', e: '\\"' };
    expect(recordTypeOf(JSON.stringify(tricky))).toBe(tricky.type);
    expect(recordTypeOf(JSON.stringify(tricky, null, 2))).toBe(tricky.type);
    expect(recordTypeOf('  { "type" : "user" , "a" : [ 1 , { } ] }  ')).toBe('user');
  });

  it('reads a line nested deep on both sides of its type, and gives up on one nested past what it reads', () => {
    const nested = (depth: number) => `{"a":${'['.repeat(depth)}"x"${']'.repeat(depth)},"type":"t","b":{"c":[]}}`;
    expect(recordTypeOf(nested(100))).toBe('t');
    expect(recordTypeOf(nested(100_000))).toBeUndefined();
    // With small keys after it (as the client writes), the type is read from the end at any depth.
    expect(recordTypeOf(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)},"type":"t","u":"v"}`)).toBe('t');
  });

  it('is undefined for what is not a record with a string type', () => {
    for (const line of [
      '',
      'not json',
      '[{"type":"user"}]',
      '"type"',
      '{}',
      '{"type":3}',
      '{"type":null,"a":"b"}',
      '{"a":{"type":"user"}}',
      '{"type"',
    ])
      expect(recordTypeOf(line), line).toBeUndefined();
  });

  it('agrees with JSON.parse on any object', () => {
    const record = fc
      .tuple(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 }),
        fc.string(),
        fc.nat(6),
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 }),
      )
      .map(([before, type, after]) => {
        const entries = [
          ...Object.entries(before).filter(([key]) => key !== 'type'),
          ['type', type] as const,
          ...Object.entries(after).filter(([key]) => key !== 'type' && !(key in before)),
        ];
        return Object.fromEntries(entries);
      });
    fc.assert(
      fc.property(record, fc.boolean(), (value, spaced) => {
        expect(recordTypeOf(JSON.stringify(value, null, spaced ? 1 : undefined))).toBe(value['type']);
      }),
    );
  });

  it('of a line still being written, is its type once it has arrived, and never a wrong one', () => {
    const blob = JSON.stringify({ type: 'api-request-blob', sessionId: 's', message: { content: 'x'.repeat(1000) } });
    expect(leadingRecordType(blob.slice(0, 40))).toBe('api-request-blob');
    expect(leadingRecordType(blob.slice(0, 20))).toBeUndefined();
    for (const line of allTranscriptLines().slice(0, 120))
      for (let cut = 0; cut < line.length; cut += 97) expect([undefined, typeOf(line)]).toContain(leadingRecordType(line.slice(0, cut)));
  });
});
