/**
 * Debian's `chromium`, headless, driven by playwright-core (which downloads
 * no browser of its own): a fresh profile each time, nothing that reaches
 * out, and without its sandbox (CI runs as root). Closed after the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const open: { context: BrowserContext; profile: string }[] = [];

afterEach(async () => {
  for (const { context, profile } of open.splice(0)) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

export interface Browsed {
  readonly page: Page;
  /** Every address the page asked for. */
  readonly requests: string[];
  /** Console errors and uncaught exceptions (a policy's refusal is one). */
  readonly errors: string[];
  /** Dialogs opened (`alert`): a script from a file ran. */
  readonly dialogs: string[];
}

export async function browse(
  options: { readonly width?: number; readonly height?: number; readonly javaScript?: boolean } = {},
): Promise<Browsed> {
  const profile = mkdtempSync(join(tmpdir(), 'teamtop-chromium-'));
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: FLAGS,
      viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
      javaScriptEnabled: options.javaScript ?? true,
    })
    .catch((error: Error) => {
      throw new Error(`Debian's chromium is needed here (apt-get install -y chromium; .ci/run installs it): ${error.message}`);
    });
  open.push({ context, profile });
  const page = context.pages()[0] ?? (await context.newPage());
  const browsed: Browsed = { page, requests: [], errors: [], dialogs: [] };
  page.on('request', (request) => browsed.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') browsed.errors.push(message.text());
  });
  page.on('pageerror', (error) => browsed.errors.push(error.message));
  page.on('dialog', (dialog) => {
    browsed.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return browsed;
}
