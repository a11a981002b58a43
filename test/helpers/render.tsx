import { DEFAULT_THRESHOLDS, type Thresholds } from '../../src/core/model/settings.js';
import { renderToString } from 'ink';
import React from 'react';
import { buildScreen } from '../../src/ui/screen/frame.js';
import { Screen } from '../../src/ui/screen/screen.js';
import { colorTheme, ThemeContext } from '../../src/ui/widgets/theme.js';
import { initialViewState, type ViewState } from '../../src/ui/keys/view-state.js';
import type { WorkflowSpec } from '../../src/core/workflow/spec.js';
import type { AppState } from '../../src/core/app-state.js';

export interface FrameOptions {
  readonly width?: number;
  readonly height?: number;
  readonly view?: Partial<ViewState>;
  readonly now?: number;
  readonly claudeDir?: string;
  readonly thresholds?: Thresholds;
  readonly spec?: WorkflowSpec;
}

/** One frame of the dashboard as text, drawn by Ink's own renderer. */
export function frame(state: AppState, options: FrameOptions = {}): string {
  const width = options.width ?? 100;
  const model = buildScreen({
    state,
    view: { ...initialViewState, ...options.view },
    claudeDir: options.claudeDir ?? '/claude',
    width,
    height: options.height,
    now: options.now ?? Date.parse('2026-03-01T12:00:00.000Z'),
    thresholds: options.thresholds ?? DEFAULT_THRESHOLDS,
    spec: options.spec,
  });
  return renderToString(
    <ThemeContext.Provider value={colorTheme}>
      <Screen model={model} height={options.height} />
    </ThemeContext.Provider>,
    { columns: width },
  );
}
