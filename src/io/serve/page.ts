// The live page: its parts (sections.ts) in a document that loads only its own style sheet and script.
import { createHash } from 'node:crypto';
import { SVG_STYLE } from '../../core/report/svg.js';
import { xmlText } from '../../core/report/xml.js';
import { SECTION_IDS, type Sections } from './sections.js';

/** How often the page reloads itself with scripts off. */
export const REFRESH_SECONDS = 5;

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Nothing but the page's own script, style sheet and events, and the swimlane's one style block (by its hash). */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${sha256(SVG_STYLE)}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The same in the page itself (a saved copy keeps it); a <meta> policy cannot say frame-ancestors (the header does). */
const META_POLICY = PAGE_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');

export const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface PageShell {
  /** The team asked for (`?team=`); undefined: the most recently active, followed as it changes. */
  readonly team: string | undefined;
  /** The instant the parts were drawn at (epoch ms): the page's clock for its ages. */
  readonly now: number;
  /** What made it (`teamtop 0.1.0`), in its footer. */
  readonly made: string;
  /** Whether tools' inputs are shown, said in the footer when they are not. */
  readonly showInputs: boolean;
}

export function pageHtml(sections: Sections, shell: PageShell): string {
  // As the address has it: a name with a control character in it is still that name (xmlText would show the character as a symbol).
  const team = shell.team === undefined ? '' : ` data-team="${xmlText(encodeURIComponent(shell.team))}"`;
  const parts = SECTION_IDS.map((id) => `<section data-section="${id}">${sections[id]}</section>`);
  const [teams, head, diagnoses, members, handshakes, tasks, lanes] = parts;
  const hidden = shell.showInputs ? '' : " · tools' inputs are not shown beyond loopback";
  return `<!doctype html>
<html lang="en" data-now="${Math.round(shell.now)}"${team}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${xmlText(META_POLICY)}">
<meta name="referrer" content="no-referrer">
<noscript><meta http-equiv="refresh" content="${REFRESH_SECONDS}"></noscript>
<title>${xmlText(`teamtop · ${shell.team ?? 'live'}`)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/style.css">
<script src="/app.js" defer></script>
</head>
<body>
<p class="offline-note" role="status">Reconnecting to teamtop…</p>
<header>${teams}${head}</header>
<main>
${diagnoses}
${members}
<div class="columns">${handshakes}${tasks}</div>
${lanes}
</main>
<footer>${xmlText(shell.made)}${xmlText(hidden)}<noscript> · scripts are off: this page reloads every ${REFRESH_SECONDS} s</noscript></footer>
</body>
</html>
`;
}
