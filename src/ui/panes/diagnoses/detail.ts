// A diagnosis opened: what is wrong and what to do, then its evidence as the team's state has it now (gone: by reference).

import type { InboxMessage } from '../../../core/model/inbox.js';
import { formatAge, formatClock, isInstant } from '../../../core/model/time.js';
import { selectTaskGraph } from '../../../core/select/tasks.js';
import type { Part } from '../../widgets/fitted-line.js';
import { namePart, wrap } from '../../widgets/message-detail.js';
import { isUnread } from '../../widgets/message-line.js';
import type { Detail } from '../pane.js';
import { fit } from '../../../core/text/fit.js';
import type { Frame } from '../../views/view.js';
import { statusLabel } from '../members/detail.js';
import { SEVERITIES } from './marks.js';
import type { Diagnosis, Evidence } from '../../../core/model/diagnosis.js';
import { plural } from '../../../core/text/words.js';

/** Columns before an evidence line's text: its time and two spaces. */
const INDENT = '          ';

/** A message as its row in a pane reads: a plain one's summary, then its text (a protocol message's rendering). */
const rendering = (message: InboxMessage): string => `${!message.data && message.summary ? `${message.summary} · ` : ''}${message.text}`;

/** What an evidence reference is now, in a line: looked up in the team's state. */
function evidenceText(item: Evidence, frame: Frame): string {
  switch (item.kind) {
    case 'message': {
      const { message } = item;
      return `${message.from} → ${message.to}: ${rendering(message)}`;
    }
    case 'task': {
      const task = selectTaskGraph(frame.team.tasks).find((node) => node.id === item.ref);
      if (!task) return `task #${item.ref} (not found)`;
      return `task #${task.id} ${task.subject || '(no subject)'} · ${task.state.replace('_', ' ')} · owner ${task.owner ?? '—'}`;
    }
    case 'member': {
      const member = frame.members.find((candidate) => candidate.name === item.ref);
      return member ? `member ${member.name} · ${statusLabel(member, frame.now)}` : `member ${item.ref} (not a member)`;
    }
    case 'inbox': {
      const inbox = frame.team.inboxes.get(item.ref);
      if (!inbox) return `inbox of ${item.ref} (not found)`;
      const waiting = inbox.messages.filter(isUnread).length;
      return `inbox of ${item.ref} · ${plural(waiting, 'message')} waiting${inbox.exists ? '' : ' · file gone'}`;
    }
  }
}

/** One evidence item in display lines: its time and what it is now; a message's id on a line of its own. */
function evidenceLines(item: Evidence, frame: Frame, width: number): string[] {
  const room = width - INDENT.length;
  const lines = [`${formatClock(item.at)}  ${fit(evidenceText(item, frame), room)}`];
  if (item.kind === 'message') lines.push(`${INDENT}${fit(`id ${item.ref}`, room)}`);
  return lines;
}

export function diagnosisLines(diagnosis: Diagnosis, frame: Frame, width: number): string[] {
  return [
    ...wrap(diagnosis.summary, width),
    ...(diagnosis.detail ? wrap(`the call: ${diagnosis.detail}`, width) : []),
    '',
    ...wrap(`what to do: ${diagnosis.action}`, width),
    '',
    `evidence (${diagnosis.evidence.length}):`,
    ...diagnosis.evidence.flatMap((item) => evidenceLines(item, frame, width)),
  ];
}

export function diagnosisDetail(diagnosis: Diagnosis, frame: Frame): Detail {
  const severity = SEVERITIES[diagnosis.severity];
  const known = isInstant(diagnosis.since);
  return {
    ...(known ? { since: diagnosis.since } : {}),
    lines: (width) => diagnosisLines(diagnosis, frame, width),
    facts: (look) => {
      const first: Part[] = [
        { text: `${severity.mark} ${severity.word} `, bold: true, color: look.paint(severity.color) },
        { text: diagnosis.kind, bold: true },
        { text: ' · ', dimColor: true },
      ];
      diagnosis.members.forEach((name, i) => {
        if (i > 0) first.push({ text: ', ', dimColor: true });
        first.push(namePart(look, name));
      });
      const age = known
        ? `for ${formatAge(Math.max(0, look.now - diagnosis.since))} (since ${formatClock(diagnosis.since)})`
        : 'since: not known';
      // What to do is said whole in the body, first thing after what is wrong.
      return [first, [{ text: age, dimColor: true }]];
    },
  };
}
