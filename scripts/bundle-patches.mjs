// Build-time patches to Ink's renderer, for a dashboard that redraws a full
// screen on every change and runs for days. Each patch names the exact source it
// replaces and the build fails if Ink changed it, so an upgrade cannot silently
// drop one. The tests run against Ink as published; the end-to-end tests and the
// benchmark run the patched bundle.
//
// 1. Frame caches that outlive the frame. Ink builds a fresh `Output` for every
//    frame, and with it fresh caches of tokenised lines and string widths, so
//    every unchanged line is tokenised again, character by character. Sharing
//    the caches across frames (bounded) halves the time to draw a frame.
// 2. A cache for the width of each text node, which Ink measures on every frame
//    with string-width's grapheme segmentation.
// 3. Bounds for Ink's module-level caches of wrapped and measured text, which
//    grow with every distinct string ever drawn (an age that ticks every second
//    is a new string every second).
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
  'output.js': [
    ['caches = new OutputCaches();', 'caches = sharedOutputCaches();'],
    [
      'export default class Output {',
      `let sharedCaches;
function sharedOutputCaches() {
  if (!sharedCaches || sharedCaches.styledChars.size > 1500 || sharedCaches.widths.size > 5000 || sharedCaches.blockWidths.size > 5000) {
    sharedCaches = new OutputCaches();
  }
  return sharedCaches;
}
export default class Output {`,
    ],
  ],
  'render-node-to-output.js': [
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
  'wrap-text.js': [
    ['const cache = {};', `${BOUNDED_CACHE}\nconst cache = boundedCache(5000);`],
    ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
    ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
  ],
  'measure-text.js': [['const cache = new Map();', `${BOUNDED_CACHE}\nconst cache = boundedCache(5000);`]],
};

export const inkPatches = {
  name: 'ink-patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/][a-z-]+\.js$/ }, (args) => {
      const file = args.path.split(/[\\/]/).at(-1);
      const edits = patches[file];
      if (!edits) return undefined;
      let source = readFileSync(args.path, 'utf8');
      for (const [from, to] of edits) {
        if (!source.includes(from)) throw new Error(`ink-patches: ${file} no longer contains ${JSON.stringify(from)}; review the patch for this Ink version`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};
