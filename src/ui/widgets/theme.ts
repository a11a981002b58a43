// Colours: Claude Code's member colour names map to terminal colours; with colour off, bold and inverse stay.
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

export function memberColor(name: string | null | undefined): string {
  if (!name) return NEUTRAL;
  const key = name.toLowerCase();
  // Own keys only: a colour named `__proto__` in a config must not pick up Object.prototype's (Ink would crash).
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
