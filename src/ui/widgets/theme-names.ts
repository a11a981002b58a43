/**
 * The themes by name: dark (for a dark background, the first teamtop had),
 * light, and high contrast. It imports nothing, so the CLI reads it (`--theme`,
 * the config file) without loading a view.
 */
export const THEME_NAMES = ['dark', 'light', 'high-contrast'] as const;

export type ThemeName = (typeof THEME_NAMES)[number];
