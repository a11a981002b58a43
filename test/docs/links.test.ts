/**
 * The documents hold together: the README stays a front page, and every
 * relative link in the README, DEVELOPERS.md and docs/ leads to a file that
 * exists, and to a heading that exists when it names one.
 */
import GithubSlugger from 'github-slugger';
import { Lexer, type Token, type Tokens } from 'marked';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const README_LIMIT = 15_000;

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(folder, name));
}

const DOCUMENTS = [join(ROOT, 'README.md'), join(ROOT, 'DEVELOPERS.md'), ...markdownUnder(join(ROOT, 'docs'))];

/** Every token of a document, inline ones included (code is a token of its own, so a link written in code is none). */
function tokensOf(file: string): Token[] {
  const all: Token[] = [];
  const visit = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      all.push(token);
      if ('tokens' in token && token.tokens) visit(token.tokens);
      if (token.type === 'list') for (const item of (token as Tokens.List).items) visit(item.tokens);
      if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) visit(cell.tokens);
      }
    }
  };
  visit(new Lexer().lex(readFileSync(file, 'utf8')));
  return all;
}

/** What a heading reads as on the page (GitHub makes its anchor from this). */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      return 'text' in token ? String(token.text) : '';
    })
    .join('');
}

/** The anchors GitHub gives a document's headings. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = tokensOf(file).filter((token): token is Tokens.Heading => token.type === 'heading');
  return new Set(headings.map((heading) => slugger.slug(plainText(heading.tokens))));
}

/** The relative links of a document: links and images, not in code, not to another site. */
function relativeLinks(file: string): string[] {
  return tokensOf(file)
    .filter((token): token is Tokens.Link | Tokens.Image => token.type === 'link' || token.type === 'image')
    .map((token) => token.href)
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/iu.test(href));
}

/** Why a link does not resolve, or undefined when it does. */
function brokenLink(from: string, href: string): string | undefined {
  const [path = '', anchor] = href.split('#', 2);
  const target = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(target)) return `${href}: no such file`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md') || statSync(target).isDirectory()) return `${href}: an anchor in a file that is not markdown`;
  return anchorsOf(target).has(decodeURIComponent(anchor)) ? undefined : `${href}: no heading #${anchor} in ${relative(ROOT, target)}`;
}

describe('the documents', () => {
  it(`keep the README to ${README_LIMIT.toLocaleString('en')} characters or fewer`, () => {
    const characters = [...readFileSync(join(ROOT, 'README.md'), 'utf8')].length;
    expect(characters).toBeLessThanOrEqual(README_LIMIT);
  });

  it('are all found: the README, DEVELOPERS.md and every page under docs/', () => {
    expect(DOCUMENTS.map((file) => relative(ROOT, file))).toEqual(
      expect.arrayContaining(['README.md', 'DEVELOPERS.md', 'docs/diagnoses.md', 'docs/internals/speed.md']),
    );
  });

  it.each(DOCUMENTS.map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link leads to a file and a heading there',
    (_, file) => {
      const links = relativeLinks(file);
      expect(links.map((href) => brokenLink(file, href)).filter(Boolean)).toEqual([]);
    },
  );

  it('reads links the way a reader follows them (the check itself is checked)', () => {
    const readme = join(ROOT, 'README.md');
    expect(brokenLink(readme, 'docs/diagnoses.md#the-kinds')).toBeUndefined();
    expect(brokenLink(readme, 'docs/diagnoses.md#teamtop-doctor')).toBeUndefined();
    expect(brokenLink(readme, '#keys')).toBeUndefined();
    expect(brokenLink(readme, 'docs/nothing.md')).toMatch(/no such file/u);
    expect(brokenLink(readme, 'docs/diagnoses.md#no-such-heading')).toMatch(/no heading/u);
    expect(relativeLinks(readme)).toEqual(expect.arrayContaining(['docs/screenshot.svg', 'LICENSE']));
  });
});
