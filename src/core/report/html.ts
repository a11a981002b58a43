/**
 * `teamtop report --html OUT`: one self-contained page, with no script and no request (inline styles and SVG, hovers by <title>),
 * and a Content-Security-Policy that forbids loading anything should a name ever slip through.
 */
import { idleNote } from '../judge/index.js';
import { formatInstant, formatSpan, formatUsage } from './format.js';
import { reportSections } from './html-sections.js';
import { durationOf, type RunReport } from './model.js';
import { MIN_SCALE } from './svg-layout.js';
import { layoutOf, reportSvg } from './svg.js';
import { n, xmlText } from './xml.js';

const STYLE = `
:root{color-scheme:light;--text:#1e293b;--muted:#64748b;--line:#e2e8f0}
*{box-sizing:border-box}
body{margin:0;padding:24px clamp(12px,3vw,40px);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:#fff}
h1{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:17px;margin:28px 0 8px}
.meta{color:var(--muted);margin:0}
.lanes{overflow-x:auto;border:1px solid var(--line);border-radius:6px}
.lanes svg{display:block;width:100%;height:auto}
.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}
td.time,td.word{white-space:nowrap}
th{color:var(--muted);font-weight:600;white-space:nowrap}
td.num{text-align:right;white-space:nowrap}
td.warning{color:#b45309;white-space:nowrap}
td.info{color:#0369a1;white-space:nowrap}
td.open{color:#b45309}
.who{white-space:nowrap;font-weight:600}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px;vertical-align:baseline}
.action{color:var(--muted);margin-top:2px}
td.text{min-width:16em}
.none{color:var(--muted)}
footer{margin-top:32px;color:var(--muted);font-size:12px}
@media print{
  @page{size:landscape;margin:12mm}
  body{padding:0;font-size:11px}
  *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
  .lanes{overflow:visible;border:none}
  .lanes svg{min-width:0!important}
  .table{overflow:visible}
  tr,.lanes{break-inside:avoid}
  h2{break-after:avoid}
  .hint{display:none}
}`;

/** The page; `made` names what made it (`teamtop 0.1.0`), in its footer. */
const counted = (count: number, one: string): string => `${count} ${one}${count === 1 ? '' : 's'}`;

export function reportHtml(report: RunReport, made: string): string {
  const layout = layoutOf(report);
  const ended = report.endedAt === null ? `still running at ${formatInstant(report.until)}` : formatInstant(report.endedAt);
  const state = report.endedAt === null ? 'running' : 'ended';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${xmlText(`teamtop report · ${report.team}`)}</title>
<style>${STYLE}
.lanes svg{min-width:${n(layout.width * MIN_SCALE)}px}
</style>
</head>
<body>
<header>
<h1>${xmlText(report.team)} <span class="meta">(${state})</span></h1>
${report.description ? `<p class="meta">${xmlText(report.description)}</p>` : ''}
<p class="meta">ran ${xmlText(formatInstant(report.startedAt))} → ${xmlText(ended)} · ${xmlText(formatSpan(durationOf(report)))} · ${counted(report.members.length, 'member')} · ${counted(report.messages.length, 'message')} · ${counted(report.incidents.length, 'incident')}${report.usage ? ` · ${xmlText(formatUsage(report.usage))}` : ''}</p>
${report.idle ? `<p class="meta">⚠ ${xmlText(idleNote(report.idle))}</p>` : ''}
</header>
<section id="swimlane"><h2>The run</h2><div class="lanes">
${reportSvg(report)}
</div><p class="meta hint">Hover over a mark for its details.</p></section>
${reportSections(report)}
<footer>${xmlText(made)} · judged as of ${xmlText(formatInstant(report.at))}</footer>
</body>
</html>
`;
}
