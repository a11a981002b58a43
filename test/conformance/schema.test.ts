/**
 * What a new Claude Code wrote that the verified one did not
 * (conformance/schema.mjs): the keys of each kind of file, the protocol message
 * types and the file operations, worked out from recordings of the real client.
 * 2.1.331 dropped `prompt` from config.json's members: the recordings of 2.1.330
 * and 2.1.332 in test-fixtures/captures show it, with no network.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecording } from '../../harness/recording.mjs';
import { describeDiff, diffSchemas, pathShape, schemaOf, type Schema } from '../../conformance/schema.mjs';
import { mergeSchemas, SUPPORTED, verifiedSchema } from '../../conformance/versions.mjs';
import { CAPTURES } from '../helpers/fixtures.js';

const teamRuns = (version: string) =>
  schemaOf(['in-process', 'tmux'].map((mode) => loadRecording(join(CAPTURES, `cc-${version}-realcc-team-${mode}`))));

const EMPTY: Schema = { files: {}, messageTypes: {}, lifecycle: [] };

describe('the schema of a recording', () => {
  it('names each kind of path with placeholders for teams, members, ids and numbers', () => {
    expect(pathShape('teams/session-1a2b3c4d/inboxes/alice.json.tmp.9f8e7d6c')).toBe('teams/<team>/inboxes/<name>.json.tmp.<id>');
    expect(pathShape('teams/session-1a2b3c4d.deleted-0b5c1f2e-1111-2222-3333-444455556666')).toBe('teams/<team>.deleted-<id>');
    expect(pathShape('tasks/session-1a2b3c4d/12.json.lock')).toBe('tasks/<team>/<n>.json.lock');
    expect(pathShape('projects/-home-dev-app/30ca3dcf-f31b-4764-ba2f-976ee1167b47/subagents/agent-aalice-ec89417d3e4f7c85.jsonl')).toBe(
      'projects/<slug>/<session>/subagents/agent-<id>.jsonl',
    );
    expect(pathShape('sessions/20329.json')).toBe('sessions/<pid>.json');
    expect(pathShape('sessions/20329.c1a0930eb44cce3e.key.tmp.22cedc28')).toBe('sessions/<pid>.<hash>.key.tmp.<id>');
  });

  it('holds keys, message types and file operations, and none of what the client wrote in them', () => {
    const schema = teamRuns('2.1.332');
    expect(schema.files['config.json']).toEqual(expect.arrayContaining(['members', 'members[].name', 'members[].agentType']));
    // color and summary are only in versions written as a temp file renamed over the inbox.
    expect(schema.files['inbox message']).toEqual(expect.arrayContaining(['from', 'text', 'timestamp', 'msg_id', 'color', 'summary']));
    expect(Object.keys(schema.messageTypes)).toEqual(
      expect.arrayContaining(['task_assignment', 'idle_notification', 'shutdown_request', 'shutdown_approved', 'shutdown_rejected']),
    );
    expect(schema.messageTypes['shutdown_request']).toEqual(expect.arrayContaining(['requestId', 'reason']));
    expect(schema.lifecycle).toEqual(
      expect.arrayContaining([
        'rename teams/<team>/inboxes/<name>.json.tmp.<id> → teams/<team>/inboxes/<name>.json',
        'rename teams/<team> → teams/<team>.deleted-<id>',
        'a delivered message is removed from its inbox',
      ]),
    );
    const words = [...Object.values(schema.files).flat(), ...Object.values(schema.messageTypes).flat()];
    for (const word of words) expect(word).toMatch(/^[A-Za-z_][\w]*(\[\])?(\.[A-Za-z_]\w*(\[\])?)*$/u);
    expect(JSON.stringify(schema)).not.toMatch(/alice|bob|RUN-TEAM-SCRIPT/u);
  });
});

describe('a newer client against the verified one', () => {
  it("says 2.1.332's members carry no `prompt`, and that it was new in 2.1.330 the other way round", () => {
    const older = teamRuns('2.1.330');
    const newer = teamRuns('2.1.332');
    expect(diffSchemas(older, newer).missing).toContain('key members[].prompt in config.json');
    expect(diffSchemas(older, newer).added).not.toContain('key members[].prompt in config.json');
    expect(diffSchemas(newer, older).added).toContain('key members[].prompt in config.json');
    expect(diffSchemas(newer, newer)).toEqual({ added: [], missing: [] });
  });

  it('prints a new key, message type and file operation for review, and what the runs did not see apart', () => {
    const verified: Schema = {
      files: { 'config.json': ['members', 'members[].name'] },
      messageTypes: { shutdown_request: ['type', 'requestId'] },
      lifecycle: ['rename teams/<team>/inboxes/<name>.json.tmp.<id> → teams/<team>/inboxes/<name>.json'],
    };
    const seen: Schema = {
      files: { 'config.json': ['members', 'members[].name', 'members[].sandbox'] },
      messageTypes: { shutdown_request: ['type', 'requestId', 'deadline'], mode_change: ['type', 'mode'] },
      lifecycle: ['write teams/<team>/inboxes/<name>.json'],
    };
    const diff = diffSchemas(verified, seen);
    expect(diff.added).toEqual([
      'key members[].sandbox in config.json',
      'message type mode_change',
      'key deadline in shutdown_request',
      'lifecycle: write teams/<team>/inboxes/<name>.json',
    ]);
    expect(diff.missing).toEqual(['lifecycle: rename teams/<team>/inboxes/<name>.json.tmp.<id> → teams/<team>/inboxes/<name>.json']);
    const text = describeDiff(diff, { verifiedVersion: '2.1.332', version: '2.1.340' });
    expect(text).toContain('new in 2.1.340 (to review):\n  + key members[].sandbox in config.json\n  + message type mode_change');
    expect(text).toContain('written by 2.1.332, not seen in these runs:\n  - lifecycle: rename');
    expect(describeDiff({ added: [], missing: [] }, { verifiedVersion: '2.1.332', version: '2.1.332' })).toMatch(/nothing else/u);
  });

  it('merges runs of one version into the union of what they saw', () => {
    const merged = mergeSchemas(
      { ...EMPTY, files: { task: ['id'] }, lifecycle: ['b'] },
      { ...EMPTY, files: { task: ['status', 'id'] }, lifecycle: ['a'] },
    );
    expect(merged).toEqual({ files: { task: ['id', 'status'] }, messageTypes: {}, lifecycle: ['a', 'b'] });
  });

  it('has the supported version verified: its schema is committed and covers its recordings here', () => {
    const verified = verifiedSchema(SUPPORTED);
    expect(verified?.version).toBe(SUPPORTED);
    expect(diffSchemas(verified!, teamRuns(SUPPORTED)).added).toEqual([]);
    expect(verified!.files['config.json']).not.toContain('members[].prompt');
  });
});
