/** Who wrote to whom, and how much: plain text apart from protocol messages. */
import type { MessagePair, ReportMessage } from './model.js';

export function messagePairs(messages: readonly ReportMessage[]): MessagePair[] {
  const pairs = new Map<string, { from: string; to: string; plain: number; kinds: Map<string, number> }>();
  for (const message of messages) {
    const key = JSON.stringify([message.from, message.to]);
    let pair = pairs.get(key);
    if (!pair) pairs.set(key, (pair = { from: message.from, to: message.to, plain: 0, kinds: new Map() }));
    if (message.protocol) pair.kinds.set(message.kind, (pair.kinds.get(message.kind) ?? 0) + 1);
    else pair.plain++;
  }
  return [...pairs.values()]
    .map(({ from, to, plain, kinds }): MessagePair => {
      const protocol = [...kinds.values()].reduce((sum, count) => sum + count, 0);
      return {
        from,
        to,
        count: plain + protocol,
        plain,
        protocol,
        kinds: [...kinds].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1)),
      };
    })
    .sort((a, b) => b.count - a.count || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
}
