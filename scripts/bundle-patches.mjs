// Build-time patches to dependencies, for a dashboard that redraws a full screen
// on every change, runs for days, and should start faster than a bare Ink hello.
// Each patch names the exact source it replaces and the build fails if that
// source changed, so an upgrade cannot silently drop one. The tests run against
// the packages as published; the end-to-end tests and the benchmark run the
// patched bundle.
//
// Ink's renderer:
// 1. Frame caches that outlive the frame. Ink builds a fresh `Output` for every
//    frame, and with it fresh caches of tokenised lines and string widths, so
//    every unchanged line is tokenised again, character by character. Sharing
//    the caches across frames (bounded) halves the time to draw a frame.
// 2. A cache for the width of each text node, which Ink measures on every frame
//    with string-width's grapheme segmentation.
// 3. Bounds for Ink's module-level caches of wrapped and measured text, which
//    grow with every distinct string ever drawn (an age that ticks every second
//    is a new string every second).
// 4. One shared blank cell for the screen grid Ink fills on every frame (cells
//    are replaced, never changed), not a fresh object for each of rows × columns.
//
// ansi-tokenize, which turns each line of that grid back into a string:
// 5. Two neighbouring cells in the same style need no codes between them, which
//    is most cells; its general diff builds three Sets per cell to find that out.
//
// Yoga, Ink's layout engine:
// 6. Its WebAssembly is inlined as a base64 data URI, which its loader fetches
//    with `fetch` when there is one: on Node that loads undici and the web
//    streams (15-20 ms of start-up) to decode a string. It decodes the string
//    itself instead, as it already does where there is no `fetch`.
//
// And three that are about what the user sees, not speed:
// 7. Ink's guess that it runs on a CI machine (is-in-ci: a CI or
//    CONTINUOUS_INTEGRATION variable), where it draws nothing until it exits.
//    teamtop hands Ink a terminal only when stdin and stdout both are one, for
//    the live dashboard the user asked for, so there the guess can only be
//    wrong. Setting CI=false for the process instead told every other library
//    it was on a CI machine: chalk then drew no colour at all.
// 8. chokidar 5 opens a watch again after close(). A file whose stat fails after
//    close() (it was deleted as the user quit) is removed from chokidar's
//    records, and when that leaves one folder recorded, `_remove` calls `add()`
//    to watch for the file's return, which sets `closed = false` and opens an
//    fs.watch that nothing closes: `q` restored the screen and the process never
//    ended. No add() once closed.
// 9. chokidar's close() forgets its throttle timers without clearing them, so
//    each one (up to a second) kept the process alive after `q`.
import { readFileSync } from 'node:fs';

const BOUNDED_CACHE = `
function boundedCache(limit) {
  const map = new Map();
  return {
    get: (key) => map.get(key),
    set(key, value) {
      if (map.size >= limit) map.clear();
      map.set(key, value);
    },
  };
}
`;

const patches = {
  'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js': [
    ['"function"!=typeof fetch?c(b):fetch(H,', 'true?c(b):fetch(H,'],
    ['w||"function"!=typeof fetch?Promise.resolve()', 'true?Promise.resolve()'],
  ],
  'ink/build/output.js': [
    ['caches = new OutputCaches();', 'caches = sharedOutputCaches();'],
    [
      `row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
      'row.push(BLANK_CELL);',
    ],
    [
      'export default class Output {',
      `const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });
let sharedCaches;
function sharedOutputCaches() {
  if (!sharedCaches || sharedCaches.styledChars.size > 1500 || sharedCaches.widths.size > 5000 || sharedCaches.blockWidths.size > 5000) {
    sharedCaches = new OutputCaches();
  }
  return sharedCaches;
}
export default class Output {`,
    ],
  ],
  'ink/build/render-node-to-output.js': [
    ['const currentWidth = widestLine(text);', 'const currentWidth = cachedWidestLine(text);'],
    [
      'const renderNodeToOutput = (node, output, options) => {',
      `${BOUNDED_CACHE}
const widths = boundedCache(5000);
function cachedWidestLine(text) {
  let width = widths.get(text);
  if (width === undefined) {
    width = widestLine(text);
    widths.set(text, width);
  }
  return width;
}
const renderNodeToOutput = (node, output, options) => {`,
    ],
  ],
  'ink/build/wrap-text.js': [
    ['const cache = {};', `${BOUNDED_CACHE}\nconst cache = boundedCache(5000);`],
    ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
    ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
  ],
  '@alcalzone/ansi-tokenize/build/styledChars.js': [
    [
      'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
      'if (!sameStyles(chars[i - 1].styles, char.styles)) ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
    ],
    [
      'export function styledCharsToString(chars) {',
      `function sameStyles(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}
export function styledCharsToString(chars) {`,
    ],
  ],
  'ink/build/measure-text.js': [['const cache = new Map();', `${BOUNDED_CACHE}\nconst cache = boundedCache(5000);`]],
  'chokidar/index.js': [
    ['if (!isDirectory && this._watched.size === 1) {', 'if (!isDirectory && this._watched.size === 1 && !this.closed) {'],
    [
      'this._throttled.clear();',
      'this._throttled.forEach((action) => action.forEach((item) => clearTimeout(item.timeoutObject)));\n        this._throttled.clear();',
    ],
  ],
  'is-in-ci/index.js': [["const isInCi = check('CI') || check('CONTINUOUS_INTEGRATION');", 'const isInCi = false;']],
};

export const bundlePatches = {
  name: 'bundle-patches',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/](chokidar|ink|is-in-ci|yoga-layout|@alcalzone[\\/]ansi-tokenize)[\\/].*\.js$/ },
      (args) => {
        const path = args.path
          .split(/[\\/]node_modules[\\/]/)
          .at(-1)
          .replaceAll('\\', '/');
        const edits = patches[path];
        if (!edits) return undefined;
        let source = readFileSync(args.path, 'utf8');
        for (const [from, to] of edits) {
          if (!source.includes(from))
            throw new Error(`bundle-patches: ${path} no longer contains ${JSON.stringify(from)}; review the patch for this version`);
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      },
    );
  },
};
