import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SPEC_BYTES, runSpecCheck } from '../../src/cli/run-spec-check.js';
import { FIXTURES, tempDir } from '../helpers/fixtures.js';

const SPECS = join(FIXTURES, 'specs');

function check(file: string, json = false) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runSpecCheck({ file, json, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

describe('runSpecCheck', () => {
  it('summarises a valid file', () => {
    expect(check(join(SPECS, 'chain.json'))).toEqual({
      code: 0,
      out: [`✓ ${SPECS}/chain.json: team release-train v1.2.0, 5 agents, chain workflow with 5 steps`],
      err: [],
    });
    expect(check(join(SPECS, 'council.json')).out).toEqual([
      `✓ ${SPECS}/council.json: team release-council v1.0.0, 5 agents, council workflow with 0 steps`,
    ]);
  });

  it('prints warnings after the summary', () => {
    const dir = tempDir();
    const file = join(dir, 'swarm.json');
    writeFileSync(file, JSON.stringify({ name: 'bash', version: '0.1.0', agents: ['coder'], workflow: { type: 'swarm' } }));
    expect(check(file)).toEqual({
      code: 0,
      out: [
        `✓ ${file}: team bash v0.1.0, 1 agent, swarm workflow with 0 steps`,
        'warning: $.collaboration.task_queue: a swarm workflow without task_queue: true has no shared queue to claim tasks from',
      ],
      err: [],
    });
  });

  it('prints every problem to stderr and fails', () => {
    const file = join(SPECS, 'invalid-references.json');
    expect(check(file)).toEqual({
      code: 1,
      out: [],
      err: [
        `${file}: $.collaboration.lead: agent "manager" is not in agents`,
        `${file}: $.workflow.steps[1].agent: agent "codr" is not in agents (did you mean "coder"?)`,
        `${file}: $.workflow.steps[4].name: duplicate step name "test" (also steps[2])`,
        `${file}: $.workflow.steps[2].depends_on[1]: no step named "deploy"`,
        `${file}: $.workflow.steps[3].depends_on[0]: step "review" depends on itself`,
      ],
    });
    const torn = check(join(SPECS, 'invalid-json.json'));
    expect(torn.code).toBe(1);
    expect(torn.err).toEqual([expect.stringMatching(/invalid-json\.json: \$: not valid JSON at line \d+, column \d+: /u)]);
  });

  it('prints a JSON document with --json', () => {
    const good = check(join(SPECS, 'graph.json'), true);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.out.join('\n'))).toEqual({ ok: true, problems: [], warnings: [] });
    const bad = check(join(SPECS, 'invalid-crew.json'), true);
    expect(bad).toMatchObject({ code: 1, err: [] });
    expect(JSON.parse(bad.out.join('\n'))).toEqual({
      ok: false,
      problems: [{ path: '$.collaboration.lead', message: 'a crew workflow needs a lead (collaboration.lead)' }],
      warnings: [],
    });
  });

  it('fails clearly on a missing or oversized file, a folder and a named pipe', () => {
    const dir = tempDir();
    expect(check(join(dir, 'nope.json'))).toEqual({ code: 1, out: [], err: [`${dir}/nope.json: no such file`] });
    expect(check(dir)).toEqual({ code: 1, out: [], err: [`${dir}: is a folder, not a file`] });
    const big = join(dir, 'big.json');
    writeFileSync(big, Buffer.alloc(MAX_SPEC_BYTES + 1, 0x20));
    expect(check(big)).toEqual({ code: 1, out: [], err: [`${big}: is 8 MB: too big for a team file (the limit is 8 MB)`] });
    const pipe = join(dir, 'pipe.json');
    execFileSync('mkfifo', [pipe]);
    expect(check(pipe)).toEqual({ code: 1, out: [], err: [`${pipe}: is not a regular file (a pipe, socket or device)`] });
    expect(JSON.parse(check(join(dir, 'nope.json'), true).out.join('\n'))).toEqual({
      ok: false,
      problems: [{ path: '$', message: 'no such file' }],
      warnings: [],
    });
  });

  it('never lets the file put control characters on the terminal', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    const file = join(dir, 'sub', 'evil.json');
    const evil = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e';
    writeFileSync(
      file,
      JSON.stringify({
        name: `x${evil}`,
        version: '1.0.0',
        agents: ['a'],
        workflow: { steps: [{ name: 's', agent: `b${evil}` }] },
        [evil]: 1,
      }),
    );
    const { code, err, out } = check(file);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
    for (const line of err) expect(line).not.toMatch(CONTROL);
    expect(err).toHaveLength(2);

    writeFileSync(file, JSON.stringify({ name: `x${evil}`, version: '1.0.0', agents: ['a'] }));
    const good = check(file);
    expect(good.code).toBe(0);
    for (const line of good.out) expect(line).not.toMatch(CONTROL);
    expect(good.out[0]).toMatch(/^✓ .*: team x.*pwned/u);

    writeFileSync(file, `{"name": "${evil.replace(/[\u0000-\u001f]/gu, '')}" "`);
    for (const line of check(file).err) expect(line).not.toMatch(CONTROL);

    // JSON keeps the data exactly, escaped.
    writeFileSync(file, JSON.stringify({ name: 'x', version: '1.0.0', agents: ['a'], [evil]: 1 }));
    const json = check(file, true);
    for (const line of json.out.join('\n').split('\n')) expect(line).not.toMatch(CONTROL);
    const doc = JSON.parse(json.out.join('\n')) as { problems: { path: string }[] };
    expect(doc.problems[0]!.path).toBe(`$[${JSON.stringify(evil)}]`);
  });

  it('is not fooled by a file name', () => {
    const dir = tempDir();
    const file = join(dir, 'a\u001b[2Jb.json');
    writeFileSync(file, '{}');
    const { err } = check(file);
    expect(err[0]).toMatch(/^.*a␛\[2Jb\.json: \$\.name: required, but missing$/u);
  });
});
