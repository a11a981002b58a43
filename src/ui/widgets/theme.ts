/**
 * Colours. Claude Code names member colours (blue, green, yellow, purple, orange,
 * pink, cyan, red); each maps to a terminal colour, and anything else to a
 * neutral one. With colour turned off, every colour is dropped but emphasis
 * (bold, inverse) stays, so focus and selection remain visible.
 */
import { createContext, useContext } from 'react';

const MEMBER_COLORS: Readonly<Record<string, string>> = {
  blue: 'blue',
  green: 'green',
  yellow: 'yellow',
  purple: 'magenta',
  orange: '#ff8700',
  pink: '#ff87d7',
  cyan: 'cyan',
  red: 'red',
  magenta: 'magenta',
  white: 'white',
  gray: 'gray',
  grey: 'gray',
};

export const NEUTRAL = 'white';

/** The terminal colour for a configured colour name. */
export function memberColor(name: string | null | undefined): string {
  if (!name) return NEUTRAL;
  const key = name.toLowerCase();
  // Own keys only: a colour named `__proto__` or `constructor` in a config must
  // not pick up Object.prototype's members (Ink would crash drawing them).
  return Object.hasOwn(MEMBER_COLORS, key) ? MEMBER_COLORS[key]! : NEUTRAL;
}

/** Colours for the dashboard's own marks. */
export const palette = {
  dim: 'gray',
  accent: 'cyan',
  warning: 'yellow',
  danger: 'red',
  ok: 'green',
  info: 'blue',
} as const;

export interface Theme {
  /** A colour for Ink's `color` prop, or undefined when colour is off. */
  readonly paint: (color: string) => string | undefined;
}

export const colorTheme: Theme = { paint: (color) => color };
export const monochromeTheme: Theme = { paint: () => undefined };

export const ThemeContext = createContext<Theme>(colorTheme);

export const useTheme = (): Theme => useContext(ThemeContext);
