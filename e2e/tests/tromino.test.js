// Tromino tiling: pick a board and its special square, place pieces (click and drag), see a
// refusal explained, finish, enter the leaderboard, and watch the demo.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** The client point at the centre of the 2x2 box whose lower-left square is (x, y). */
async function boxCentre(page, n, x, y) {
  const box = await page.locator('#board').boundingBox();
  return { x: box.x + ((x + 1) / n) * box.width, y: box.y + ((n - (y + 1)) / n) * box.height };
}

async function placeByClick(page, n, piece) {
  await page.click(`#tray button[data-shape="${piece.shape}"]`);
  const at = await boxCentre(page, n, piece.x, piece.y);
  const before = await page.locator('#board path.piece').count();
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((count) => document.querySelectorAll('#board path.piece').length > count, before);
}

test('a 4x4 board is chosen, played with a refusal and a drag, finished and ranked', async () => {
  const page = await openPage(browser, '/tromino/', { locale: 'en-US' });
  await page.waitForSelector('#board rect.cell');
  await page.selectOption('#size', '4');
  await page.click('#choose-square');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 16);
  await page.click('#board rect.cell[data-x="0"][data-y="0"]');
  await page.waitForSelector('#board rect.missing');

  // Walling off the corner (3, 3) is refused, with the reason.
  await page.click('#tray button[data-shape="ur"]');
  const wall = await boxCentre(page, 4, 2, 2);
  await page.mouse.click(wall.x, wall.y);
  await page.waitForSelector('#status.error');
  assert.match(await page.textContent('#status'), /no tromino can ever cover|cannot be covered|multiple of 3/);
  await screenshot(page, 'tromino-refused');

  await placeByClick(page, 4, { x: 1, y: 1, shape: 'll' });
  await placeByClick(page, 4, { x: 0, y: 0, shape: 'll' });
  await placeByClick(page, 4, { x: 2, y: 0, shape: 'ul' });
  await placeByClick(page, 4, { x: 0, y: 2, shape: 'lr' });
  // The last one by dragging it from the tray.
  const handle = await page.locator('#tray button[data-shape="ll"]').boundingBox();
  const target = await boxCentre(page, 4, 2, 2);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 8 });
  await page.mouse.up();
  await page.waitForSelector('#status.ok');
  assert.match(await page.textContent('#status'), /Done!/);

  await page.fill('#lb-name', 'Ada');
  await page.click('#lb-form button[type="submit"]');
  await page.waitForFunction(() => [...document.querySelectorAll('#lb-rows td')].some((td) => td.textContent === 'Ada'));
  await screenshot(page, 'tromino-finished');
  // The refused placement is a 422 answer, which the browser logs; nothing else may go wrong.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 422')), []);
  await page.close();
});

test('the demo animates the divide and conquer, in Chinese', async () => {
  const page = await openPage(browser, '/tromino/', { locale: 'zh-CN' });
  await page.waitForSelector('#board rect.cell');
  await page.selectOption('#size', '8');
  await page.click('#new-random');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 64);
  await page.$eval('#demo-speed', (input) => { input.value = '10'; });
  await page.click('#demo-play');
  await page.waitForFunction(() => document.querySelector('#demo-info').textContent.includes('深度'));
  await page.waitForSelector('#board line.split', { state: 'attached' });
  await screenshot(page, 'tromino-demo');
  await page.waitForFunction(() => document.querySelector('#demo-info').textContent.includes('演示完成'), null, { timeout: 15000 });
  assert.equal(await page.locator('#board path.piece').count(), 21);
  await page.click('#demo-stop');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('every side is offered; 3 | n and the sixteen bad 5x5 squares are explained', async () => {
  const page = await openPage(browser, '/tromino/', { locale: 'en-US' });
  await page.waitForSelector('#board rect.cell');
  const sides = await page.$$eval('#size option', (options) => options.map((o) => o.value));
  assert.deepEqual(sides, Array.from({ length: 31 }, (_, i) => String(i + 2)));

  // 6 x 6 cannot be tiled: the page says why and offers no game.
  await page.selectOption('#size', '6');
  assert.match(await page.textContent('#why'), /35 squares.*leaves 2 when divided by 3/);
  assert.equal(await page.isDisabled('#new-random'), true);
  assert.match(await page.textContent('#size option[value="9"]'), /cannot be tiled/);

  // 5 x 5: the nine good squares are marked when choosing; a bad one is refused with the reason.
  await page.selectOption('#size', '5');
  assert.match(await page.textContent('#why'), /9 squares with both coordinates even/);
  await page.click('#choose-square');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.good-square').length === 9);
  await screenshot(page, 'tromino-five-good-squares');
  await page.click('#board rect.cell[data-x="1"][data-y="0"]');
  await page.waitForSelector('#status.error');
  assert.match(await page.textContent('#status'), /both coordinates of the special square are even/);
  await page.click('#board rect.cell[data-x="2"][data-y="2"]');
  await page.waitForSelector('#board rect.missing');
  assert.equal(await page.locator('#board rect.cell').count(), 25);
  // The special square's mark is not Chinese in the English page.
  assert.equal(await page.textContent('#board text.missing-mark'), '★');

  // 7 x 7 plays like any other board.
  await page.selectOption('#size', '7');
  await page.click('#new-random');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 49);
  assert.equal(await page.isVisible('#why'), false);
  await page.close();
});

test('how it works: the recursion steps back and forth with its tree, quadrant and pseudo-code', async () => {
  const page = await openPage(browser, '/tromino/', { locale: 'en-US' });
  await page.waitForSelector('#board rect.cell');
  await page.selectOption('#size', '8');
  await page.click('#choose-square');
  await page.click('#board rect.cell[data-x="0"][data-y="0"]');
  await page.waitForSelector('#board rect.missing');
  assert.equal(await page.locator('#demo-code li').count(), 5);

  // The first frame splits the whole board; the quadrant holding the hole (lower left) is marked.
  await page.click('#demo-forward');
  await page.waitForSelector('#board rect.hole-quadrant');
  assert.match(await page.textContent('#demo-info'), /Step 1\/21 · depth 0: split the 8×8 block/);
  assert.match(await page.textContent('#demo-code li.running'), /split the block into four quadrants/);
  const quadrant = await page.$eval('#board rect.hole-quadrant', (r) => [r.getAttribute('x'), r.getAttribute('y'), r.getAttribute('width')]);
  assert.deepEqual(quadrant, ['0', '4', '4']);
  assert.equal(await page.locator('#demo-tree li').count(), 21);
  assert.equal(await page.textContent('#demo-tree li.current'), 'tile 8×8 @ (0, 0)');

  // The second places the central tromino; the third descends into the lower-left quadrant.
  await page.click('#demo-forward');
  await page.waitForSelector('#board path.placed');
  assert.match(await page.textContent('#demo-code li.running'), /place an L-tromino/);
  await page.click('#demo-forward');
  await page.waitForFunction(() => document.querySelector('#demo-tree li.current')?.textContent === 'tile 4×4 @ (0, 0)');
  assert.equal(await page.locator('#demo-tree li.ancestor').count(), 1);
  await screenshot(page, 'tromino-how-it-works');
  // And back.
  await page.click('#demo-back');
  await page.waitForSelector('#board path.placed');
  assert.equal(await page.textContent('#demo-tree li.current'), 'tile 8×8 @ (0, 0)');
  assert.deepEqual(page.problems, []);
  await page.close();
});
