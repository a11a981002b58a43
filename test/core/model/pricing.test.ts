import { describe, expect, it } from 'vitest';
import { contextWindowOf, estimateUSD, modelInfo } from '../../../src/core/model/pricing.js';
import type { Tokens } from '../../../src/core/model/transcript-facts.js';
import { allTranscriptLines } from '../../helpers/transcripts.js';

const tokens = (input: number, output: number, cacheRead = 0, cacheCreation = 0, cacheCreation1h = 0): Tokens => ({
  input,
  output,
  cacheRead,
  cacheCreation,
  cacheCreation1h,
});

interface CostState {
  type: string;
  totalCostUSD: number;
  modelUsage: Record<
    string,
    { inputTokens: number; outputTokens: number; cacheReadInputTokens: number; cacheCreationInputTokens: number; costUSD: number }
  >;
}

describe('the price table', () => {
  it('prices every model as the real client charged it (its cost-state records)', () => {
    const states = allTranscriptLines()
      .map((line) => JSON.parse(line) as CostState)
      .filter((record) => record.type === 'cost-state');
    expect(states.length).toBeGreaterThan(4);
    for (const state of states) {
      let total = 0;
      for (const [model, usage] of Object.entries(state.modelUsage)) {
        const estimate = estimateUSD(
          model,
          tokens(usage.inputTokens, usage.outputTokens, usage.cacheReadInputTokens, usage.cacheCreationInputTokens),
        );
        expect(estimate).toBeCloseTo(usage.costUSD, 9);
        total += estimate!;
      }
      expect(total).toBeCloseTo(state.totalCostUSD, 9);
    }
  });

  it('prices cache reads and writes, an hour write, and a long prompt at its own rates', () => {
    // Sonnet 4.5: $3 in, $3.75 and $6 to write for 5 minutes and an hour, $0.30 to read, $15 out.
    expect(estimateUSD('claude-sonnet-4-5-20250929', tokens(1000, 1000, 1000, 2000, 1000))).toBeCloseTo(
      (3 + 15 + 0.3 + 3.75 + 6) / 1000,
      9,
    );
    // Over 200K of prompt, every token of the request at the long rates: $6 in, $22.50 out.
    expect(estimateUSD('claude-sonnet-4-5', tokens(250_000, 1000))).toBeCloseTo(0.25 * 6 + 0.001 * 22.5, 9);
    expect(estimateUSD('claude-haiku-5-5', tokens(100_000, 1000))).toBeCloseTo(0.1 * 0.1 + 0.001 * 0.5, 9);
    expect(estimateUSD('claude-haiku-5-5', tokens(100_001, 1000))).toBeCloseTo(0.100001 * 0.5 + 0.001 * 2.5, 9);
  });

  it('knows a model by the names the API, Bedrock and Vertex give it', () => {
    const sonnet = modelInfo('claude-sonnet-4-5');
    for (const name of [
      'claude-sonnet-4-5-20250929',
      'anthropic.claude-sonnet-4-5-20250929-v1:0',
      'claude-sonnet-4-5@20250929',
      'claude-sonnet-4-5[1m]',
      'Claude-Sonnet-4-5',
    ])
      expect(modelInfo(name), name).toBe(sonnet);
  });

  it('gives a model it does not list no price and no window, not a guess from its family', () => {
    for (const model of ['claude-opus-9-9', 'claude-sonnet', 'gpt-5', '<synthetic>', '']) {
      expect(estimateUSD(model, tokens(1000, 1000)), model).toBeNull();
      expect(contextWindowOf(model, 1000), model).toBeNull();
    }
  });

  it('gives the window in use: the larger one a model takes on request once the context is past the smaller', () => {
    expect(contextWindowOf('claude-opus-5-5', 150_000)).toBe(1_000_000);
    expect(contextWindowOf('claude-haiku-4-5', 150_000)).toBe(200_000);
    expect(contextWindowOf('claude-sonnet-4-5', 150_000)).toBe(200_000);
    expect(contextWindowOf('claude-sonnet-4-5', 250_000)).toBe(1_000_000);
    expect(contextWindowOf('claude-sonnet-4-5[1m]', 10_000)).toBe(1_000_000);
  });
});
