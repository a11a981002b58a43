/**
 * The page's style sheet and script, served from its own origin: its policy allows no inline script or
 * style. The script writes only what the server drew (escaped there) into the parts the server named.
 */
import { CSS_COLORS, NEUTRAL_CSS } from '../../core/report/colors.js';

const COLOR_CLASSES = [...CSS_COLORS, ['none', NEUTRAL_CSS] as const].map(([name, css]) => `.c-${name}{--member:${css}}`).join('\n');

export const STYLE_CSS = `:root{color-scheme:light;--text:#1e293b;--muted:#64748b;--line:#e2e8f0;--warn:#b45309;--danger:#b91c1c;--ok:#15803d;--info:#0369a1;--card:#fff;--page:#f8fafc}
*{box-sizing:border-box}
body{margin:0;padding:16px clamp(10px,2.5vw,32px) 32px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);background:var(--page)}
h1{font-size:22px;margin:0;overflow-wrap:anywhere}
h2{font-size:16px;margin:22px 0 8px}
h3{font-size:15px;margin:0;overflow-wrap:anywhere;color:var(--member)}
h4{font-size:12px;margin:10px 0 4px;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.04em}
p{margin:2px 0}
.muted,.none{color:var(--muted)}
.facts{color:var(--muted)}
.warning{color:var(--warn)}
.danger{color:var(--danger)}
.offline-note{display:none;position:sticky;top:0;z-index:1;margin:-16px 0 8px;padding:4px 10px;background:#fef3c7;color:#92400e;border-bottom:1px solid #fcd34d}
body.offline .offline-note{display:block}
.teams{list-style:none;display:flex;flex-wrap:wrap;gap:6px 14px;margin:0 0 10px;padding:0;font-size:13px}
.teams a{color:var(--info)}
.teams a[aria-current]{font-weight:700;color:var(--text);text-decoration:none}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,330px),1fr));gap:12px;margin-top:14px}
.card{background:var(--card);border:1px solid var(--line);border-top:4px solid var(--member);border-radius:8px;padding:10px 12px;min-width:0}
.card.departed{opacity:.65}
.card header{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px}
.status{font-size:12px;padding:1px 8px;border-radius:10px;background:#f1f5f9;white-space:nowrap}
.s-working,.s-lead{background:#dcfce7;color:#166534}
.s-waiting,.s-stopping,.s-joining{background:#fef3c7;color:#92400e}
.s-failed,.s-refused,.s-interrupted,.s-quiet,.s-dead{background:#fee2e2;color:#991b1b}
.s-shut-down,.s-done{background:#e2e8f0;color:#334155}
.unread-count{font-size:12px;color:var(--info);font-weight:600}
.doing{margin-top:6px;font-weight:600;overflow-wrap:anywhere}
.usage{font-size:13px;color:var(--muted);display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.usage .cost{color:var(--text);font-weight:600}
meter{flex:1;min-width:60px;max-width:140px;height:10px}
.mail{list-style:none;margin:0;padding:0;font-size:13px}
.mail li{padding:3px 0;border-top:1px solid #f1f5f9;overflow-wrap:anywhere}
.mail time{color:var(--muted);font-variant-numeric:tabular-nums}
.mail .mark{color:var(--muted)}
.mail .unread .mark{color:var(--info)}
.mail .quiet .text{color:var(--muted)}
.mail .request .text{color:var(--warn)}
.mail .yes .text{color:var(--ok)}
.mail .no .text{color:var(--danger)}
.who{font-weight:600;color:var(--member)}
.diagnoses{list-style:none;margin:0;padding:0}
.diagnoses li{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--info);border-radius:6px;padding:6px 10px;margin-bottom:6px;overflow-wrap:anywhere}
.diagnoses li.warning{border-left-color:var(--warn);color:inherit}
.diagnoses .sev{font-weight:700}
.diagnoses .warning .sev{color:var(--warn)}
.diagnoses .members{color:var(--muted)}
.action{color:var(--muted);margin-top:2px}
.columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,480px),1fr));gap:0 24px}
.table{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:break-word}
table{min-width:540px}
td:last-child{min-width:12em}
th{color:var(--muted);font-weight:600;white-space:nowrap}
td.time,td.num{white-space:nowrap;font-variant-numeric:tabular-nums}
tr.pending .state,tr.stalled .state{color:var(--warn);font-weight:600}
tr.rejected .state{color:var(--danger)}
tr.approved .state{color:var(--ok)}
tr.completed td{color:var(--muted)}
tr.in-progress .mark{color:var(--ok)}
tr.blocked .mark{color:var(--warn)}
span.open{color:var(--warn);font-weight:600}
span.missing{color:var(--danger)}
span.done{color:var(--muted);text-decoration:line-through}
.lanes{overflow-x:auto;border:1px solid var(--line);border-radius:6px;background:#fff}
.lanes svg{display:block}
footer{margin-top:24px;color:var(--muted);font-size:12px}
@media (max-width:600px){body{font-size:13px}h1{font-size:19px}}
${COLOR_CLASSES}
`;

export const APP_JS = `'use strict';
(() => {
  const root = document.documentElement;
  let offset = Number(root.dataset.now) - Date.now();
  const age = (ms) => {
    const s = Math.floor(Math.max(0, ms) / 1000);
    if (s < 60) return s + 's';
    const m = Math.floor(s / 60);
    if (m < 60) return m + 'm';
    const h = Math.floor(m / 60);
    return h < 24 ? h + 'h' : Math.floor(h / 24) + 'd';
  };
  const tick = () => {
    const now = Date.now() + offset;
    for (const element of document.querySelectorAll('.age[data-since]')) {
      const text = age(now - Number(element.dataset.since));
      if (element.textContent !== text) element.textContent = text;
    }
  };
  setInterval(tick, 1000);
  const team = root.dataset.team;
  const source = new EventSource('/live' + (team === undefined ? '' : '?team=' + team));
  source.addEventListener('sections', (event) => {
    const update = JSON.parse(event.data);
    offset = update.now - Date.now();
    for (const [id, html] of Object.entries(update.sections)) {
      const part = document.querySelector('[data-section="' + id + '"]');
      if (!part) continue;
      // A swimlane scrolled to its end stays there as the run grows.
      const lanes = part.querySelector('.lanes');
      const atEnd = lanes !== null && lanes.scrollLeft + lanes.clientWidth >= lanes.scrollWidth - 4;
      const left = lanes === null ? 0 : lanes.scrollLeft;
      part.innerHTML = html;
      const drawn = part.querySelector('.lanes');
      if (drawn !== null && lanes !== null) drawn.scrollLeft = atEnd ? drawn.scrollWidth : left;
    }
    tick();
    document.body.classList.remove('offline');
  });
  source.addEventListener('error', () => document.body.classList.add('offline'));
})();
`;
