/**
 * The live page in a real browser (Debian's chromium, headless, driven by
 * playwright-core): the members, a message written to an inbox after the page
 * loaded (with no reload), the same with scripts off (the page reloads
 * itself), hostile names as text, and a phone's width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/fixtures.js';
import { browse } from '../helpers/browser.js';
import { serve } from '../helpers/serve.js';
import { TeamFiles } from '../helpers/team-files.js';
import { workingTeam } from './team.js';

/** A member's card, by its name. */
const card = (page: Page, name: string) => page.locator('article.card').filter({ has: page.locator('h3', { hasText: name }) });

describe('the live page in chromium', () => {
  it(
    'shows the members in their colours, and a message written to an inbox after it loaded, with no reload and nothing from the network',
    { timeout: 60_000 },
    async () => {
      const { dir, files } = workingTeam();
      const served = await serve(['--dir', dir, '--no-journal']);
      const { page, requests, errors } = await browse();
      await page.goto(served.url);
      // The token went into a cookie, and out of the address bar.
      expect(page.url()).toBe(`${served.origin}/`);
      const cards = page.locator('article.card h3');
      await expect.poll(() => cards.allTextContents()).toEqual(['team-lead', 'alice', 'bob']);
      // Run in the page: written as text, as the project's types know no DOM.
      expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('article.card.c-blue h3')).color`)).toBe(
        'rgb(37, 99, 235)',
      );
      expect(await page.locator('article.card.c-green h3').textContent()).toBe('bob');
      await expect.poll(() => card(page, 'alice').locator('.doing').textContent()).toMatch(/^▶ Read /u);
      expect(await page.locator('[data-section="lanes"] svg.swimlane').count()).toBe(1);

      await page.evaluate('window.loadedOnce = true');
      files.send('team-lead', 'alice', 'The API is drafted, see src/api.ts', 20, 'API drafted');
      const lead = card(page, 'team-lead');
      await expect.poll(() => lead.locator('.mail li').first().textContent()).toContain('The API is drafted');
      expect(await page.evaluate<boolean>('window.loadedOnce === true')).toBe(true);
      expect(await lead.locator('.mail li.unread').first().locator('.who').textContent()).toBe('alice');

      expect(requests.every((url) => url.startsWith(`${served.origin}/`) || url.startsWith('data:'))).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  it('works with scripts off: the page reloads itself and shows the message', { timeout: 60_000 }, async () => {
    const { dir, files } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal']);
    const { page } = await browse({ javaScript: false });
    await page.goto(served.url);
    expect(await page.locator('article.card h3').allTextContents()).toEqual(['team-lead', 'alice', 'bob']);
    files.send('team-lead', 'bob', 'Parser merged without a script', 20, 'merged');
    const lead = card(page, 'team-lead');
    await expect.poll(() => lead.locator('.mail').textContent(), { timeout: 20_000 }).toContain('Parser merged without a script');
  });

  it('draws hostile names as text: no markup, no script, no dialog', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const team = 'team<img src=x onerror=alert(1)>';
    const files = new TeamFiles(dir, Date.now() - 30_000, team);
    const evil = '<script>alert(2)<\\script>';
    files.config([
      files.teammate(evil),
      files.teammate('<img src=x onerror=alert(3)>'),
      files.teammate('"><svg onload=alert(4)>', { color: 'red;background:url(x)' }),
    ]);
    files.send('team-lead', evil, '<iframe src="javascript:alert(5)"></iframe>', 5, '<b>bold?</b>');
    const served = await serve(['--dir', dir, '--no-journal']);
    const { page, dialogs, requests } = await browse();
    await page.goto(served.url);
    await expect
      .poll(() => page.locator('article.card h3').allTextContents())
      .toEqual(['team-lead', evil, '<img src=x onerror=alert(3)>', '"><svg onload=alert(4)>']);
    expect(await page.locator('h1').textContent()).toBe(team);
    expect(await page.locator('main img, main iframe, main script, header img').count()).toBe(0);
    expect(await page.locator('svg[onload]').count()).toBe(0);
    expect(await page.locator('.mail').first().textContent()).toContain('<iframe src="javascript:alert(5)"></iframe>');
    // A colour name outside the list is neutral: never a CSS value.
    expect(await page.locator('article.card').nth(3).getAttribute('class')).toBe('card c-none');

    // Picked by name, the page follows that team live: its name goes back to the server as the address has it.
    await page.goto(`${served.origin}/?team=${encodeURIComponent(team)}`);
    files.send('team-lead', evil, 'followed by its name', 20, 'followed');
    await expect.poll(() => card(page, 'team-lead').locator('.mail').textContent()).toContain('followed by its name');
    expect(dialogs).toEqual([]);
    expect(requests.every((url) => url.startsWith(`${served.origin}/`) || url.startsWith('data:'))).toBe(true);
  });

  it("fits a phone's width: the cards stack, and the tables and swimlane scroll in their own boxes", { timeout: 60_000 }, async () => {
    const { dir } = workingTeam();
    const served = await serve(['--dir', dir, '--no-journal']);
    const { page } = await browse({ width: 390, height: 844 });
    await page.goto(served.url);
    await expect.poll(() => page.locator('article.card').count()).toBe(3);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBe(390);
    const lefts = await page.evaluate<number[]>(
      `[...document.querySelectorAll('article.card')].map((card) => card.getBoundingClientRect().left)`,
    );
    expect(new Set(lefts).size).toBe(1);
  });
});
