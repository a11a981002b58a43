/**
 * Published prices of the Claude models and their context windows: what a
 * member's cost is estimated from when the client recorded none (`cost-state`
 * is written only as a session ends), and what its context is a share of.
 *
 *   modelInfo(model): ModelInfo | undefined          the row for a model id as a transcript names it
 *   estimateUSD(model, tokens): number | null        one response's cost; null for a model not in the table
 *   contextWindowOf(model, contextTokens): number | null
 *
 * Source: Anthropic's price list, platform.claude.com/docs/en/about-claude/pricing,
 * and each model's overview page (platform.claude.com/docs/en/models/<model>/overview),
 * read 2026-11-26. USD per million tokens: base input, 5-minute and 1-hour cache
 * writes, cache hits, output. Sonnet 5.5's cache hits are $0.10 since 2026-10-07
 * (its overview page still said $0.20; the price changelogs of three tools that
 * track the list say the cut). Context windows are the overview pages' (Opus 4.6
 * to 4.8 and Sonnet 4.6: 1M as reported at their release).
 *
 * A model not in the table gets no estimate and no window: null, never a
 * family's guess. Update this file, and only this file, when prices change;
 * `test/core/model/pricing.test.ts` holds it to what the real client charged.
 */
import type { Tokens } from './transcript-facts.js';

/** USD per million tokens. */
export interface Prices {
  readonly input: number;
  readonly cacheWrite5m: number;
  readonly cacheWrite1h: number;
  readonly cacheRead: number;
  readonly output: number;
}

export interface ModelInfo {
  readonly prices: Prices;
  /** A request whose prompt (input, cache reads and writes) is over `above` tokens is priced at `prices` for all its tokens. */
  readonly longPrompt?: { readonly above: number; readonly prices: Prices };
  readonly window: number;
  /** A larger window the model takes on request (a beta): the one in use when the context is past `window`. */
  readonly extendedWindow?: number;
}

const prices = (input: number, cacheWrite5m: number, cacheWrite1h: number, cacheRead: number, output: number): Prices => ({
  input,
  cacheWrite5m,
  cacheWrite1h,
  cacheRead,
  output,
});

const K200 = 200_000;
const M1 = 1_000_000;

const FABLE_5_1: ModelInfo = { prices: prices(10, 12.5, 20, 0.25, 50), window: M1 };
const FABLE_5: ModelInfo = { prices: prices(10, 12.5, 20, 1, 50), window: M1 };
const OPUS_5_5: ModelInfo = { prices: prices(4, 5, 8, 0.2, 20), window: M1 };
const OPUS_5: ModelInfo = { prices: prices(5, 6.25, 10, 0.5, 25), window: M1 };
const OPUS_4_5: ModelInfo = { prices: prices(5, 6.25, 10, 0.5, 25), window: K200 };
const OPUS_4: ModelInfo = { prices: prices(15, 18.75, 30, 1.5, 75), window: K200 };
const SONNET_5_5: ModelInfo = { prices: prices(2, 2.5, 4, 0.1, 10), window: M1 };
const SONNET_5: ModelInfo = { prices: prices(2, 2.5, 4, 0.2, 10), window: M1 };
const SONNET_4_6: ModelInfo = { prices: prices(3, 3.75, 6, 0.3, 15), window: M1 };
/** Sonnet 4 and 4.5: 200K, or 1M on request, where a prompt over 200K costs twice the input and 1.5 times the output. */
const SONNET_4: ModelInfo = {
  prices: prices(3, 3.75, 6, 0.3, 15),
  longPrompt: { above: K200, prices: prices(6, 7.5, 12, 0.6, 22.5) },
  window: K200,
  extendedWindow: M1,
};
const SONNET_3_7: ModelInfo = { prices: prices(3, 3.75, 6, 0.3, 15), window: K200 };
/** Haiku 5.5: a prompt over 100K costs five times as much, every token of the request. */
const HAIKU_5_5: ModelInfo = {
  prices: prices(0.1, 0.125, 0.2, 0.01, 0.5),
  longPrompt: { above: 100_000, prices: prices(0.5, 0.625, 1, 0.05, 2.5) },
  window: M1,
};
const HAIKU_4_5: ModelInfo = { prices: prices(1, 1.25, 2, 0.1, 5), window: K200 };
const HAIKU_3_5: ModelInfo = { prices: prices(0.8, 1, 1.6, 0.08, 4), window: K200 };
const HAIKU_3: ModelInfo = { prices: prices(0.25, 0.3, 0.5, 0.03, 1.25), window: K200 };

/** By model id without its date (`claude-sonnet-4-5-20250929` is `claude-sonnet-4-5`). */
const MODELS: ReadonlyMap<string, ModelInfo> = new Map([
  ['claude-fable-5-1', FABLE_5_1],
  ['claude-mythos-5-1', FABLE_5_1],
  ['claude-fable-5', FABLE_5],
  ['claude-mythos-5', FABLE_5],
  ['claude-opus-5-5', OPUS_5_5],
  ['claude-opus-5', OPUS_5],
  ['claude-opus-4-8', OPUS_5],
  ['claude-opus-4-7', OPUS_5],
  ['claude-opus-4-6', OPUS_5],
  ['claude-opus-4-5', OPUS_4_5],
  ['claude-opus-4-1', OPUS_4],
  ['claude-opus-4', OPUS_4],
  ['claude-opus-4-0', OPUS_4],
  ['claude-3-opus', OPUS_4],
  ['claude-sonnet-5-5', SONNET_5_5],
  ['claude-sonnet-5', SONNET_5],
  ['claude-sonnet-4-6', SONNET_4_6],
  ['claude-sonnet-4-5', SONNET_4],
  ['claude-sonnet-4', SONNET_4],
  ['claude-sonnet-4-0', SONNET_4],
  ['claude-3-7-sonnet', SONNET_3_7],
  ['claude-haiku-5-5', HAIKU_5_5],
  ['claude-haiku-4-5', HAIKU_4_5],
  ['claude-3-5-haiku', HAIKU_3_5],
  ['claude-3-haiku', HAIKU_3],
]);

/**
 * A model id as the API, Bedrock or Vertex names it, to the table's key:
 * `anthropic.claude-sonnet-4-5-20250929-v1:0`, `claude-sonnet-4-5@20250929`
 * and `claude-sonnet-4-5[1m]` are all `claude-sonnet-4-5`.
 */
const keyOf = (model: string): string =>
  model
    .toLowerCase()
    .replace(/^.*?(?=claude-)/u, '')
    .replace(/\[1m\]$/u, '')
    .replace(/@\d{8}$|-v\d+(?::\d+)?$/u, '')
    .replace(/-\d{8}$/u, '');

export const modelInfo = (model: string): ModelInfo | undefined => MODELS.get(keyOf(model));

/** What one response cost, by the table: null for a model it does not list. */
export function estimateUSD(model: string, tokens: Tokens): number | null {
  const info = modelInfo(model);
  if (info === undefined) return null;
  const prompt = tokens.input + tokens.cacheRead + tokens.cacheCreation;
  const rates = info.longPrompt !== undefined && prompt > info.longPrompt.above ? info.longPrompt.prices : info.prices;
  const hour = Math.min(tokens.cacheCreation1h, tokens.cacheCreation);
  return (
    (tokens.input * rates.input +
      (tokens.cacheCreation - hour) * rates.cacheWrite5m +
      hour * rates.cacheWrite1h +
      tokens.cacheRead * rates.cacheRead +
      tokens.output * rates.output) /
    1_000_000
  );
}

/** The windows the models take, smallest first: what a compaction's size says the client's window is. */
export const CONTEXT_WINDOWS: readonly number[] = [
  ...new Set([...MODELS.values()].flatMap((info) => [info.window, ...(info.extendedWindow === undefined ? [] : [info.extendedWindow])])),
].sort((a, b) => a - b);

/**
 * The window a client that compacted a context of `preTokens` compacts at:
 * the smallest window a model takes that holds it (the client compacts near
 * its window's end: 2.1.332 set to 200K compacted at 190,529). Null past the largest.
 */
export const windowCompactedAt = (preTokens: number): number | null => CONTEXT_WINDOWS.find((window) => window >= preTokens) ?? null;

/** The context window a response of `model` with `contextTokens` in context was in; null for a model the table does not list. */
export function contextWindowOf(model: string, contextTokens: number): number | null {
  const info = modelInfo(model);
  if (info === undefined) return null;
  const asked = /\[1m\]$/iu.test(model);
  return info.extendedWindow !== undefined && (asked || contextTokens > info.window) ? info.extendedWindow : info.window;
}
