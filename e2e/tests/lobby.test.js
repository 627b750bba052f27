// The lobby in the browser: one player opens a rated Xiangqi seek, another (in Chinese) accepts
// it, both pages open the game, and they play it through the board to checkmate with the clocks
// running; the winner's rating rises on its player page. Then two players pair quickly for a
// timed Gomoku game and play it to five.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickSquare, clickStone, plyIs, stonesAre } from '../lib/boards.js';

let alice;
let bob;
before(async () => { [alice, bob] = await Promise.all([launchBrowser(), launchBrowser()]); });
after(async () => { await Promise.all([alice?.close(), bob?.close()]); });

test('a rated Xiangqi seek is accepted in the lobby and played to checkmate on the clock', async () => {
  const red = await openPage(alice, '/lobby/', { locale: 'en-US', width: 1280, height: 800 });
  await red.waitForSelector('body[data-ready="true"]');
  await red.selectOption('#seek-game', 'xiangqi');
  await red.selectOption('#seek-clock', 'f:300:3');
  await red.selectOption('#seek-color', 'red');
  await red.check('#seek-rated');
  await red.click('#seek-form button[type=submit]');
  await red.waitForSelector('#seeks tbody tr.mine');

  const black = await openPage(bob, '/lobby/', { locale: 'zh-CN', width: 1280, height: 800 });
  await black.waitForSelector('body[data-ready="true"]');
  const row = black.locator('#seeks tbody tr').first();
  assert.match(await row.textContent(), /1500\?.*象棋.*5 分 \+ 每步加 3 秒.*计分.*红方/);
  await screenshot(black, 'lobby-seek-zh');
  await row.locator('button').click();
  // Both pages open the game: the seeker's because the lobby's socket told it.
  await Promise.all([red.waitForURL(/\/xiangqi\/\?game=\d+/), black.waitForURL(/\/xiangqi\/\?game=\d+/)]);
  for (const page of [red, black]) await page.waitForSelector('body[data-ready="true"]');
  assert.equal(new URL(red.url()).search, new URL(black.url()).search);
  await red.waitForSelector('#bottom-clock:not([hidden])');
  assert.equal(await red.textContent('#bottom-clock'), '5:00');

  // A helpmate found by exhaustive search over the first five plies with qipan's own rules.
  const line = ['b2b4', 'd9e8', 'b4g4', 'c9a7', 'g4g9'];
  for (const [i, mv] of line.entries()) {
    const [mover, other, flipped] = i % 2 === 0 ? [red, black, false] : [black, red, true];
    await mover.waitForFunction(() => /^(Your move|轮到你走棋)/.test(document.getElementById('status').textContent), null, { timeout: 5000 });
    await clickSquare(mover, mv.slice(0, 2), flipped);
    await clickSquare(mover, mv.slice(2), flipped);
    await plyIs(mover, i + 1);
    await plyIs(other, i + 1);
    if (i === 1) {
      // Black's clock ran and was charged; Red's runs now.
      await red.waitForSelector('#bottom-clock.running');
      assert.match(await red.textContent('#top-clock'), /^5:0\d$/);
    }
  }
  await red.waitForFunction(() => document.getElementById('status').textContent.startsWith('Red wins · checkmate'), null, { timeout: 5000 });
  await black.waitForFunction(() => document.getElementById('status').textContent.startsWith('红方胜'), null, { timeout: 5000 });
  assert.equal(await red.getAttribute('#bottom-clock', 'class'), 'seat-clock', 'the clock stopped');
  await screenshot(black, 'lobby-mate-zh');

  // The winner's page shows its blitz rating up from 1500, with the game.
  const me = await red.evaluate(() => fetch('/api/me').then((r) => r.json()));
  await red.goto(`${new URL(red.url()).origin}/player/?id=${me.id}`);
  await red.waitForSelector('body[data-ready="true"]');
  const rating = await red.textContent('#ratings tbody tr');
  const value = Number(rating.match(/Blitz(\d+)\?/)[1]);
  assert.ok(value > 1500, rating);
  assert.match(await red.textContent('#games tbody tr'), /Xiangqi.*Rated.*Red won/);
  await red.waitForSelector('#chart polyline');
  await screenshot(red, 'player-page-en');
  await Promise.all([red.close(), black.close()]);
});

test('two players pair quickly for timed Gomoku and play to five', async () => {
  const first = await openPage(alice, '/lobby/', { locale: 'en-US', width: 1280, height: 800 });
  await first.waitForSelector('body[data-ready="true"]');
  await first.selectOption('#seek-game', 'gomoku:freestyle');
  await first.selectOption('#seek-clock', 'f:180:2');
  await first.click('#quick');
  await first.waitForFunction(() => document.getElementById('lobby-message').textContent.startsWith('Looking for an opponent'));
  const second = await openPage(bob, '/lobby/', { locale: 'en-US', width: 390, height: 844 });
  await second.waitForSelector('body[data-ready="true"]');
  await second.selectOption('#seek-game', 'gomoku:freestyle');
  await second.selectOption('#seek-clock', 'f:180:2');
  await second.click('#quick');
  await Promise.all([first.waitForURL(/\/gomoku\/\?game=\d+/), second.waitForURL(/\/gomoku\/\?game=\d+/)]);
  for (const page of [first, second]) {
    await page.waitForSelector('main[data-game-ready]');
    await page.waitForSelector('#gm-clock-black:not([hidden])');
  }
  // Whoever drew Black builds five; White answers along another row.
  const blackFirst = /You/.test(await first.textContent('#gm-p-black .gm-name'));
  const [black, white] = blackFirst ? [first, second] : [second, first];
  let n = 0;
  for (let i = 0; i < 4; i++) {
    await black.waitForSelector('svg.gm-board.interactive');
    await clickStone(black, 3 + i, 7);
    await stonesAre(white, ++n);
    await white.waitForSelector('svg.gm-board.interactive');
    await clickStone(white, 3 + i, 12);
    await stonesAre(black, ++n);
  }
  await white.waitForSelector('#gm-clock-black.running');
  await black.waitForSelector('svg.gm-board.interactive');
  await clickStone(black, 7, 7);
  for (const page of [black, white]) await page.waitForSelector('#gm-banner:not([hidden])', { timeout: 5000 });
  assert.match(await white.textContent('#gm-banner-text'), /Black wins with five in a row/);
  assert.equal(await white.getAttribute('#gm-clock-white', 'class'), 'seat-clock');
  await Promise.all([first.close(), second.close()]);
});
