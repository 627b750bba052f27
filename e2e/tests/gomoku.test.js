// Gomoku in the browser: a game between two people won by five (the row highlighted), a game
// against the engine with an undo, a renju forbidden point refused with its reason, a game that
// survives a reload and a stale second tab, replay, records, and the page in Chinese on a phone.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { openGomokuDialog } from '../lib/boards.js';

const CELL = 40;
const MARGIN = 46;
let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Where the intersection (x, y), counted from the top-left, is on the screen. */
async function screenPoint(page, x, y) {
  const box = await page.locator('svg.gm-board').boundingBox();
  const span = Number((await page.getAttribute('svg.gm-board', 'viewBox')).split(' ')[2]);
  const scale = box.width / span;
  return [box.x + (MARGIN + x * CELL) * scale, box.y + (MARGIN + y * CELL) * scale];
}

async function clickPoint(page, x, y) {
  await page.mouse.click(...(await screenPoint(page, x, y)));
}

async function hoverPoint(page, x, y) {
  await page.mouse.move(...(await screenPoint(page, x, y)));
}

async function stones(page) {
  return page.locator('.gm-stone').count();
}

async function waitStones(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('.gm-stone').length === k, n);
}

/** Plays (x, y) and waits until the board shows at least `after` stones (the engine may reply). */
async function play(page, x, y, after) {
  await page.waitForSelector('svg.gm-board.interactive');
  await clickPoint(page, x, y);
  await page.waitForFunction((k) => document.querySelectorAll('.gm-stone').length >= k, after);
}

/** The page's problems, less the console lines of refusals the test provoked on purpose. */
function problemsBesides(page, statuses) {
  const expected = (line) => statuses.some((s) => line.includes(`status of ${s} `));
  return page.problems.filter((line) => !expected(line));
}

/** The first of `candidates` with no stone on it. */
async function freePoint(page, candidates) {
  const taken = await page.$$eval('.gm-stone', (gs) => gs.map((g) => `${g.dataset.x},${g.dataset.y}`));
  return candidates.find(([x, y]) => !taken.includes(`${x},${y}`));
}

/** Starts a game from the settings dialog. */
async function newGame(page, { mode = 'pvp', rule = 'freestyle', size = '15', human = 'black', level = '1', undoLimit = '' } = {}) {
  await openGomokuDialog(page);
  await page.check(`#gm-new-form input[name=mode][value=${mode}]`);
  if (mode === 'pve') {
    await page.check(`#gm-new-form input[name=human][value=${human}]`);
    await page.fill('#gm-new-form input[name=level]', level);
  }
  await page.selectOption('#gm-new-form select[name=rule]', rule);
  await page.selectOption('#gm-new-form select[name=size]', size);
  await page.fill('#gm-new-form input[name=undo_limit]', undoLimit);
  const before = page.url();
  await page.click('#gm-new-start');
  await page.waitForFunction((old) => location.href !== old && /\?game=\d+/.test(location.href), before);
  await waitStones(page, 0);
}

test('two people play a game won by five, and the winning row is highlighted', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pvp' });
  await screenshot(page, 'gomoku-empty-board');
  let n = 0;
  for (let x = 5; x < 9; x++) {
    await play(page, x, 7, ++n);
    await play(page, x, 9, ++n);
  }
  await page.click('#gm-numbers');
  await play(page, 9, 7, ++n);
  await page.waitForSelector('#gm-banner:not([hidden])');
  assert.equal(await page.locator('.gm-win-mark').count(), 5);
  assert.match(await page.textContent('#gm-banner-text'), /Black wins with five in a row/);
  assert.equal(await page.locator('svg.gm-board.interactive').count(), 0, 'the board is closed');
  await screenshot(page, 'gomoku-pvp-five');
  await page.click('#gm-numbers');
  await page.click('#gm-rematch');
  await waitStones(page, 0);
  assert.equal(await page.locator('#gm-banner').isHidden(), true);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a double click places one stone, with no refusal shown', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pvp' });
  await page.waitForSelector('svg.gm-board.interactive');
  await page.mouse.dblclick(...(await screenPoint(page, 7, 7)));
  await waitStones(page, 1);
  // Give a second request time to come back, were one sent.
  await page.waitForFunction(() => !document.body.dataset.busy);
  await page.waitForTimeout(300);
  assert.equal(await stones(page), 1);
  assert.equal(await page.locator('#gm-notice').isHidden(), true, 'no "changed elsewhere" refusal');
  assert.deepEqual(page.problems, [], 'one request only: no 409 in the console');
  await page.close();
});

test('against the engine, one undo takes back the reply too and is counted', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pve', human: 'black', level: '2', undoLimit: '2' });
  await play(page, 7, 7, 1);
  await waitStones(page, 2);
  await page.waitForSelector('svg.gm-board.interactive');
  const [x, y] = await freePoint(page, [[8, 8], [6, 6], [8, 6], [6, 8]]);
  await play(page, x, y, 3);
  await waitStones(page, 4);
  await page.waitForSelector('svg.gm-board.interactive');
  await page.waitForSelector('#gm-engine-info:not([hidden])');
  assert.match(await page.textContent('#gm-engine-info'), /engine/i);
  assert.match(await page.textContent('#gm-p-black .gm-name'), /You/);
  assert.match(await page.textContent('#gm-p-white .gm-name'), /Engine, level 2/);
  await screenshot(page, 'gomoku-engine');
  await page.click('#gm-undo');
  await waitStones(page, 2);
  assert.match(await page.textContent('#gm-p-black .gm-undos'), /1 \/ 2/);
  assert.match(await page.textContent('#gm-p-white .gm-undos'), /0 \/ 2/);
  await page.waitForSelector('svg.gm-board.interactive');
  await screenshot(page, 'gomoku-engine-undo');
  // Resigning asks first: dismissed, nothing happens; accepted, the game ends.
  page.once('dialog', (d) => d.dismiss());
  await page.click('#gm-resign');
  await waitStones(page, 2);
  assert.equal(await page.locator('#gm-banner').isHidden(), true, 'a dismissed resignation does nothing');
  page.once('dialog', (d) => d.accept());
  await page.click('#gm-resign');
  await page.waitForSelector('#gm-banner:not([hidden])');
  assert.match(await page.textContent('#gm-banner-text'), /You lose.*White wins: Black resigned/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('renju marks the forbidden points and a forbidden move is refused with its rule', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pvp', rule: 'renju' });
  // Renju opens on the centre point (renju.net, The Procedure of Starting the Game): said at once,
  // and another first move is refused with that reason.
  assert.match(await page.textContent('#gm-status'), /Renju: Black's first stone goes on the centre point, h8\./);
  await clickPoint(page, 3, 3);
  await page.waitForSelector('#gm-notice:not([hidden])');
  assert.equal(await page.textContent('#gm-notice'), "Renju: Black's first stone must go on the centre point.");
  assert.equal(await stones(page), 0);
  // Black h8, i8, j7, j6 (White far away): j8 would make two open threes (RIF article 9.4).
  const moves = [[7, 7], [0, 0], [8, 7], [0, 2], [9, 8], [0, 4], [9, 9], [0, 6]];
  for (const [i, [x, y]] of moves.entries()) await play(page, x, y, i + 1);
  await page.waitForSelector('.gm-forbidden[data-x="9"][data-y="7"][data-kind="double_three"]');
  await hoverPoint(page, 9, 7);
  await page.waitForSelector('#gm-legend.active');
  assert.match(await page.textContent('#gm-legend'), /double-three/);
  await clickPoint(page, 9, 7);
  await page.waitForSelector('#gm-notice:not([hidden])');
  assert.match(await page.textContent('#gm-notice'), /double-three/);
  assert.equal(await stones(page), 8, 'the forbidden stone was not placed');
  await screenshot(page, 'gomoku-renju-forbidden');
  assert.deepEqual(problemsBesides(page, [422]), []);
  await page.close();
});

test('a game is saved after every move, survives a reload, and another tab follows it', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pvp', size: '19' });
  await play(page, 9, 9, 1);
  await play(page, 10, 10, 2);
  const url = page.url();
  await page.reload();
  await page.waitForSelector('main[data-game-ready]');
  await waitStones(page, 2);
  assert.equal(page.url(), url);
  assert.equal(await page.locator('.gm-star').count(), 9, 'a 19x19 board has nine star points');

  const other = await openPage(browser, new URL(url).pathname + new URL(url).search);
  await waitStones(other, 2);
  await play(other, 3, 3, 3);
  // The server tells the first tab, which shows the move without being asked.
  await waitStones(page, 3);
  await page.waitForSelector('.gm-saves-table tr.current');
  const row = await page.textContent('.gm-saves-table tr.current');
  assert.match(row, /Freestyle 19×19/);
  assert.match(row, /In progress/);
  await screenshot(page, 'gomoku-saves');
  const id = await page.getAttribute('.gm-saves-table tr.current', 'data-id');
  page.once('dialog', (d) => d.accept());
  await page.click('.gm-saves-table tr.current .gm-delete');
  await page.waitForFunction((gone) => !document.querySelector(`.gm-saves-table tr[data-id="${gone}"]`), id);
  await waitStones(page, 0);
  const response = await fetch(`${BASE_URL}/api/gomoku/games/${id}`);
  assert.equal(response.status, 404, 'the deleted game is gone from the server');
  assert.deepEqual(page.problems, []);
  assert.deepEqual(other.problems, []);
  await other.close();
  await page.close();
});

test('a finished game replays step by step and by autoplay, and its record imports again', async () => {
  const page = await openPage(browser, '/gomoku/');
  await newGame(page, { mode: 'pvp', rule: 'standard' });
  let n = 0;
  for (let y = 3; y < 7; y++) {
    await play(page, 4, y, ++n);
    await play(page, 6, y, ++n);
  }
  await play(page, 4, 7, ++n);
  await page.waitForSelector('#gm-banner:not([hidden])');
  await page.click('#gm-replay-open');
  await page.waitForSelector('#gm-replay:not([hidden])');
  await waitStones(page, 0);
  await page.click('#gm-rp-next');
  await page.click('#gm-rp-next');
  await waitStones(page, 2);
  await page.click('#gm-rp-prev');
  await waitStones(page, 1);
  assert.match(await page.textContent('#gm-rp-pos'), /Move 1 of 9/);
  await page.selectOption('#gm-rp-speed', 'fast');
  await page.click('#gm-rp-play');
  await waitStones(page, 9);
  await page.waitForSelector('.gm-win-mark');
  await screenshot(page, 'gomoku-replay');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gm-export-psq')]);
  assert.match(download.suggestedFilename(), /^gomoku-\d+\.psq$/);
  assert.match(await page.textContent('#gm-record-out'), /^Piskvorky 15x15, 11:11, 0\n5,4,0\n7,4,0\n/);
  await page.click('#gm-export-coords');
  await page.waitForFunction(() => /^[a-o]\d/.test(document.querySelector('#gm-record-out').textContent));
  const record = await page.textContent('#gm-record-out');
  assert.equal(record, 'e12g12e11g11e10g10e9g9e8');
  await page.click('#gm-rp-exit');
  await page.click('#gm-import-open');
  await page.fill('#gm-import-form textarea', 'h8 i9 zz');
  await page.click('#gm-import-go');
  await page.waitForSelector('#gm-import-error:not([hidden])');
  await page.fill('#gm-import-form textarea', record);
  await page.selectOption('#gm-import-form select[name=rule]', 'standard');
  await page.click('#gm-import-go');
  await page.waitForSelector('#gm-replay:not([hidden])');
  await page.click('#gm-rp-last');
  await waitStones(page, 9);
  await page.waitForSelector('.gm-win-mark');
  assert.deepEqual(problemsBesides(page, [422]), []);
  await page.close();
});

test('the page is in Chinese for a Chinese browser and fits a phone', async () => {
  // The moves are played over the API by one player (its cookie); the page opens as a spectator.
  const response = await fetch(`${BASE_URL}/api/gomoku/games`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'pvp' }),
  });
  const cookie = response.headers.getSetCookie()[0].split(';')[0];
  const created = await response.json();
  let game = created;
  for (const [x, y] of [[7, 7], [8, 8], [6, 8], [8, 6], [8, 7]]) {
    game = await fetch(`${BASE_URL}/api/gomoku/games/${game.id}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ revision: game.revision, x, y }),
    }).then((r) => r.json());
  }
  const page = await openPage(browser, `/gomoku/?game=${created.id}`, { locale: 'zh-CN', width: 390, height: 844 });
  await page.waitForSelector('main[data-game-ready]');
  await waitStones(page, 5);
  assert.equal(await page.textContent('#gm-status'), '轮到白方落子');
  assert.equal(await page.textContent('main h1'), '五子棋');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'nothing sticks out sideways at phone width');
  await screenshot(page, 'gomoku-zh-phone');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an unknown ?game= is said instead of silently offering a new game', async () => {
  const page = await openPage(browser, '/gomoku/?game=987654321', { locale: 'en-US' });
  await page.waitForSelector('#gm-notice:not([hidden])', { state: 'attached' });
  assert.match(await page.textContent('#gm-notice'), /There is no game 987654321/);
  await page.close();
});

test('the move list beside the board names every move and shows the position after a clicked one', async () => {
  const page = await openPage(browser, '/gomoku/', { locale: 'en-US', width: 1280, height: 800 });
  await page.waitForSelector('svg.gm-board');
  const made = await page.evaluate(async () => {
    const answer = await fetch('/api/gomoku/import', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'coords', text: 'h8 i9 j10 h9 h10 g10 i8 j8' }),
    });
    return answer.json();
  });
  await page.goto(`${BASE_URL}/gomoku/?game=${made.id}`);
  await page.waitForSelector('#gm-moves .mv');
  assert.deepEqual(await page.locator('#gm-moves .mv').allTextContents(), ['h8', 'i9', 'j10', 'h9', 'h10', 'g10', 'i8', 'j8']);
  assert.deepEqual(await page.locator('#gm-moves .num').allTextContents(), ['1.', '2.', '3.', '4.']);
  assert.equal(await page.getAttribute('#gm-moves .mv.current', 'data-ply'), '8', 'the last move is the one shown');
  // A click on the third move replays the game from there: three stones, the move marked.
  await page.click('#gm-moves .mv[data-ply="3"]');
  await page.waitForSelector('#gm-replay:not([hidden])');
  await waitStones(page, 3);
  assert.equal(await page.getAttribute('#gm-moves .mv.current', 'data-ply'), '3');
  // The keyboard steps on, and the list follows; a later click jumps within the replay.
  await page.keyboard.press('ArrowRight');
  await waitStones(page, 4);
  assert.equal(await page.getAttribute('#gm-moves .mv.current', 'data-ply'), '4');
  await page.click('#gm-moves .mv[data-ply="7"]');
  await waitStones(page, 7);
  assert.equal(await page.textContent('#gm-rp-pos'), 'Move 7 of 8');
  await screenshot(page, 'gomoku-move-list');
  assert.deepEqual(page.problems, []);
});

test('a hint rings the engine\'s move for the person, until the person moves', async () => {
  const page = await openPage(browser, '/gomoku/', { locale: 'zh-CN' });
  await newGame(page, { mode: 'pve', human: 'black', level: '1' });
  await play(page, 7, 7, 1);
  await waitStones(page, 2);
  await page.waitForSelector('svg.gm-board.interactive');
  await page.click('#gm-hint');
  await page.waitForSelector('svg.gm-board .gm-hint');
  assert.match(await page.textContent('#gm-notice'), /^引擎建议下在 [a-o]\d{1,2}（棋盘上的蓝圈）。$/);
  await screenshot(page, 'gomoku-hint-zh');
  const [x, y] = await freePoint(page, [[8, 8], [6, 6], [8, 6], [6, 8]]);
  // At least 3 stones: the engine (level 1) may have answered already.
  await play(page, x, y, 3);
  assert.equal(await page.locator('svg.gm-board .gm-hint').count(), 0, 'the ring goes with the move');
  assert.deepEqual(page.problems, []);
});
