/**
 * Text read from disk is untrusted: a message can carry `ESC[2J`, a window-title
 * sequence or a C1 control that a terminal would obey. Everything drawn goes
 * through these functions, which make every control character visible instead of
 * deleting it, so a user can still see that something odd was sent.
 *
 * Removing the introducer (ESC, or the 8-bit CSI/OSC/DCS controls) is enough to
 * neutralise any escape sequence: what remains is plain printable text.
 */

const CONTROL_PICTURES_START = 0x2400;
const DELETE_PICTURE = '\u2421';
const REPLACEMENT = '\uFFFD';
const LINE_BREAK_MARK = '\u21B5';

/**
 * Bidirectional overrides and isolates reorder what is displayed ("trojan source").
 * They are not terminal controls but they do lie about the text, so they are shown.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

// C0 controls except tab and line feed handled separately, DEL, and C1 controls.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;

function picture(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return String.fromCodePoint(CONTROL_PICTURES_START + code);
  if (code === 0x7f) return DELETE_PICTURE;
  return REPLACEMENT;
}

function neutralise(text: string): string {
  return text.replace(UNSAFE, picture).replace(BIDI_CONTROLS, REPLACEMENT);
}

/** One line of display: line breaks become a visible mark, tabs a space. */
export function sanitizeLine(text: string): string {
  const flat = text
    .replace(/\r\n|\r|\n/gu, ` ${LINE_BREAK_MARK} `)
    .replace(/\t/gu, ' ');
  return neutralise(flat).replace(/ {2,}/gu, ' ').trim();
}

/** A block of display (the message detail view): line breaks kept, tabs expanded. */
export function sanitizeBlock(text: string): string {
  // A lone CR is left to neutralise(), which shows it as a control picture.
  return neutralise(text.replace(/\r\n/gu, '\n').replace(/\t/gu, '    '));
}
