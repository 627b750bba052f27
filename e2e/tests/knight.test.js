// Knight's tour: choose a board and a start square, move by clicking, undo, take hints, finish a
// tour the server verifies, enter the leaderboard, and watch the auto-solve (which, like too many
// hints, keeps the game off the leaderboard).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const cell = (x, y) => `#board rect.cell[data-x="${x}"][data-y="${y}"]`;

/** The rest of an open tour of a cols x rows board after `trail`, by plain backtracking (the
 * player's own knowledge: the test does not ask the server). */
function restOfTour(cols, rows, trail) {
  const seen = new Set(trail.map(([x, y]) => `${x},${y}`));
  const path = [...trail];
  const jumps = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
  const next = ([x, y]) => jumps.map(([dx, dy]) => [x + dx, y + dy])
    .filter(([a, b]) => a >= 0 && b >= 0 && a < cols && b < rows && !seen.has(`${a},${b}`));
  const extend = () => {
    if (path.length === cols * rows) return true;
    for (const square of next(path[path.length - 1])) {
      seen.add(`${square}`); path.push(square);
      if (extend()) return true;
      seen.delete(`${square}`); path.pop();
    }
    return false;
  };
  assert.ok(extend(), 'a tour exists');
  return path.slice(trail.length);
}

test('a 5x5 tour is started, undone, helped by two hints, completed and ranked', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'en-US' });
  await page.selectOption('#size', '5x5');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 25);
  await page.click(cell(0, 0));
  await page.waitForSelector('#board text.knight');
  assert.equal(await page.locator('#board rect.reachable').count(), 2);

  // A square out of reach does nothing; a reachable one moves; undo takes it back.
  await page.click(cell(1, 1));
  assert.equal(await page.locator('#board text.step').count(), 0);
  await page.click(cell(1, 2));
  await page.waitForSelector('#board text.step');
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#board text.step').length === 0);

  const trail = [[0, 0]];
  for (let move = 1; move <= 2; move++) {
    await page.click('#hint');
    await page.waitForSelector('#board rect.cell.hint');
    const hinted = await page.$eval('#board rect.cell.hint', (r) => [Number(r.dataset.x), Number(r.dataset.y)]);
    await page.click('#board rect.cell.hint');
    await page.waitForFunction((n) => document.querySelectorAll('#board text.step').length === n, move);
    trail.push(hinted);
  }
  for (const [x, y] of restOfTour(5, 5, trail)) {
    const steps = await page.locator('#board text.step').count();
    await page.click(cell(x, y));
    await page.waitForFunction((n) => document.querySelectorAll('#board text.step').length === n, steps + 1);
  }
  await page.waitForSelector('#status.ok');
  assert.match(await page.textContent('#status'), /verified/);
  // A finished tour has nothing to hint or undo: the buttons say so by being disabled.
  assert.equal(await page.isDisabled('#hint'), true);
  assert.equal(await page.isDisabled('#undo'), true);
  await page.fill('#lb-name', 'Ada');
  await page.click('#lb-form button[type="submit"]');
  await page.waitForFunction(() => [...document.querySelectorAll('#lb-rows td')].some((td) => td.textContent === 'Ada'));
  await screenshot(page, 'knight-finished');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a second tab shows the moves of the first at once, and the other way round', async () => {
  const first = await openPage(browser, '/knight/', { locale: 'en-US' });
  await first.selectOption('#size', '6x6');
  await first.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 36);
  await first.click(cell(0, 0));
  await first.waitForSelector('#board text.knight');
  // The second tab resumes the same saved game (the browser remembers it).
  const second = await openPage(browser, '/knight/', { locale: 'en-US' });
  await second.waitForSelector('#board text.knight');
  await first.click(cell(1, 2));
  await second.waitForFunction(() => document.querySelectorAll('#board text.step').length === 1, null, { timeout: 5000 });
  await second.click(cell(3, 3));
  await first.waitForFunction(() => document.querySelectorAll('#board text.step').length === 2, null, { timeout: 5000 });
  // No 409 was needed: the page was up to date before the move.
  assert.doesNotMatch(await first.textContent('#status'), /another window/);
  await screenshot(second, 'knight-second-tab');
  assert.deepEqual(first.problems, []);
  assert.deepEqual(second.problems, []);
  await first.close();
  await second.close();
});

test('auto-solve animates a closed tour of the Xiangqi board, in Chinese', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'zh-CN' });
  await page.selectOption('#size', '9x10');
  await page.check('#closed');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 90);
  await page.click(cell(4, 4));
  await page.waitForSelector('#board text.knight');
  assert.match(await page.textContent('#status'), /点击绿色格子/);
  await page.$eval('#solve-speed', (input) => { input.value = '60'; });
  await page.click('#solve-play');
  await page.waitForFunction(() => document.querySelector('#solve-info').textContent.includes('第'));
  await screenshot(page, 'knight-solving');
  await page.waitForFunction(() => document.querySelector('#solve-info').textContent.includes('演示完成'), null, { timeout: 20000 });
  assert.equal(await page.locator('#board text.step').count(), 89);
  await screenshot(page, 'knight-solved');
  await page.click('#solve-stop');
  await page.waitForSelector('#board rect.reachable');
  // The server marked the game: shown a whole tour, it can no longer be ranked.
  const id = await page.evaluate(() => localStorage.getItem('qipan.knight.game'));
  assert.ok(id, 'the page remembers its game');
  const saved = await page.evaluate(async (gameId) => (await fetch(`/api/knight/games/${gameId}`)).json(), id);
  assert.equal(saved.assisted, true);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a closed tour of 5x5 is explained as impossible by the hint and the auto-solve', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'en-US' });
  await page.selectOption('#size', '5x5');
  await page.check('#closed');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 25);
  await page.click(cell(2, 2));
  await page.waitForSelector('#board text.knight');
  await page.click('#hint');
  await page.waitForSelector('#status.error');
  assert.match(await page.textContent('#status'), /No tour can be completed from here/);
  await page.click('#solve-play');
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('Schwenk'));
  await screenshot(page, 'knight-no-closed-tour');
  // The refused auto-solve is a 422 answer, which the browser logs; nothing else may go wrong.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 422')), []);
  await page.close();
});

test('a custom rectangle is saved and resumed after a reload', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'zh-CN' });
  await page.selectOption('#size', 'custom');
  await page.fill('#cols', '6');
  await page.fill('#rows', '5');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 30);
  await page.click(cell(0, 0));
  await page.waitForSelector('#board rect.reachable');
  await page.click(cell(2, 1));
  await page.waitForSelector('#board text.step');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board text.step').length === 1);
  assert.equal(await page.locator('#board rect.cell').count(), 30);
  assert.equal(await page.inputValue('#size'), 'custom');
  assert.match(await page.textContent('#status'), /已走 2\/30 格/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the auto-solve shows Warnsdorff degrees of the candidates, steps back and forth, beside the rule', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'en-US' });
  await page.selectOption('#size', '5x5');
  await page.uncheck('#closed'); // an earlier test asked for closed tours, which 5x5 has none of
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 25);
  await page.click(cell(0, 0));
  await page.waitForSelector('#board text.knight');
  await page.$eval('#solve-speed', (input) => { input.value = '1'; });
  await page.click('#solve-play');
  await page.waitForSelector('#board rect.candidate', { state: 'attached' });
  // Step back to the start (a step pauses the animation).
  await page.click('#solve-back');
  for (let i = 0; i < 25 && !(await page.textContent('#solve-info')).startsWith('Move 1/'); i++) {
    await page.click('#solve-back');
  }
  // Back at the start: the two squares a knight reaches from a1, each with its degree.
  assert.match(await page.textContent('#solve-info'), /^Move 1\//);
  assert.equal(await page.locator('#board rect.candidate').count(), 2);
  assert.equal(await page.locator('#board rect.candidate.chosen').count(), 1);
  const degrees = await page.$$eval('#board text.degree', (texts) => texts.map((t) => Number(t.textContent)));
  // From a1 on 5x5 the knight reaches b3 and c2; each has 5 onward squares once a1 is taken
  // (b3: a5, c5, d4, d2, c1; c2: a3, b4, d4, e3, e1).
  assert.deepEqual(degrees, [5, 5]);
  assert.match(await page.textContent('#solve-code li.running'), /put the knight on the start square/);
  await page.click('#solve-forward');
  await page.waitForFunction(() => document.querySelector('#solve-info').textContent.startsWith('Move 2/'));
  assert.match(await page.textContent('#solve-code li.running'), /count its unvisited onward squares/);
  assert.match(await page.textContent('#solve-degrees'), /candidates for the next move; the smallest degree is \d/);
  await screenshot(page, 'knight-how-it-works');
  await page.close();
});
