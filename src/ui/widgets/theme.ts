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

import type { ThemeName } from './theme-names.js';

export { THEME_NAMES, type ThemeName } from './theme-names.js';

/** How a search's match stands out in a line. */
export interface MatchStyle {
  readonly color?: string | undefined;
  readonly backgroundColor?: string | undefined;
  readonly bold?: boolean;
  readonly underline?: boolean;
}

export interface Theme {
  /** A colour for Ink's `color` prop, or undefined when colour is off. */
  readonly paint: (color: string) => string | undefined;
  /** Whether what is secondary is drawn faint (high contrast draws it plain). */
  readonly dim: boolean;
  readonly match: MatchStyle;
}

/**
 * On a light background: white is black, and the pale colours are darker
 * (256-colour values; a 16-colour terminal gets the nearest of its own).
 */
const LIGHT: Readonly<Record<string, string>> = {
  white: 'black',
  gray: '#5f5f5f',
  yellow: '#875f00',
  cyan: '#005f87',
  green: '#005f00',
  blue: '#0000af',
  magenta: '#870087',
  red: '#af0000',
  '#ff8700': '#af5f00',
  '#ff87d7': '#af005f',
};

/** Bright colours, and grey as white: every mark as strong as it goes. */
const HIGH_CONTRAST: Readonly<Record<string, string>> = {
  gray: 'whiteBright',
  white: 'whiteBright',
  yellow: 'yellowBright',
  cyan: 'cyanBright',
  green: 'greenBright',
  blue: 'blueBright',
  magenta: 'magentaBright',
  red: 'redBright',
};

const mapped = (table: Readonly<Record<string, string>>) => (color: string) => (Object.hasOwn(table, color) ? table[color] : color);

const THEMES: Readonly<Record<ThemeName, Theme>> = {
  dark: { paint: (color) => color, dim: true, match: { color: 'black', backgroundColor: 'yellow' } },
  light: { paint: mapped(LIGHT), dim: true, match: { color: 'black', backgroundColor: '#ffd75f' } },
  'high-contrast': { paint: mapped(HIGH_CONTRAST), dim: false, match: { color: 'black', backgroundColor: 'yellowBright', bold: true } },
};

export const themeNamed = (name: ThemeName): Theme => THEMES[name];

export const colorTheme: Theme = THEMES.dark;
/** No colour (`--no-color`, NO_COLOR): emphasis only, a match underlined. */
export const monochromeTheme: Theme = { paint: () => undefined, dim: true, match: { bold: true, underline: true } };

export const ThemeContext = createContext<Theme>(colorTheme);

export const useTheme = (): Theme => useContext(ThemeContext);
