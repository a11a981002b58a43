import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeText, KNOWN_PROTOCOL_TYPES, renderProtocol, requestIdOf, verdictOf } from '../../../src/core/decode/protocol.js';
import { FIXTURES } from '../../helpers/fixtures.js';

const render = (object: Record<string, unknown>) => {
  const decoded = decodeText(JSON.stringify(object));
  if (!decoded.data) throw new Error('not decoded as protocol');
  return renderProtocol(decoded.data);
};

describe('decodeText', () => {
  it('decodes a JSON object with a string type as a protocol message', () => {
    const decoded = decodeText('{"type":"idle_notification","idleReason":"available"}');
    expect(decoded.kind).toBe('idle_notification');
    expect(decoded.data).toEqual({ type: 'idle_notification', idleReason: 'available' });
  });

  it('treats text that starts with { but is not JSON as plain text', () => {
    expect(decodeText('{not json} is plain text')).toEqual({ kind: 'text', data: null });
  });

  it('treats JSON without a string type, arrays and scalars as plain text', () => {
    expect(decodeText('{"answer": 42}').kind).toBe('text');
    expect(decodeText('{"type": 3}').kind).toBe('text');
    expect(decodeText('[1,2]').kind).toBe('text');
    expect(decodeText('hello').kind).toBe('text');
  });

  it('accepts leading whitespace before the object', () => {
    expect(decodeText('  {"type":"shutdown_approved"}').kind).toBe('shutdown_approved');
  });
});

describe('renderProtocol', () => {
  it('renders idle notifications with their reason and facts', () => {
    expect(render({ type: 'idle_notification', idleReason: 'available' })).toBe('idle (available)');
    expect(render({ type: 'idle_notification', idleReason: 'interrupted' })).toBe('idle (interrupted)');
    expect(render({ type: 'idle_notification', idleReason: 'failed', failureReason: 'API error 529' })).toBe(
      'idle (failed): API error 529',
    );
    expect(render({ type: 'idle_notification', idleReason: 'available', completedTaskId: '3', completedStatus: 'completed' })).toBe(
      'idle (available) · finished #3',
    );
  });

  it('says what an idle turn ended with: its summary, else its result (2.1.330), on one line', () => {
    const idle = { type: 'idle_notification', idleReason: 'available' };
    expect(render({ ...idle, summary: '[to bob] hello peer', result: 'alice: nothing more to do (turn 6).' })).toBe(
      'idle (available) · [to bob] hello peer',
    );
    expect(render({ ...idle, result: 'carol: waiting for plan approval.' })).toBe('idle (available) · carol: waiting for plan approval.');
    expect(render({ ...idle, result: '## Findings\n\n1. the parser\n   leaks' })).toBe(
      'idle (available) · ## Findings 1. the parser leaks',
    );
    const long = render({ ...idle, result: 'x'.repeat(100_000) });
    expect(long.length).toBeLessThan(500);
    expect(long.endsWith('…')).toBe(true);
  });

  it('renders the shutdown handshake in all its forms', () => {
    expect(render({ type: 'shutdown_request', requestId: 's1', reason: 'work is complete' })).toBe('shutdown requested: work is complete');
    expect(render({ type: 'shutdown_approved', requestId: 's1' })).toBe('shutdown approved');
    expect(render({ type: 'shutdown_rejected', requestId: 's1', reason: 'still writing' })).toBe('shutdown rejected: still writing');
    expect(render({ type: 'shutdown_response', request_id: 's1', approve: true })).toBe('shutdown approved');
    expect(render({ type: 'shutdown_response', requestId: 's1', approved: false, content: 'not yet' })).toBe('shutdown rejected: not yet');
  });

  it('renders permission requests with tool and description, and both response forms', () => {
    expect(render({ type: 'permission_request', request_id: 'p', tool_name: 'Bash', description: 'Run the tests' })).toBe(
      'permission request: Bash — Run the tests',
    );
    expect(render({ type: 'permission_response', request_id: 'p', approve: true })).toBe('permission granted');
    expect(render({ type: 'permission_response', request_id: 'p', approve: false })).toBe('permission denied');
    expect(render({ type: 'permission_response', request_id: 'p', subtype: 'success', response: { behavior: 'allow' } })).toBe(
      'permission granted',
    );
    expect(render({ type: 'permission_response', request_id: 'p', subtype: 'error', error: 'denied by the user' })).toBe(
      'permission denied: denied by the user',
    );
    expect(
      render({ type: 'permission_response', request_id: 'p', subtype: 'success', response: { behavior: 'deny', message: 'no' } }),
    ).toBe('permission denied: no');
    // 2.1.330 names what it granted.
    expect(
      render({
        type: 'permission_response',
        request_id: 'p',
        subtype: 'success',
        approved_request: { tool_name: 'Bash', input_digest: 'be07' },
      }),
    ).toBe('permission granted (Bash)');
  });

  it('renders plan approval with the plan first line and the verdict with feedback', () => {
    expect(render({ type: 'plan_approval_request', requestId: 'x', plan: '# Refactor auth\n\n1. Extract' })).toBe(
      'plan approval requested: # Refactor auth',
    );
    expect(render({ type: 'plan_approval_request', requestId: 'x', planContent: '\n\nMigrate the docs\nthen more' })).toBe(
      'plan approval requested: Migrate the docs',
    );
    expect(render({ type: 'plan_approval_response', requestId: 'x', approve: false, feedback: 'split step 1' })).toBe(
      'plan rejected: split step 1',
    );
    expect(render({ type: 'plan_approval_response', requestId: 'x', approved: true })).toBe('plan approved');
    expect(render({ type: 'plan_approval_response', requestId: 'x', approved: true, permissionMode: 'default', planDigest: 'c8d7' })).toBe(
      'plan approved (mode default)',
    );
    expect(render({ type: 'plan_approval_request', requestId: 'x', planFilePath: '/home/dev/.claude/plans/kind-whistling-quail.md' })).toBe(
      'plan approval requested: /home/dev/.claude/plans/kind-whistling-quail.md',
    );
  });

  it('renders task assignments with id and subject', () => {
    expect(render({ type: 'task_assignment', taskId: '7', subject: 'Write the guide', assignedBy: 'team-lead' })).toBe(
      'task #7 assigned (by team-lead): Write the guide',
    );
  });

  it('renders the sandbox pair, mode changes and team permission updates', () => {
    expect(render({ type: 'sandbox_permission_request', requestId: 'b', host: 'registry.npmjs.org' })).toBe(
      'sandbox permission request: registry.npmjs.org',
    );
    expect(render({ type: 'sandbox_permission_response', requestId: 'b', host: 'x.org', allow: false })).toBe(
      'sandbox access denied: x.org',
    );
    expect(render({ type: 'mode_set_request', mode: 'plan' })).toBe('mode change requested: plan');
    expect(render({ type: 'team_permission_update', toolName: 'Bash' })).toBe('team permission update: Bash');
  });

  it('shows an unknown type with its fields instead of dropping it', () => {
    expect(render({ type: 'future_thing', level: 3, note: 'something new' })).toBe('future_thing: level=3 note=something new');
    expect(render({ type: 'bare' })).toBe('bare');
  });

  it('has a rendering for every type FORMATS.md lists, and the swarm-tools join handshake', () => {
    expect([...KNOWN_PROTOCOL_TYPES].sort()).toEqual(
      [
        'idle_notification',
        'shutdown_request',
        'shutdown_approved',
        'shutdown_rejected',
        'shutdown_response',
        'permission_request',
        'permission_response',
        'plan_approval_request',
        'plan_approval_response',
        'task_assignment',
        'sandbox_permission_request',
        'sandbox_permission_response',
        'mode_set_request',
        'team_permission_update',
        'join_request',
        'join_approved',
        'join_rejected',
        'join_response',
      ].sort(),
    );
  });
});

describe('requestIdOf and verdictOf', () => {
  it('reads the id whatever its casing', () => {
    expect(requestIdOf({ type: 'x', requestId: 'a' })).toBe('a');
    expect(requestIdOf({ type: 'x', request_id: 'b' })).toBe('b');
    expect(requestIdOf({ type: 'x' })).toBeUndefined();
  });

  it('reads yes, no and no answer', () => {
    expect(verdictOf({ type: 'shutdown_approved' })).toBe(true);
    expect(verdictOf({ type: 'shutdown_rejected' })).toBe(false);
    expect(verdictOf({ type: 'permission_response', approve: false })).toBe(false);
    expect(verdictOf({ type: 'plan_approval_response', approved: true })).toBe(true);
    expect(verdictOf({ type: 'permission_response', subtype: 'error' })).toBe(false);
    expect(verdictOf({ type: 'permission_response', subtype: 'success' })).toBe(true);
    expect(verdictOf({ type: 'sandbox_permission_response', allow: true })).toBe(true);
    expect(verdictOf({ type: 'shutdown_response' })).toBeUndefined();
  });
});

describe('the protocol zoo fixture', () => {
  it('decodes every message it holds and never shows raw JSON', () => {
    for (const inbox of ['team-lead', 'worker', 'helper']) {
      const entries = JSON.parse(readFileSync(join(FIXTURES, 'protocol-zoo/teams/zoo/inboxes', `${inbox}.json`), 'utf8')) as {
        text: string;
      }[];
      for (const entry of entries) {
        const decoded = decodeText(entry.text);
        if (decoded.data) expect(renderProtocol(decoded.data)).not.toMatch(/^\{|"type"/u);
      }
    }
  });
});
