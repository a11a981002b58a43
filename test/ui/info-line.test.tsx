/**
 * A member pane's info line: what the member is comes first, how long its
 * mail waits after it (first, in colour, when it waits long), and the counts
 * on the right stand apart from what precedes them.
 */
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/core/model/observation.js';
import { at, config, member, message, observe } from '../helpers/observations.js';
import { frame } from '../helpers/render.js';
import { initialState } from '../../src/core/app-state.js';

/** A team whose worker took its mail `waitedSeconds` after each message came, as a watcher saw it. */
function team(waitedSeconds: number, request = false) {
  const mail = [1, 2, 3].map((i) => message('worker', 'team-lead', `note ${i}`, 3));
  const waiting = request ? [message('team-lead', 'worker', { type: 'permission_request', request_id: 'p1', tool_name: 'Bash' }, 5)] : [];
  const seen = (messages: typeof mail, seconds: number): Observation => ({
    kind: 'inbox',
    team: 'team',
    member: 'worker',
    messages,
    at: at(seconds),
    live: true,
  });
  const members = [member('team-lead', { agentType: 'team-lead' }), member('worker', { model: 'sonnet', backendType: 'in-process' })];
  return observe(
    initialState,
    { kind: 'folder', target: { kind: 'team-dir', team: 'team' }, at: at(0) },
    { kind: 'config', team: 'team', config: config(members), at: at(0), live: false },
    seen([], 0),
    seen(mail, 3),
    seen([], 3 + waitedSeconds),
    { kind: 'inbox', team: 'team', member: 'team-lead', messages: waiting, at: at(5), live: false },
  );
}

/** The info line of a member's pane: the line under its title, from its left border to its right. */
const infoLine = (text: string, pane: string) => {
  const lines = text.split('\n');
  const title = lines.findIndex((line) => line.includes(`╭─ ${pane} `));
  const left = lines[title]!.indexOf(`╭─ ${pane} `);
  const right = lines[title]!.indexOf('╮', left);
  return lines[title + 1]!.slice(left, right + 1);
};

describe('the info line', () => {
  it('says what the member is first, then how long its mail waits, in words', () => {
    const line = infoLine(frame(team(0.4), { width: 200, height: 40, now: at(10) }), 'worker');
    expect(line).toMatch(/^│ general-purpose · sonnet · in-process · mail waits 0\.4s, at most 0\.4s +all read │$/u);
    expect(line).not.toContain('typ');
  });

  it('says first, when mail waits long, how long it waits', () => {
    const line = infoLine(frame(team(45), { width: 200, height: 40, now: at(60) }), 'worker');
    expect(line).toMatch(/^│ mail waits 45s, at most 45s · general-purpose · sonnet · in-process +all read │$/u);
  });

  it('keeps what the member is whole in a narrow pane, and its open handshake apart from the unread count', () => {
    // A pane 60 columns wide: 56 inside.
    const line = infoLine(frame(team(0.4, true), { width: 60, height: 40, now: at(11) }), 'worker');
    expect(line).toBe('│ general-purpose · sonnet …  ⇢ waits on team-… · all read │');
  });
});
