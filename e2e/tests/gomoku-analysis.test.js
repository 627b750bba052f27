// Gomoku's analysis view and "play on from here": the engine's best moves numbered on the board,
// each side's threat points, a forced win stepped through to the five, the card hidden while a
// game between two players goes on, and a new game started from a replayed position.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickStone, openGomokuDialog, stonesAre } from '../lib/boards.js';

let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function newGame(page, mode, human = 'black') {
  await openGomokuDialog(page);
  await page.check(`#gm-new-form input[name=mode][value=${mode}]`);
  if (mode !== 'pvp') await page.check(`#gm-new-form input[name=human][value=${human}]`);
  const before = page.url();
  await page.click('#gm-new-start');
  await page.waitForFunction((old) => location.href !== old && /\?game=\d+/.test(location.href), before);
  await stonesAre(page, 0);
}

/** Plays (x, y) with the board scrolled into view (the analysis card's buttons scroll the page). */
async function playAt(page, x, y) {
  await page.waitForSelector('svg.gm-board.interactive');
  await page.evaluate(() => window.scrollTo(0, 0));
  await clickStone(page, x, y);
}

/** Black's open three on the eighth row, White's stones in the corners: five moves, White to move. */
async function playOpenThree(page) {
  const moves = [[6, 7], [0, 0], [7, 7], [14, 0], [8, 7]];
  for (const [n, [x, y]] of moves.entries()) {
    await playAt(page, x, y);
    await stonesAre(page, n + 1);
  }
}

test('the analysis numbers the best moves, marks the threats and steps through a forced win', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, 'pvp');
  await playOpenThree(page);
  await page.waitForSelector('#gm-analysis:not([hidden])');
  assert.match(await page.textContent('#gm-an-status'), /after move 5/i);
  await page.click('#gm-analyse');
  await page.waitForSelector('#gm-an-lines:not([hidden]) li');
  assert.equal(await page.locator('#gm-an-lines li').count(), 3);
  assert.equal(await page.locator('.gm-mark-best').count(), 3, 'the best moves numbered on the board');
  // Black's open three: both ends make a four for Black (an open four).
  const blackFours = await page.$$eval('.gm-mark-threat-black', (ms) =>
    ms.filter((m) => m.textContent === '4').map((m) => `${m.dataset.x},${m.dataset.y}`));
  assert.ok(blackFours.includes('5,7') && blackFours.includes('9,7'), blackFours.join(' '));
  const win = page.locator('.gm-an-win[data-side=black]');
  assert.match(await win.textContent(), /Were Black to move, it would win by VCF/);
  assert.match(await page.textContent('.gm-an-win[data-side=white]'), /no VCF or VCT/);
  await screenshot(page, 'gomoku-analysis');

  await win.locator('button').click();
  await page.waitForSelector('#gm-an-steps:not([hidden])');
  assert.equal(await page.locator('.gm-extra').count(), 1);
  assert.equal(await page.locator('.gm-mark-best').count(), 0, 'only the line while stepping');
  assert.equal(await page.locator('svg.gm-board.interactive').count(), 0, 'no move while stepping');
  while (await page.isEnabled('#gm-an-next')) await page.click('#gm-an-next');
  const line = await page.$$eval('.gm-extra', (gs) => gs.map((g) => [Number(g.dataset.x), Number(g.dataset.y), g.classList.contains('black')]));
  assert.equal(line.length % 2, 1);
  const row = [6, 7, 8, ...line.filter(([, y, black]) => black && y === 7).map(([x]) => x)].sort((a, b) => a - b);
  assert.ok(row.some((x, i) => row[i + 4] === x + 4), `five in a row: ${row}`);
  assert.match(await page.textContent('#gm-an-pos'), new RegExp(`Move ${line.length} of ${line.length}`));
  await screenshot(page, 'gomoku-analysis-vcf');
  await page.click('#gm-an-stop');
  await page.waitForSelector('#gm-an-steps', { state: 'hidden' });
  assert.equal(await page.locator('.gm-extra').count(), 0);

  // A move makes the analysis out of date: its marks go.
  await playAt(page, 9, 7);
  await stonesAre(page, 6);
  assert.equal(await page.locator('.gm-mark-best').count(), 0);
  assert.match(await page.textContent('#gm-an-status'), /after move 6/i);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the analysis card on a phone, in Chinese', async () => {
  const page = await openPage(browser, '/gomoku/', { locale: 'zh-CN', width: 390, height: 844 });
  await newGame(page, 'pvp');
  await playOpenThree(page);
  await page.click('#gm-analyse');
  await page.waitForSelector('#gm-an-lines:not([hidden]) li');
  assert.match(await page.textContent('.gm-an-win[data-side=black]'), /黑方若先走，有 VCF 必胜/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width})`);
  await page.locator('#gm-analysis').scrollIntoViewIfNeeded();
  await screenshot(page, 'gomoku-analysis-phone-zh');
  await page.close();
});

test('a game between two players is not analysed while it goes on', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, 'friend');
  await page.waitForSelector('#gm-invite:not([hidden])');
  assert.equal(await page.locator('#gm-analysis').isHidden(), true);
  await page.close();
});

test('play on from a replayed position against the engine', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, 'pvp');
  await playOpenThree(page);
  await page.click('#gm-replay-open');
  await page.waitForSelector('#gm-replay:not([hidden])');
  for (let k = 0; k < 3; k++) await page.click('#gm-rp-next');
  await stonesAre(page, 3);
  // The replayed position is analysed too.
  await page.click('#gm-analyse');
  await page.waitForSelector('#gm-an-lines:not([hidden]) li');
  assert.match(await page.textContent('#gm-an-status'), /After move 3, White to move/);
  await page.click('#gm-rp-playon');
  await page.waitForSelector('#gm-new-dialog[open]');
  assert.match(await page.textContent('#gm-playon-note'), /after move 3/);
  assert.equal(await page.isDisabled('#gm-new-form select[name=rule]'), true);
  await page.check('#gm-new-form input[name=mode][value=pve]');
  await page.check('#gm-new-form input[name=human][value=black]');
  const before = page.url();
  await page.click('#gm-new-start');
  await page.waitForFunction((old) => location.href !== old, before);
  // Three moves kept, White (the engine) to move: it replies.
  await stonesAre(page, 4);
  const first = await page.$$eval('.gm-stone', (gs) => gs.slice(0, 3).map((g) => `${g.dataset.x},${g.dataset.y}`));
  assert.deepEqual(first, ['6,7', '0,0', '7,7']);
  assert.equal(await page.locator('#gm-replay').isHidden(), true);
  assert.deepEqual(page.problems, []);
  await page.close();
});
