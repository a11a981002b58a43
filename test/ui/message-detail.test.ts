/**
 * An opened message says whether its recipient's model took it, as its transcript shows (issue 35 §6), and
 * marks one recovered from the transcript that the inbox never showed (issue 36 §1).
 */
import { describe, expect, it } from 'vitest';
import { applyInboxFile, applyTakenMail, emptyInbox, type InboxHistory } from '../../src/core/facts/index.js';
import type { TakenMail } from '../../src/core/model/transcript-facts.js';
import { messageDetail } from '../../src/ui/widgets/message-detail.js';
import { monochromeTheme } from '../../src/ui/widgets/theme.js';
import { at, message } from '../helpers/observations.js';

const taken = (text: string, seconds: number): TakenMail => ({ from: 'lead', summary: null, color: null, text, at: at(seconds) });

/** The second facts line and the body of the history's message whose text is `text`. */
function opened(history: InboxHistory, text: string): { facts: string; body: string } {
  const found = history.messages.find((one) => one.text === text);
  expect(found, text).toBeDefined();
  const detail = messageDetail(found!, ['bob']);
  const [, second] = detail.facts({ paint: monochromeTheme.paint, colors: new Map(), now: at(60) });
  return { facts: second.map((part) => part.text).join(''), body: detail.lines(400).join('\n') };
}

describe('an opened message, taken or recovered', () => {
  it('says not taken yet, then when the model took it after it left the file, and marks one only the transcript held', () => {
    let bob = applyInboxFile(emptyInbox('bob'), [message('bob', 'lead', 'hello', 10)], 0, at(10));
    bob = applyInboxFile(bob, [], 0, at(11));
    // The transcript is read to its end and shows nothing taken yet: the message waits for the model.
    bob = applyTakenMail(bob, [], true);
    expect(opened(bob, 'hello').facts).toContain('not taken yet');
    expect(opened(bob, 'hello').facts).toContain('delivered');

    bob = applyTakenMail(bob, [taken('hello', 31)]);
    expect(opened(bob, 'hello').facts).toMatch(/taken \d\d:\d\d:\d\d, 20(\.0)?s after it left the file/u);
    expect(opened(bob, 'hello').facts).not.toContain('recovered');

    bob = applyTakenMail(bob, [taken('never in the file', 40)]);
    const recovered = opened(bob, 'never in the file');
    expect(recovered.facts).toMatch(/recovered · taken \d\d:\d\d:\d\d/u);
    expect(recovered.facts).not.toContain('delivered');
    expect(recovered.body).toContain("recovered from bob's session transcript");
  });
});
