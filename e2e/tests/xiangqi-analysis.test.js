// The Xiangqi analysis board in the browser: the engine's lines stream in (three lines, arrows,
// the evaluation bar), moves by click grow a variation tree (a side line, promoted, deleted),
// the keyboard steps through it, a hidden tab stops the analysis, a mate is named, a bad FEN is
// refused with its rank and character, a saved game opens at the ply shown, and "play on"
// starts a game from the position. Screenshots at 1280×800 and at phone width.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

const WIDTH = 608;
const HEIGHT = 668;
const MARGIN = 64;
const STEP = 60;
/** Black's general on d9 is shut in by the rook on i8; a0-a9 mates. */
const MATE_IN_ONE = '3k5/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Clicks a point once the server has described the position shown (until then it takes no move). */
async function clickPoint(page, sq) {
  await page.waitForSelector('#board[data-position="known"]');
  const box = await page.locator('#board').boundingBox();
  const f = sq.charCodeAt(0) - 97;
  const r = Number(sq.slice(1));
  await page.mouse.click(
    box.x + ((MARGIN + f * STEP) / WIDTH) * box.width,
    box.y + ((MARGIN + (9 - r) * STEP) / HEIGHT) * box.height,
  );
}

const ply = (page) => page.getAttribute('#board', 'data-ply').then(Number);
const waitPly = (page, n) => page.waitForFunction((want) => document.querySelector('#board').dataset.ply === String(want), n);
/** Waits until the engine shows `n` lines. */
const waitLines = (page, n) => page.waitForFunction((want) => document.querySelectorAll('#engine-lines li').length === want, n);

async function openAnalysis(path = '/xiangqi/analysis.html', options = {}) {
  const page = await openPage(browser, path, { locale: 'en-US', width: 1280, height: 800, ...options });
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

test('the engine streams three lines with arrows and an evaluation bar; moves grow a tree', async () => {
  const page = await openAnalysis();
  await page.evaluate(() => localStorage.removeItem('qipan.xiangqi.analysis'));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await waitLines(page, 3);
  await page.waitForSelector('#board .xq-arrow.best');
  assert.equal(await page.locator('#board .xq-arrow').count(), 3);
  await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#engine-state').textContent));
  const meter = await page.getAttribute('#eval-bar', 'aria-valuenow');
  assert.ok(Number(meter) > 20 && Number(meter) < 80, `the start is about even: ${meter}`);
  assert.match(await page.textContent('#engine-state'), /Red’s view .* side to move .* nodes\/s/);

  // The central cannon, by clicks: the tree has it, in Chinese notation by default.
  await clickPoint(page, 'h2');
  await clickPoint(page, 'e2');
  await waitPly(page, 1);
  assert.equal(await page.textContent('#tree .xa-move.current'), '1. 炮二平五');
  await waitLines(page, 3);
  // Black to move now: the lines answer for the new position.
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('Black'));

  // Back with the keyboard, then a side line: the other cannon to the centre.
  await page.locator('h1').click();
  await page.keyboard.press('ArrowLeft');
  await waitPly(page, 0);
  await page.keyboard.press('ArrowRight');
  await waitPly(page, 1);
  await page.keyboard.press('Home');
  await waitPly(page, 0);
  await clickPoint(page, 'b2');
  await clickPoint(page, 'e2');
  await waitPly(page, 1);
  assert.equal(await page.locator('#tree .xa-variation').count(), 1);
  assert.equal(await page.textContent('#tree .xa-variation .xa-move.current'), '1. 炮八平五');
  // Off the board, ↑ goes to the neighbouring line (the main one), ↓ back.
  await page.locator('h1').click();
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.querySelector('#tree .xa-move.current').textContent === '1. 炮二平五');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('#tree .xa-move.current').textContent === '1. 炮八平五');

  // Promote the side line: it becomes the main line; delete it: the other comes back.
  await page.click('#promote');
  assert.equal(await page.textContent('#tree .xa-mainline > .xa-move'), '1. 炮八平五');
  assert.equal(await page.textContent('#tree .xa-variation .xa-move'), '1. 炮二平五');
  await page.click('#delete');
  await waitPly(page, 0);
  assert.equal(await page.locator('#tree .xa-variation').count(), 0);
  assert.equal(await page.textContent('#tree .xa-mainline > .xa-move'), '1. 炮二平五');

  // A click on an engine line plays its first move.
  const first = await page.getAttribute('#engine-lines li:first-child .xa-line-play', 'data-move');
  await page.click('#engine-lines li:first-child .xa-line-play');
  await waitPly(page, 1);
  assert.equal(await page.evaluate(() => document.querySelector('#board .xq-last.to') !== null), true);
  assert.ok(first && first.length === 4);

  // Fewer lines on request.
  await page.selectOption('#lines', '1');
  await waitLines(page, 1);
  await page.selectOption('#lines', '3');
  await waitLines(page, 3);
  await screenshot(page, 'xiangqi-analysis-1280');

  // A hidden tab stops the analysis; shown again, it goes on.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction(() => document.querySelector('#engine-state').dataset.state === 'hidden');
  assert.equal(await page.locator('#engine-lines li').count(), 0);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitLines(page, 3);

  // The button stops it too.
  await page.click('#analyse');
  await page.waitForFunction(() => document.querySelector('#engine-state').dataset.state === 'off');
  assert.equal(await page.locator('#board .xq-arrow').count(), 0);
  await page.click('#analyse');
  await waitLines(page, 3);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a mate is named, a bad FEN is refused with its rank and character', async () => {
  const page = await openAnalysis(`/xiangqi/analysis.html?fen=${encodeURIComponent(MATE_IN_ONE)}`);
  await page.waitForFunction(() => document.querySelector('#engine-state').dataset.state === 'done');
  assert.match(await page.textContent('#engine-lines li:first-child'), /Red mates in 1/);
  assert.equal(await page.getAttribute('#engine-lines li:first-child .xa-line-play', 'data-move'), 'a0a9');
  assert.equal(await page.getAttribute('#eval-bar', 'aria-valuenow'), '100');
  await page.click('#engine-lines li:first-child .xa-line-play');
  await waitPly(page, 1);
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('checkmate'));
  assert.equal(await page.textContent('#engine-state'), 'The game is over here: nothing to analyse');

  await page.click('#setup-box summary');
  await page.fill('#fen', 'rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  await page.click('#setup-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('“x”'));
  assert.match(await page.textContent('#message'), /FEN group 4 \(rank 6\)/);
  // The mated position is still shown.
  assert.equal(await ply(page), 1);
  await page.click('#setup-start');
  await waitPly(page, 0);
  await waitLines(page, 3);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a saved game opens at the ply shown, and play on starts a game from the analysed position', async () => {
  const page = await openPage(browser, '/xiangqi/', { locale: 'zh-CN', width: 1280, height: 800 });
  await page.waitForSelector('body[data-ready="true"]');
  const game = await page.evaluate(async () => {
    const answer = await fetch('/api/xiangqi/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'pvp', moves: ['h2e2', 'h9g7', 'h0g2', 'i9h9'] }),
    });
    return answer.json();
  });
  await page.goto(`${new URL(page.url()).origin}/xiangqi/?game=${game.id}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#prev');
  const href = await page.getAttribute('#analyse-link', 'href');
  assert.equal(href, `/xiangqi/analysis.html?game=${game.id}&ply=3`);
  await page.click('#analyse-link');
  await page.waitForSelector('body[data-ready="true"]');
  await waitPly(page, 3);
  assert.equal(await page.locator('#tree .xa-mainline > .xa-move').count(), 4);
  assert.match(await page.textContent('#message'), new RegExp(`第 ${game.id} 局`));
  await waitLines(page, 3);
  await screenshot(page, 'xiangqi-analysis-zh-1280');

  // A side line at ply 3, then play on from there against the engine, as Black.
  await clickPoint(page, 'b9');
  await clickPoint(page, 'c7');
  await waitPly(page, 4);
  await waitLines(page, 3);
  await page.click('#play-on-box summary');
  await page.selectOption('#mode', 'engine');
  await page.selectOption('#side', 'black');
  await page.click('#play-on-start');
  await page.waitForURL(/\/xiangqi\/\?game=\d+/);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForFunction(() => Number(document.querySelector('#board').dataset.ply) >= 4);
  const id = Number(new URL(page.url()).searchParams.get('game'));
  assert.notEqual(id, game.id);
  const view = await page.evaluate(async (n) => (await fetch(`/api/xiangqi/games/${n}`)).json(), id);
  assert.deepEqual(view.moves.slice(0, 4).map((m) => m.iccs), ['h2e2', 'h9g7', 'h0g2', 'b9c7']);
  assert.equal(view.engine_side, 'red');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the analysis board fits a phone', async () => {
  const page = await openAnalysis('/xiangqi/analysis.html', { width: 390, height: 844, locale: 'zh-CN' });
  await waitLines(page, 3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width > 300, `the board uses the width: ${board.width}`);
  await screenshot(page, 'xiangqi-analysis-phone');
  assert.deepEqual(page.problems, []);
  await page.close();
});
