// Playing from the keyboard: the Xiangqi and Gomoku boards take the focus, arrow keys move a
// cursor that is read out, Enter picks and plays, Escape cancels, the focus stays on the board
// after a move, and off the board ← and → step through the record.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { openGomokuDialog } from '../lib/boards.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

async function keys(page, ...names) {
  for (const name of names) await page.keyboard.press(name);
}

test('a Xiangqi game is played from the keyboard', async () => {
  const page = await openPage(browser, '/xiangqi/', { locale: 'en-US', width: 1280, height: 800 });
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#mode', 'pvp');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '0');
  await page.focus('#board');
  // The cursor starts on Red's general; three right and two up is Red's right cannon.
  await keys(page, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp');
  assert.equal(await page.textContent('#board-cursor'), 'h2: Red cannon');
  await keys(page, 'Enter');
  await page.waitForSelector('#board .xq-selected');
  await keys(page, 'Escape');
  assert.equal(await page.locator('#board .xq-selected').count(), 0, 'Escape drops the selection');
  await keys(page, 'Enter', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the focus stays on the board');
  await screenshot(page, 'keyboard-xiangqi-en');
  // Black's horse h9 to g7: from e2, three right, seven up, pick; one left, two down, play.
  await keys(page, 'ArrowRight', 'ArrowRight', 'ArrowRight');
  for (let i = 0; i < 7; i++) await keys(page, 'ArrowUp');
  assert.equal(await page.textContent('#board-cursor'), 'h9: Black horse');
  await keys(page, 'Enter', 'ArrowLeft', 'ArrowDown', 'ArrowDown', 'Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '2');
  // Off the board, ← steps back through the record and → returns.
  await page.focus('#notation');
  await page.evaluate(() => document.activeElement.blur());
  await keys(page, 'ArrowLeft');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.equal(await page.isVisible('#viewing'), true);
  await keys(page, 'ArrowRight');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '2');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a Gomoku game is played from the keyboard', async () => {
  const page = await openPage(browser, '/gomoku/', { locale: 'zh-CN', width: 1280, height: 800 });
  await openGomokuDialog(page);
  await page.check('#gm-new-form input[name=mode][value=pvp]');
  await page.click('#gm-new-start');
  await page.waitForSelector('svg.gm-board.interactive');
  await page.focus('svg.gm-board');
  // The cursor starts in the centre: Enter plays h8; right, Enter plays i8 for White.
  await keys(page, 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('.gm-stone').length === 1);
  await keys(page, 'ArrowRight', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('.gm-stone').length === 2);
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('gm-board')), true);
  await keys(page, 'ArrowLeft');
  assert.equal(await page.textContent('#gm-board-wrap p[aria-live]'), 'h8: 黑子（第 1 手）');
  assert.equal(await page.getAttribute('.gm-stone[data-n="2"]', 'data-coord'), 'i8');
  await screenshot(page, 'keyboard-gomoku-zh');
  assert.deepEqual(page.problems, []);
  await page.close();
});
