// A member pane's list: drawn again only when what it lists changed, not when its title or info line did (an age ticking).
import React from 'react';
import type { InboxMessage } from '../../../core/model/inbox.js';
import { maxOf } from '../../../core/model/lists.js';
import { FittedLine, type Part } from '../../widgets/fitted-line.js';
import { MessageLine } from '../../widgets/message-line.js';
import type { ListWindow } from '../pane.js';
import { displayWidth, fit } from '../../../core/text/fit.js';
import { visibleItems, WindowedList } from '../../widgets/windowed-list.js';
import type { LogView, MemberPaneModel } from './model.js';
import { Faint } from '../../widgets/faint.js';
import { plural } from '../../../core/text/words.js';

/** The end of the agent's output log, as `tail -F` shows it (text from disk: fitted and sanitised). */
function LogLines({
  log,
  window,
  rows,
  focused,
  width,
}: {
  log: LogView;
  window: ListWindow;
  rows: number;
  focused: boolean;
  width: number;
}) {
  if (window.end === window.start) return rows > 0 ? <Faint>no output yet</Faint> : null;
  // A removed log keeps its lines on screen, dimmed.
  const logLine = (line: string): Part[] => [{ text: fit(line, width) || ' ', dimColor: !log.present }];
  return (
    <WindowedList
      items={log.lines}
      window={window}
      focused={focused}
      row={(line, index, selected) => <FittedLine key={index} parts={logLine(line)} width={width} inverse={selected} />}
    />
  );
}

interface MessagesProps {
  readonly messages: readonly InboxMessage[];
  readonly hidden: number;
  readonly log: LogView | null;
  readonly window: ListWindow;
  readonly rows: number;
  readonly focused: boolean;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

/** The messages, or the log. */
function Messages({ messages, hidden, log, window, rows, focused, colors, width }: MessagesProps) {
  if (log) return <LogLines log={log} window={window} rows={rows} focused={focused} width={width} />;
  const visible = visibleItems(messages, window);
  if (rows > 0 && visible.length === 0)
    return <Faint>{hidden > 0 ? fit(`${plural(hidden, 'message')} hidden by the filters`, width) : 'no messages yet'}</Faint>;
  const widest = Math.max(6, Math.floor(width * 0.28));
  const senderWidth = maxOf(
    visible.map((message) => displayWidth(message.from, widest)),
    4,
  );
  const columns = { senderWidth, width };
  return (
    <WindowedList
      items={messages}
      window={window}
      focused={focused}
      row={(message, _, selected) => (
        <MessageLine key={message.key} message={message} selected={selected} senderColor={colors.get(message.from) ?? null} {...columns} />
      )}
    />
  );
}

interface MemberListProps {
  readonly pane: MemberPaneModel;
  readonly colors: ReadonlyMap<string, string | null>;
  readonly width: number;
}

/** The same list drawn from two of the pane's models: the model is new whenever its title's words change. */
export const sameListed = (a: MemberPaneModel, b: MemberPaneModel): boolean =>
  a.messages === b.messages &&
  a.hidden === b.hidden &&
  a.log === b.log &&
  a.window === b.window &&
  a.rows === b.rows &&
  a.focused === b.focused;

const sameListing = (a: MemberListProps, b: MemberListProps): boolean =>
  a.colors === b.colors && a.width === b.width && sameListed(a.pane, b.pane);

/** The pane's list, from its model: memoised on the fields it lists, not the model, which the title's words change. */
export const MemberList = React.memo(function MemberList({ pane, colors, width }: MemberListProps) {
  return (
    <Messages
      messages={pane.messages}
      hidden={pane.hidden}
      log={pane.log}
      window={pane.window}
      rows={pane.rows}
      focused={pane.focused}
      colors={colors}
      width={width}
    />
  );
}, sameListing);
