// Xiangqi in the browser: an opening played by clicks against the engine, an illegal move
// refused with its reason, undo, reload and continue, a mate by drag-and-drop, replay of the
// finished game, PGN import, a refused FEN and two tabs on one game. Screenshots of the board
// at the start, in the middle game and at mate go to e2e/artifacts/.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

const WIDTH = 608;
const HEIGHT = 668;
const MARGIN = 64;
const STEP = 60;
/** Black's general on d9 is shut in by the rook on i8; a0-a9 mates. */
const MATE_IN_ONE = '3k5/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1';

/** Console lines other than the browser's notes on refused requests (422, 409), which the page explains. */
const unexpected = (page) => page.problems.filter((p) => !/status of (422|409)/.test(p));

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Where a point (e.g. 'h2') is on the screen, Red at the bottom unless flipped. */
async function pointOf(page, sq, flipped = false) {
  const box = await page.locator('#board').boundingBox();
  let f = sq.charCodeAt(0) - 97;
  let r = Number(sq.slice(1));
  if (flipped) { f = 8 - f; r = 9 - r; }
  return {
    x: box.x + ((MARGIN + f * STEP) / WIDTH) * box.width,
    y: box.y + ((MARGIN + (9 - r) * STEP) / HEIGHT) * box.height,
  };
}

async function clickPoint(page, sq) {
  const { x, y } = await pointOf(page, sq);
  await page.mouse.click(x, y);
}

async function plies(page) {
  return Number(await page.getAttribute('#board', 'data-ply'));
}

async function waitPlies(page, n) {
  await page.waitForFunction((want) => document.querySelector('#board')?.dataset.ply === String(want)
    && !document.body.dataset.busy, n);
}

/** The first of `candidates` ([from, to]) legal in the page's game: the engine's replies vary. */
async function firstLegal(page, candidates) {
  const id = await page.evaluate(() => localStorage.getItem('qipan.xiangqi.game'));
  const view = await page.evaluate(async (game) => (await fetch(`/api/xiangqi/games/${game}`)).json(), id);
  const legal = candidates.find(([from, to]) => (view.legal[from] || []).includes(to));
  assert.ok(legal, `one of ${JSON.stringify(candidates)} is legal in ${view.fen}`);
  return legal;
}

async function openXiangqi(path = '/xiangqi/') {
  const page = await openPage(browser, path, { locale: 'en-US', width: 1280, height: 1000 });
  // These tests read the English page: undo a language another test of this browser chose.
  if (await page.evaluate(() => localStorage.getItem('qipan.lang') === 'zh-CN')) {
    await page.evaluate(() => localStorage.setItem('qipan.lang', 'en'));
    await page.reload();
  }
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#board .xq-piece');
  return page;
}

test('an opening against the engine: clicks, the reply, an illegal move, undo, reload', async () => {
  const page = await openXiangqi();
  assert.equal(await page.locator('#board .xq-piece').count(), 32);
  const chars = await page.locator('#board .xq-char').allTextContents();
  for (const ch of ['帥', '將', '俥', '車', '炮', '砲', '兵', '卒']) assert.ok(chars.includes(ch), ch);
  const texts = await page.locator('#board text').allTextContents();
  for (const label of ['楚 河', '汉 界', '九', '一', '1', '9']) assert.ok(texts.includes(label), label);
  await screenshot(page, 'xiangqi-start');

  // 炮二平五 by two clicks; the legal targets are shown once the cannon is picked.
  await clickPoint(page, 'h2');
  assert.ok(await page.locator('#board .xq-target').count() > 0);
  await clickPoint(page, 'e2');
  await waitPlies(page, 2);
  const record = await page.locator('#record .mv').allTextContents();
  assert.equal(record[0], '炮二平五');
  assert.match(await page.textContent('#engine-info'), /depth|深度/);

  // 马二进三 (or, if the engine's reply blocks that horse, another developing move), then the
  // engine again.
  const [from, to] = await firstLegal(page, [['h0', 'g2'], ['i0', 'i1'], ['a0', 'a1']]);
  await clickPoint(page, from);
  await clickPoint(page, to);
  await waitPlies(page, 4);

  // The horse on b0 cannot jump to d1 over the elephant on c0: 蹩马腿.
  await clickPoint(page, 'b0');
  await clickPoint(page, 'd1');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('蹩马腿'));
  assert.equal(await plies(page), 4);
  assert.equal(await page.locator('#board .xq-blocked').count(), 1, 'the blocking point is marked');
  await screenshot(page, 'xiangqi-illegal');

  // Undo against the engine takes back two plies and is counted.
  await page.click('#undo');
  await waitPlies(page, 2);
  assert.match(await page.textContent('#undos'), /Red 1/);

  // Play on, reload: the same game is there and goes on.
  const [from2, to2] = await firstLegal(page, [['b0', 'c2'], ['a0', 'a1'], ['i0', 'i1']]);
  await clickPoint(page, from2);
  await clickPoint(page, to2);
  await waitPlies(page, 4);
  await screenshot(page, 'xiangqi-midgame');
  const fen = await page.getAttribute('#board', 'data-fen');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getAttribute('#board', 'data-fen'), fen);
  const [from3, to3] = await firstLegal(page, [['i0', 'i1'], ['a0', 'a1'], ['g3', 'g4']]);
  await clickPoint(page, from3);
  await clickPoint(page, to3);
  await waitPlies(page, 6);
  assert.deepEqual(unexpected(page), []);
  await page.close();
});

test('a mate by drag-and-drop from a FEN, then the finished game replayed', async () => {
  const page = await openXiangqi();
  await page.selectOption('#mode', 'pvp');
  await page.fill('#fen', MATE_IN_ONE);
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('#board .xq-piece').length === 4);

  const from = await pointOf(page, 'a0');
  const to = await pointOf(page, 'a9');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.waitForSelector('#status[data-status="finished"]');
  assert.match(await page.textContent('#status'), /Red wins · checkmate/);
  assert.equal(await page.locator('#board .xq-check').count(), 1);
  await screenshot(page, 'xiangqi-mate');

  // Replay: back to the start, forward, and autoplay to the end.
  await page.click('#first');
  assert.equal(await plies(page), 0);
  assert.equal(await page.isVisible('#viewing'), true);
  await page.click('#next');
  assert.equal(await plies(page), 1);
  await page.click('#first');
  await page.fill('#speed', '10');
  await page.click('#play');
  await page.waitForFunction(() => document.querySelector('#viewing').hidden);
  assert.equal(await plies(page), 1);
  assert.deepEqual(unexpected(page), []);
  await page.close();
});

test('a PGN import, a refused FEN, and the saved games list', async () => {
  const page = await openXiangqi();
  await page.click('#pgn-box summary');
  await page.fill('#pgn-text', [
    '[Game "Chinese Chess"]', '[Red "Hu"]', '[Black "Xu"]', '[Result "*"]', '[Format "Chinese"]', '',
    '1. 炮二平五 马8进7 2. 马二进三 车9平8 *',
  ].join('\n'));
  await page.click('#import');
  await page.waitForFunction(() => document.querySelectorAll('#record .mv').length === 4);
  assert.deepEqual(await page.locator('#record .mv').allTextContents(), ['炮二平五', '马８进７', '马二进三', '车９平８']);
  assert.equal(await plies(page), 0, 'an imported game opens at its start for replay');
  await page.click('#last');
  assert.equal(await plies(page), 4);
  // The record's players stand beside the board.
  assert.equal(await page.textContent('#bottom-player'), 'Red · Hu');
  assert.equal(await page.textContent('#top-player'), 'Black · Xu');

  await page.selectOption('#notation', 'wxf');
  assert.equal(await page.locator('#record .mv').first().textContent(), 'C2=5');
  await page.selectOption('#notation', 'chinese');

  // An illegal start position is refused with its reason.
  await page.selectOption('#mode', 'pvp');
  await page.fill('#fen', '4k4/9/9/9/9/9/9/9/9/4K4 w');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('in check'));

  await page.waitForSelector('#saves tr[data-id]');
  const rows = await page.locator('#saves tr[data-id]').count();
  assert.ok(rows >= 3, `saved games listed: ${rows}`);
  assert.match(await page.textContent('#saves'), /Red wins · checkmate/);
  assert.deepEqual(unexpected(page), []);
  await page.close();
});

test('two tabs on one game stay consistent: each shows the other\'s moves at once', async () => {
  const first = await openXiangqi();
  await first.selectOption('#mode', 'pvp');
  await first.fill('#fen', '');
  await first.click('#start');
  await first.waitForFunction(() => document.querySelectorAll('#record .mv').length === 0);
  const id = await first.evaluate(() => localStorage.getItem('qipan.xiangqi.game'));
  const second = await openXiangqi(`/xiangqi/?game=${id}`);

  await clickPoint(first, 'h2');
  await clickPoint(first, 'e2');
  await waitPlies(first, 1);
  // The server tells the second tab, which reloads the game without a stale move.
  await second.waitForFunction(() => document.querySelector('#board').dataset.ply === '1', null, { timeout: 5000 });
  await clickPoint(second, 'h9');
  await clickPoint(second, 'g7');
  await waitPlies(second, 2);
  await first.waitForFunction(() => document.querySelector('#board').dataset.ply === '2', null, { timeout: 5000 });
  assert.doesNotMatch(await first.textContent('#message'), /another tab/);
  assert.deepEqual(unexpected(first), []);
  assert.deepEqual(unexpected(second), []);
  await first.close();
  await second.close();
});

test('the page fits a phone and speaks Chinese', async () => {
  const page = await openPage(browser, '/xiangqi/', { locale: 'zh-CN', width: 390, height: 844 });
  await page.waitForSelector('body[data-ready="true"]');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'nothing sticks out sideways at phone width');
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.width > 300 && box.width <= 390, `board width ${box.width}`);
  assert.equal(await page.textContent('#undo'), '悔棋');
  await screenshot(page, 'xiangqi-phone-zh');
  assert.deepEqual(unexpected(page), []);
  await page.close();
});

test('an unknown ?game= is said, in both languages, and a new game starts', async () => {
  const page = await openPage(browser, '/xiangqi/?game=987654321', { locale: 'en-US' });
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await page.textContent('#message'), /There is no game 987654321/);
  await page.close();
  const zh = await openPage(browser, '/xiangqi/?game=987654321', { locale: 'zh-CN' });
  await zh.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.match(await zh.textContent('#message'), /找不到第 987654321 号对局/);
  await zh.close();
});

test('a record in Chinese: its event and date shown, a move in the other side\'s numerals refused by move and text', async () => {
  const page = await openPage(browser, '/xiangqi/', { locale: 'zh-CN' });
  await page.evaluate(() => localStorage.setItem('qipan.lang', 'zh-CN'));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('#pgn-box summary');
  await page.fill('#pgn-text', '1. 马８进７ *');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelector('#message').textContent.length > 0);
  assert.equal(await page.textContent('#message'), 'PGN 着法 1. “马８进７”用了另一方的数字：红方记谱用一至九，黑方用１至９。');
  await page.fill('#pgn-text', [
    '[Event "全国象棋个人赛"]', '[Date "1960.10.01"]', '[Red "胡荣华"]', '[Black "杨官璘"]', '',
    '1. 炮二平五 马８进７ *',
  ].join('\n'));
  await page.click('#import');
  await page.waitForFunction(() => document.querySelectorAll('#record .mv').length === 2);
  assert.equal(await page.textContent('#record-tags'), '棋谱：全国象棋个人赛 · 1960.10.01');
  assert.equal(await page.textContent('#bottom-player'), '红方 · 胡荣华');
  await screenshot(page, 'xiangqi-record-tags-zh');
  // A FEN error names the group and the character.
  await page.selectOption('#mode', 'pvp');
  await page.fill('#fen', 'rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('“x”'));
  assert.match(await page.textContent('#message'), /^FEN 的第 4 段（棋盘第 6 行）有无法识别的字符“x”/);
  await page.close();
});

/** Starts a game between two people on one screen and plays `moves` ([from, to]) by clicking. */
async function playPvp(page, moves) {
  const before = await page.evaluate(() => localStorage.getItem('qipan.xiangqi.game'));
  await page.selectOption('#mode', 'pvp');
  await page.fill('#fen', '');
  await page.click('#start');
  // The new game, not the one shown before it (a click meanwhile would land on the old one).
  await page.waitForFunction((old) => localStorage.getItem('qipan.xiangqi.game') !== old, before);
  await waitPlies(page, 0);
  for (const [i, [from, to]] of moves.entries()) {
    await clickPoint(page, from);
    await clickPoint(page, to);
    await waitPlies(page, i + 1);
  }
}

test('play on from a replayed position: a new game against the engine keeps the moves so far', async () => {
  const page = await openXiangqi();
  await playPvp(page, [['h2', 'e2'], ['h9', 'g7'], ['h0', 'g2'], ['i9', 'h9']]);
  const first = await page.evaluate(() => localStorage.getItem('qipan.xiangqi.game'));
  await page.click('#first');
  await page.click('#next');
  await page.click('#next');
  await waitPlies(page, 2);
  await page.click('#play-on');
  await page.waitForSelector('#play-on-note:not([hidden])');
  assert.equal(await page.textContent('#play-on-text'), 'The new game starts from the position after ply 2, the moves so far kept as its record.');
  await page.selectOption('#mode', 'engine');
  await page.selectOption('#side', 'red');
  await page.click('#start');
  // Red to move after two plies: the player moves, the engine answers.
  await page.waitForFunction((old) => localStorage.getItem('qipan.xiangqi.game') !== old, first);
  await waitPlies(page, 2);
  assert.deepEqual(await page.locator('#record .mv').allTextContents(), ['炮二平五', '马８进７']);
  assert.equal(await page.isHidden('#play-on-note'), true);
  await clickPoint(page, 'h0');
  await clickPoint(page, 'g2');
  await waitPlies(page, 4);
  await screenshot(page, 'xiangqi-play-on');
  assert.deepEqual(unexpected(page), []);
  await page.close();
});

test('game review: each position evaluated with a progress bar, the graph, graded moves, saved', async () => {
  const page = await openXiangqi();
  // Red's central cannon takes the pawn in front of Black's horse, which takes it back: a cannon
  // given away, a plain blunder.
  await playPvp(page, [['h2', 'e2'], ['h9', 'g7'], ['e2', 'e6'], ['g7', 'e6']]);
  assert.equal(await page.isHidden('#review-box'), true, 'no review while the game goes on');
  page.once('dialog', (dialog) => dialog.accept());
  await page.click('#resign');
  await page.waitForSelector('#review-box:not([hidden])');
  await page.click('#review-start');
  await page.waitForFunction(() => document.querySelectorAll('#review-graph .rv-dot').length === 5, null, { timeout: 60000 });
  await page.waitForSelector('#review-start[hidden]', { state: 'attached' });
  // 炮五进四 into the horse's mouth loses the cannon: graded a mistake or a blunder, marked in the record.
  const third = page.locator('#record .mv').nth(2);
  assert.match(await third.getAttribute('class'), /q-(mistake|blunder)/);
  await page.locator('#review-graph .rv-dot[data-ply="3"]').dispatchEvent('click');
  await waitPlies(page, 3);
  assert.match(await page.textContent('#review-move'), /^炮五进四: (mistake|blunder) \(lost \d+\); better was /);
  assert.match(await page.textContent('#review-summary'), /^Average loss: Red \d+/);
  await screenshot(page, 'xiangqi-review');
  // Saved with the game: a reload shows it without recomputing.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.locator('#review-graph .rv-dot').count(), 5);
  assert.equal(await page.isHidden('#review-start'), true);
  assert.deepEqual(unexpected(page), []);
  await page.close();
});
