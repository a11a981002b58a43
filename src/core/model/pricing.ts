/**
 * Published prices and context windows of the Claude models (sources: docs/internals/core.md). A model not in the
 * table gets no estimate and no window, never a family's guess; the test holds it to what the real client charged.
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
  /** A prompt (input, cache reads and writes) over `above` tokens prices all its tokens at `prices`. */
  readonly longPrompt?: { readonly above: number; readonly prices: Prices };
  readonly window: number;
  /** A larger window the model takes on request (a beta): in use when the context is past `window`. */
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
const SONNET_4: ModelInfo = {
  prices: prices(3, 3.75, 6, 0.3, 15),
  longPrompt: { above: K200, prices: prices(6, 7.5, 12, 0.6, 22.5) },
  window: K200,
  extendedWindow: M1,
};
const SONNET_3_7: ModelInfo = { prices: prices(3, 3.75, 6, 0.3, 15), window: K200 };
const HAIKU_5_5: ModelInfo = {
  prices: prices(0.1, 0.125, 0.2, 0.01, 0.5),
  longPrompt: { above: 100_000, prices: prices(0.5, 0.625, 1, 0.05, 2.5) },
  window: M1,
};
const HAIKU_4_5: ModelInfo = { prices: prices(1, 1.25, 2, 0.1, 5), window: K200 };
const HAIKU_3_5: ModelInfo = { prices: prices(0.8, 1, 1.6, 0.08, 4), window: K200 };
const HAIKU_3: ModelInfo = { prices: prices(0.25, 0.3, 0.5, 0.03, 1.25), window: K200 };

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

/** `anthropic.claude-sonnet-4-5-20250929-v1:0` (Bedrock), `claude-sonnet-4-5@20250929` (Vertex), `…[1m]`: `claude-sonnet-4-5`. */
const keyOf = (model: string): string =>
  model
    .toLowerCase()
    .replace(/^.*?(?=claude-)/u, '')
    .replace(/\[1m\]$/u, '')
    .replace(/@\d{8}$|-v\d+(?::\d+)?$/u, '')
    .replace(/-\d{8}$/u, '');

export const modelInfo = (model: string): ModelInfo | undefined => MODELS.get(keyOf(model));

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

/** The windows the models take, smallest first. */
export const CONTEXT_WINDOWS: readonly number[] = [
  ...new Set([...MODELS.values()].flatMap((info) => [info.window, ...(info.extendedWindow === undefined ? [] : [info.extendedWindow])])),
].sort((a, b) => a - b);

/** The window a client that compacted `preTokens` compacts at: the smallest that holds it (2.1.332 at 200K compacted at 190,529). */
export const windowCompactedAt = (preTokens: number): number | null => CONTEXT_WINDOWS.find((window) => window >= preTokens) ?? null;
export function contextWindowOf(model: string, contextTokens: number): number | null {
  const info = modelInfo(model);
  if (info === undefined) return null;
  const asked = /\[1m\]$/iu.test(model);
  return info.extendedWindow !== undefined && (asked || contextTokens > info.window) ? info.extendedWindow : info.window;
}
