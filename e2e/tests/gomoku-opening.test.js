// Gomoku opening rules in the browser: Swap2 at one screen step by step, a swap between two
// friends in two browsers (their seats exchanged), the engine's proposal answered by a person,
// and Taraguchi-10 with its central squares, ten offered fifth moves and White's pick.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickStone, openGomokuDialog, stonesAre } from '../lib/boards.js';

let alice;
let bob;

before(async () => { [alice, bob] = await Promise.all([launchBrowser(), launchBrowser()]); });
after(async () => { await Promise.all([alice?.close(), bob?.close()]); });

async function newGame(page, { mode = 'pvp', rule = 'freestyle', opening, human = 'black', level = '3' }) {
  await openGomokuDialog(page);
  await page.check(`#gm-new-form input[name=mode][value=${mode}]`);
  if (mode !== 'pvp') await page.check(`#gm-new-form input[name=human][value=${human}]`);
  if (mode === 'pve') await page.fill('#gm-new-form input[name=level]', level);
  await page.selectOption('#gm-new-form select[name=rule]', rule);
  await page.selectOption('#gm-new-form select[name=opening]', opening);
  const before = page.url();
  await page.click('#gm-new-start');
  await page.waitForFunction((old) => location.href !== old && /\?game=\d+/.test(location.href), before);
}

/** Puts a stone at (x, y) and waits for `n` stones on the board. */
async function stone(page, x, y, n) {
  await page.waitForSelector('svg.gm-board.interactive');
  await page.evaluate(() => window.scrollTo(0, 0));
  await clickStone(page, x, y);
  await stonesAre(page, n);
}

const status = (page) => page.textContent('#gm-status');

test('Swap2 at one screen: three stones, two more, the choice handed back, then play', async () => {
  const page = await openPage(alice, '/gomoku/');
  await newGame(page, { opening: 'swap2' });
  assert.match(await status(page), /Opening \(Swap2\): Black's player puts stone 1 \(a black stone\)/);
  await stone(page, 7, 7, 1);
  assert.match(await status(page), /Black's player puts stone 2 \(a white stone\)/);
  await stone(page, 8, 7, 2);
  await stone(page, 7, 8, 3);
  assert.match(await status(page), /White chooses: Swap \/ Keep going \/ Put two more stones/);
  assert.equal(await page.locator('#gm-opening button').count(), 3);
  assert.equal(await page.locator('svg.gm-board.interactive').count(), 0, 'no stone while a choice waits');
  await screenshot(page, 'gomoku-swap2-choice');
  await page.click('#gm-opening button[data-decision=place_two]');
  await page.waitForFunction(() => /White's player puts stone 4/.test(document.querySelector('#gm-status').textContent));
  await stone(page, 9, 9, 4);
  await stone(page, 6, 6, 5);
  assert.match(await status(page), /Black chooses: Swap \/ Keep going/);
  await page.click('#gm-opening button[data-decision=swap]');
  await page.waitForSelector('#gm-opening', { state: 'hidden' });
  assert.match(await status(page), /White to move/);
  await stone(page, 10, 10, 6);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a swap between two friends in two browsers exchanges their seats', async () => {
  const first = await openPage(alice, '/gomoku/');
  await newGame(first, { mode: 'friend', opening: 'swap' });
  await first.waitForSelector('#gm-invite:not([hidden])');
  const link = await first.inputValue('#gm-invite-link');
  const second = await openPage(bob, new URL(link).pathname + new URL(link).search, { locale: 'zh-CN' });
  await second.waitForSelector('main[data-game-ready]');
  for (const [n, [x, y]] of [[7, 7], [8, 8], [6, 8]].entries()) await stone(first, x, y, n + 1);
  await stonesAre(second, 3);
  await second.waitForSelector('#gm-opening button[data-decision=swap]');
  assert.match(await status(second), /白方选择：交换 \/ 继续/);
  assert.equal(await first.locator('#gm-opening button').count(), 0, 'the choice is the other player\'s');
  await screenshot(second, 'gomoku-swap-friend-zh');
  await second.click('#gm-opening button[data-decision=swap]');
  // The friend now plays Black, the first player White, and White moves fourth.
  await first.waitForFunction(() => /Your move|your turn/i.test(document.querySelector('#gm-status').textContent));
  assert.match(await first.textContent('#gm-p-white .gm-name'), /You/);
  // The friend's own page shows the swap when its request returns, which may be after the first
  // page heard of it from the server.
  await second.waitForFunction(() => /你/.test(document.querySelector('#gm-p-black .gm-name').textContent));
  await stone(first, 9, 9, 4);
  await stonesAre(second, 4);
  await stone(second, 5, 5, 5);
  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
  await Promise.all([first.close(), second.close()]);
});

test('the engine opens with three stones and the person chooses a colour', async () => {
  const page = await openPage(alice, '/gomoku/');
  await newGame(page, { mode: 'pve', opening: 'swap', human: 'white' });
  await stonesAre(page, 3);
  await page.waitForSelector('#gm-opening button[data-decision=stay]');
  await page.click('#gm-opening button[data-decision=stay]');
  await page.waitForSelector('#gm-opening', { state: 'hidden' });
  const free = [[3, 3], [11, 11], [3, 11]];
  await stone(page, ...free[0], 4);
  await stonesAre(page, 5);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('Taraguchi-10: central squares, ten offered fifth moves and White\'s pick', async () => {
  const page = await openPage(alice, '/gomoku/');
  await newGame(page, { rule: 'renju', opening: 'taraguchi10' });
  assert.deepEqual(
    await page.$$eval('#gm-new-form select[name=opening] option:not([hidden])', (os) => os.map((o) => o.value)),
    ['free', 'taraguchi10'],
  );
  await stone(page, 7, 7, 1);
  const keep = async () => {
    await page.click('#gm-opening button[data-decision=stay]');
    await page.waitForSelector('svg.gm-board.interactive');
  };
  await keep();
  assert.equal(await page.locator('.gm-region').count(), 1, 'the 3×3 square is framed');
  await page.evaluate(() => window.scrollTo(0, 0));
  await clickStone(page, 10, 7);
  await page.waitForSelector('#gm-notice:not([hidden])');
  assert.match(await page.textContent('#gm-notice'), /central square/);
  await stone(page, 8, 6, 2);
  await keep();
  await stone(page, 9, 8, 3);
  await keep();
  await stone(page, 5, 5, 4);
  await page.click('#gm-opening button[data-decision=offer]');
  await page.waitForFunction(() => /offers fifth moves \(0 of 10/.test(document.querySelector('#gm-status').textContent));
  const offers = [[3, 3], [4, 10], [10, 4], [11, 11], [12, 2], [2, 12], [6, 11], [11, 6], [13, 13], [1, 1]];
  for (const [n, [x, y]] of offers.entries()) {
    await page.waitForSelector('svg.gm-board.interactive');
    await page.evaluate(() => window.scrollTo(0, 0));
    await clickStone(page, x, y);
    await page.waitForFunction((k) => document.querySelectorAll('.gm-mark-offer').length === k, n + 1);
  }
  assert.match(await status(page), /White picks one of Black's offered fifth moves/);
  await screenshot(page, 'gomoku-taraguchi-pick');
  await stone(page, 11, 11, 5);
  await page.waitForSelector('#gm-opening', { state: 'hidden' });
  assert.equal(await page.locator('.gm-mark-offer').count(), 0);
  assert.match(await status(page), /White to move/);
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 422')), []);
  await page.close();
});
