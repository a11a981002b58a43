/**
 * The views by name, the dashboard first: `--view`'s choices, the view state's
 * `mode`, and the keys of `VIEWS` (views.ts). It imports nothing, so the CLI
 * reads it without loading a view (or React: `--json` never does).
 */
export const VIEW_NAMES = ['dashboard', 'timeline', 'steps', 'workflow'] as const;

export type ViewName = (typeof VIEW_NAMES)[number];

/** The dashboard: the view every other one goes back to. */
export const DASHBOARD = 'dashboard' satisfies ViewName;
