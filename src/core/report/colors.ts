/** Member colours as Claude Code names them, for chalk and CSS; a name outside the list is neutral, never written into CSS. */
import type { ChalkInstance } from 'chalk';

const COLORS: Readonly<Record<string, { readonly css: string; readonly terminal: (paint: ChalkInstance) => ChalkInstance }>> = {
  blue: { css: '#2563eb', terminal: (paint) => paint.blue },
  green: { css: '#16a34a', terminal: (paint) => paint.green },
  yellow: { css: '#ca8a04', terminal: (paint) => paint.yellow },
  purple: { css: '#9333ea', terminal: (paint) => paint.magenta },
  magenta: { css: '#c026d3', terminal: (paint) => paint.magenta },
  orange: { css: '#ea580c', terminal: (paint) => paint.hex('#ff8700') },
  pink: { css: '#db2777', terminal: (paint) => paint.hex('#ff87d7') },
  cyan: { css: '#0891b2', terminal: (paint) => paint.cyan },
  red: { css: '#dc2626', terminal: (paint) => paint.red },
};

export const NEUTRAL_CSS = '#64748b';

const known = (name: string | null): string | undefined => {
  const key = name?.toLowerCase();
  return key !== undefined && Object.hasOwn(COLORS, key) ? key : undefined;
};

/** Each colour name with its CSS colour: a page whose policy forbids style attributes gives each a class. */
export const CSS_COLORS: readonly (readonly [string, string])[] = Object.entries(COLORS).map(([name, { css }]) => [name, css]);

/** A member's colour name as one of the list's (lower case); undefined outside it. */
export const memberColorKey = (name: string | null): string | undefined => known(name);

/** The CSS colour of a member's colour name. */
export const memberCss = (name: string | null): string => {
  const key = known(name);
  return key ? COLORS[key]!.css : NEUTRAL_CSS;
};

/** The chalk style of a member's colour name (the terminal's default colour when it has none). */
export const memberPaint = (paint: ChalkInstance, name: string | null): ChalkInstance => {
  const key = known(name);
  return key ? COLORS[key]!.terminal(paint) : paint;
};
