// The pages as a player meets them on a laptop (1280 × 800) and a phone (390 × 844), in both
// languages: the board, the side to move or the status, and the main controls are on the first
// screen; nothing sticks out sideways on a phone; the puzzle boards play from the keyboard; a
// server error is said in the page's language; a touch on Gomoku previews before it plays; axe-core
// finds no WCAG 2 A/AA fault (contrast, names of buttons and fields, roles) on any page.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { openGomokuDialog } from '../lib/boards.js';

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

/** Opens `path` in `locale` at the given size, with the language chosen (earlier tests may have switched it). */
async function open(path, locale, width, height) {
  const page = await openPage(browser, path, { locale, width, height });
  await page.evaluate((lang) => localStorage.setItem('qipan.lang', lang), locale === 'zh-CN' ? 'zh-CN' : 'en');
  await page.reload();
  return page;
}

/** Each page made ready to play, and what must be on its first screen. */
const PAGES = {
  xiangqi: {
    ready: async (page) => { await page.waitForSelector('body[data-ready="true"]'); },
    visible: ['#board', '#status', '.xq-actions', '#top-player', '#bottom-player', '#record', '.xq-replay'],
    title: { 'zh-CN': '象棋 · qipan', en: 'Xiangqi · qipan' },
  },
  'xiangqi-analysis': {
    path: '/xiangqi/analysis.html',
    ready: async (page) => {
      await page.waitForSelector('body[data-ready="true"]');
      await page.waitForSelector('#engine-lines li');
    },
    visible: ['#board', '#eval-bar', '#status', '#analyse', '#engine-lines', '#tree', '.xq-replay'],
    title: { 'zh-CN': '象棋分析 · qipan', en: 'Xiangqi analysis · qipan' },
  },
  gomoku: {
    ready: async (page) => {
      await openGomokuDialog(page);
      await page.check('#gm-new-form input[name=mode][value=pvp]');
      await page.click('#gm-new-start');
      await page.waitForFunction(() => /\?game=\d+/.test(location.href));
    },
    visible: ['svg.gm-board', '#gm-status', '#gm-controls', '#gm-p-black'],
    title: { 'zh-CN': '五子棋 · qipan', en: 'Gomoku · qipan' },
  },
  link: {
    ready: async (page) => {
      await page.waitForFunction(() => document.querySelectorAll('#level option').length === 10);
      await page.selectOption('#level', '10'); // the largest board, 8 × 18
      await page.click('#start');
      await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 144);
    },
    visible: ['#board', '.link-result', '#start', '#hint', '#time'],
    title: { 'zh-CN': '连连看 · qipan', en: 'Lianliankan · qipan' },
  },
  knight: {
    ready: async (page) => { await page.waitForSelector('#board rect.cell'); },
    visible: ['#board', '#status', '#new-board', '#undo', '#hint'],
    title: { 'zh-CN': '马踏棋盘 · qipan', en: "Knight's tour · qipan" },
  },
  tromino: {
    ready: async (page) => { await page.waitForSelector('#board .missing'); },
    visible: ['#board', '#status', '#tray', '#rotate', '#undo'],
    title: { 'zh-CN': '棋盘覆盖 · qipan', en: 'Tromino tiling · qipan' },
  },
};

for (const locale of ['zh-CN', 'en']) {
  test(`at 1280 × 800 (${locale}) every page shows its board, status and controls without scrolling`, async () => {
    for (const [game, spec] of Object.entries(PAGES)) {
      const page = await open(spec.path || `/${game}/`, locale, 1280, 800);
      await spec.ready(page);
      await page.waitForTimeout(200); // the layout settles after the first drawing
      for (const selector of spec.visible) {
        const box = await page.locator(selector).first().boundingBox();
        assert.ok(box, `${game}: ${selector} is shown`);
        assert.ok(box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280,
          `${game} (${locale}): ${selector} ends at y=${Math.round(box.y + box.height)}, below the 800 px fold`);
      }
      assert.equal(await page.title(), spec.title[locale], `${game}: the title follows the language`);
      await screenshot(page, `screen-${game}-1280-${locale}`);
      assert.deepEqual(page.problems, [], `${game}: ${page.problems}`);
      await page.close();
    }
  });

  test(`at 390 × 844 (${locale}) no page sticks out sideways and the boards are big enough to tap`, async () => {
    for (const [game, spec] of Object.entries(PAGES)) {
      const page = await open(spec.path || `/${game}/`, locale, 390, 844);
      await spec.ready(page);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `${game}: nothing is wider than the phone`);
      const board = await page.locator(spec.visible[0]).first().boundingBox();
      assert.ok(board.width >= 330, `${game}: the board takes the phone's width (${board.width} px)`);
      if (game === 'link') {
        // 8 × 18 is drawn turned on a phone: 8 tiles across, each a fingertip wide.
        const tile = await page.locator('#board .tile .tile-face').first().boundingBox();
        assert.ok(tile.width >= 34, `a tile is ${tile.width.toFixed(1)} px wide`);
      }
      await screenshot(page, `screen-${game}-390-${locale}`);
      assert.deepEqual(page.problems, [], `${game}: ${page.problems}`);
      await page.close();
    }
  });
}

test('the tromino tray stays at the bottom of a phone screen while the board is in view', async () => {
  const page = await open('/tromino/', 'en', 390, 844);
  await page.waitForSelector('#board .missing');
  await page.selectOption('#size', '16');
  await page.click('#new-random');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 256);
  await page.mouse.wheel(0, 200);
  await page.waitForTimeout(200);
  const tray = await page.locator('#tray').boundingBox();
  const board = await page.locator('#board').boundingBox();
  assert.ok(tray.y + tray.height <= 844, `the tray ends at ${tray.y + tray.height}`);
  assert.ok(board.y < 844 && board.y + board.height > 0, 'the board is in view');
  await screenshot(page, 'screen-tromino-tray-phone');
  await page.close();
});

test('a touch on the Gomoku board previews the stone, a second touch on it plays', async () => {
  const page = await open('/gomoku/', 'en', 390, 844);
  await PAGES.gomoku.ready(page);
  // A finger: a touch pointerdown, then the click it makes, at the centre point h8.
  const touch = () => page.evaluate(() => {
    const svg = document.querySelector('svg.gm-board');
    const box = svg.getBoundingClientRect();
    const [clientX, clientY] = [box.left + box.width / 2, box.top + box.height / 2];
    svg.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true, clientX, clientY }));
    svg.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX, clientY }));
  });
  await touch();
  await page.waitForSelector('svg.gm-board .gm-ghost, svg.gm-board .gm-cursor');
  assert.equal(await page.locator('.gm-stone').count(), 0, 'the first touch only previews');
  await touch();
  await page.waitForFunction(() => document.querySelectorAll('.gm-stone').length === 1);
  await screenshot(page, 'screen-gomoku-touch');
  await page.close();
});

test('the knight, tromino and Lianliankan boards play from the keyboard, the focus kept', async () => {
  const page = await open('/knight/', 'en', 1280, 800);
  await page.selectOption('#size', '5x5');
  await page.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 25);
  await page.focus('#board');
  // From the top-left corner: the cursor reads out; Enter starts the tour at a1 (bottom-left).
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await page.textContent('#board-cursor'), 'Column 1, row 1: press Enter to start here');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board text.knight');
  await page.waitForFunction(() => document.querySelector('#board-cursor').textContent.includes('the knight is here'));
  // a1 → b3: one right, two up.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.textContent('#board-cursor'), 'Column 2, row 3: the knight can move here');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#board text.step').length === 1);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the focus stays on the board');
  await screenshot(page, 'keyboard-knight');
  await page.close();

  const tromino = await open('/tromino/', 'en', 1280, 800);
  await tromino.waitForSelector('#board .missing');
  await tromino.selectOption('#size', '4');
  // The special square chosen from the keyboard: the lower-left corner (Enter in choose mode).
  await tromino.click('#choose-square');
  await tromino.focus('#board');
  for (let i = 0; i < 4; i++) await tromino.keyboard.press('ArrowDown');
  await tromino.keyboard.press('Home');
  assert.equal(await tromino.textContent('#board-cursor'), 'Column 1, row 1: press Enter to put the special square here');
  await tromino.keyboard.press('Enter');
  await tromino.waitForFunction(() => document.querySelectorAll('#board rect.cell').length === 16
    && document.querySelector('#board rect.missing')?.getAttribute('x') === '0'
    && document.querySelector('#board rect.missing')?.getAttribute('y') === '3');
  assert.equal(await tromino.isDisabled('#undo'), true, 'nothing to undo on an empty board');
  // The first step of divide and conquer: the L in the centre, open towards the special square's
  // quadrant (shapes are named by their empty corner: lower-left here).
  await tromino.click('#tray button[data-shape="ll"]');
  await tromino.focus('#board');
  await tromino.keyboard.press('ArrowRight'); // the box's lower-left corner: column 2, row 2
  await tromino.keyboard.press('ArrowUp');
  assert.match(await tromino.textContent('#board-cursor'), /^Column 2, row 2: free/);
  await tromino.waitForSelector('#board .ghost:not(.bad)');
  await tromino.keyboard.press('Enter');
  await tromino.waitForFunction(() => document.querySelectorAll('#board path.piece').length === 1);
  assert.equal(await tromino.evaluate(() => document.activeElement.id), 'board');
  await tromino.keyboard.press('ArrowRight');
  assert.equal(await tromino.textContent('#board-cursor'), 'Column 3, row 2: covered by a tromino');
  assert.equal(await tromino.isDisabled('#undo'), false);
  await screenshot(tromino, 'keyboard-tromino');
  await tromino.close();

  const link = await open('/link/', 'en', 1280, 800);
  await link.waitForFunction(() => document.querySelectorAll('#level option').length === 10);
  await link.selectOption('#level', '1');
  await link.click('#start');
  await link.waitForFunction(() => document.querySelectorAll('#board .tile').length === 48);
  await link.focus('#board');
  await link.keyboard.press('ArrowRight');
  await link.keyboard.press('ArrowLeft');
  assert.match(await link.textContent('#board-cursor'), /, column 1, row 1$/);
  await link.keyboard.press('Enter');
  await link.waitForSelector('#board .tile.selected[data-x="0"][data-y="0"]');
  assert.match(await link.textContent('#board-cursor'), /\(selected\)$/);
  await link.keyboard.press('Escape');
  await link.waitForFunction(() => !document.querySelector('#board .tile.selected'));
  await screenshot(link, 'keyboard-link');
  await link.close();
});

test('a server error is said in the page language by its code, never in the server\'s English', async () => {
  const page = await open('/tromino/', 'zh-CN', 1280, 800);
  await page.waitForSelector('#board .missing');
  await page.route('**/api/tromino/games', (route) => route.fulfill({
    status: 422,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'mystery_refusal', message: 'an English sentence' } }),
  }));
  await page.click('#new-random');
  await page.waitForSelector('#status.error');
  assert.equal(await page.textContent('#status'), '服务器拒绝了这个操作（代码 mystery_refusal）。');
  await page.evaluate(() => localStorage.setItem('qipan.lang', 'en'));
  await page.click('#lang-switch');
  await page.click('#lang-switch'); // back to English: the same refusal, now the server's words
  await page.click('#new-random');
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'an English sentence');
  await page.close();
});

test('sounds are off by default, turned on by the switch, remembered, and a move makes one', async () => {
  const page = await open('/gomoku/', 'zh-CN', 1280, 800);
  // Count the sounds made: every one starts at least one audio source.
  await page.addInitScript(() => {
    window.soundsMade = 0;
    for (const Node of [AudioBufferSourceNode, OscillatorNode]) {
      const start = Node.prototype.start;
      Node.prototype.start = function counted(...args) { window.soundsMade += 1; return start.apply(this, args); };
    }
  });
  await page.reload();
  await PAGES.gomoku.ready(page);
  assert.equal(await page.textContent('#gm-sound'), '声音：关');
  const { clickStone, stonesAre } = await import('../lib/boards.js');
  await clickStone(page, 7, 7);
  await stonesAre(page, 1);
  assert.equal(await page.evaluate(() => window.soundsMade), 0, 'silent while off');
  await page.click('#gm-sound');
  assert.equal(await page.getAttribute('#gm-sound', 'aria-pressed'), 'true');
  assert.equal(await page.textContent('#gm-sound'), '声音：开');
  const afterSwitch = await page.evaluate(() => window.soundsMade);
  await clickStone(page, 8, 8);
  await stonesAre(page, 2);
  assert.ok(await page.evaluate((n) => window.soundsMade > n, afterSwitch), 'the move was heard');
  await page.reload();
  await page.waitForSelector('main[data-game-ready]');
  assert.equal(await page.getAttribute('#gm-sound', 'aria-pressed'), 'true', 'the choice is remembered');
  await page.click('#gm-sound'); // off again for the other tests
  await page.close();
});

/** axe-core, the accessibility checker, run in the page (evaluated over the debugging protocol,
 * so the page's Content-Security-Policy does not stop it). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

for (const locale of ['zh-CN', 'en']) {
  test(`axe-core finds no WCAG 2 A/AA fault on any page (${locale}): contrast, names, roles`, async () => {
    const pages = { home: { path: '/', ready: async (page) => { await page.waitForSelector('.game-card'); } },
      lobby: { path: '/lobby/', ready: async (page) => { await page.waitForTimeout(500); } } };
    for (const [game, spec] of Object.entries(PAGES)) pages[game] = { path: spec.path || `/${game}/`, ready: spec.ready };
    for (const [name, spec] of Object.entries(pages)) {
      const page = await open(spec.path, locale, 1280, 800);
      await spec.ready(page);
      await page.evaluate(AXE);
      const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }));
      const faults = result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      assert.deepEqual(faults, [], `${name} (${locale})`);
      await page.close();
    }
  });
}
