// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, the server
// under test (started by e2e/run, URL in QIPAN_URL), and screenshots under e2e/artifacts/.

import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = join(here, '..', 'artifacts');
export const BASE_URL = process.env.QIPAN_URL || 'http://127.0.0.1:8080';

/**
 * Starts headless Chromium with a fresh profile and the flags this machine needs;
 * `ignoreHTTPSErrors` for the tests that reach qipan through a proxy with a self-signed
 * certificate.
 */
export async function launchBrowser({ ignoreHTTPSErrors = false } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'qipan-chromium-'));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    ignoreHTTPSErrors,
    args: [
      '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic',
    ],
  });
}

/**
 * A new page in the given language (the browser's Accept-Language and navigator.languages),
 * collecting console errors and failed requests so tests can assert there were none. `base` is
 * the server's address (another instance than e2e/run's, for the tests that start their own).
 */
export async function openPage(context, path, { locale = 'en-US', width = 1280, height = 800, base = BASE_URL } = {}) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.addInitScript((lang) => {
    Object.defineProperty(navigator, 'languages', { get: () => [lang] });
    Object.defineProperty(navigator, 'language', { get: () => lang });
  }, locale);
  page.problems = [];
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`); });
  page.on('requestfailed', (req) => page.problems.push(`request failed: ${req.url()}`));
  page.on('request', (req) => {
    if (!req.url().startsWith(base) && !req.url().startsWith('data:')) {
      page.problems.push(`external request: ${req.url()}`);
    }
  });
  await page.goto(base + path);
  return page;
}

/** Saves a full-page screenshot as e2e/artifacts/<name>.png. */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
