// The views' names. It imports nothing, so the CLI reads it without loading a view (or React: `--json` never does).
export const VIEW_NAMES = ['dashboard', 'timeline', 'steps', 'workflow'] as const;

export type ViewName = (typeof VIEW_NAMES)[number];

export const DASHBOARD = 'dashboard' satisfies ViewName;
