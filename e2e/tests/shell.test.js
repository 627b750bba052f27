// The house: the home page in both languages, every game's page, the language switch, health,
// and the home page's "continue" and recent games.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BASE_URL, launchBrowser, openPage, screenshot } from '../lib/browser.js';

const GAMES = ['xiangqi', 'gomoku', 'link', 'knight', 'tromino'];
let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

test('the home page lists the five games in Chinese for a Chinese browser', async () => {
  const page = await openPage(browser, '/', { locale: 'zh-CN' });
  await page.waitForSelector('.game-card');
  assert.equal(await page.locator('.game-card').count(), 5);
  const names = await page.locator('.game-name').allTextContents();
  assert.deepEqual(names, ['象棋', '五子棋', '连连看', '马踏棋盘', '棋盘覆盖']);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await page.locator('.site-footer').textContent(), '棋盘 qipan：象棋、五子棋、连连看、马踏棋盘、棋盘覆盖',
    'the players\' footer carries no operator details (health and version are at /api/health)');
  await screenshot(page, 'home-zh');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the home page is in English for an English browser, and at phone width', async () => {
  const page = await openPage(browser, '/', { locale: 'en-GB', width: 390, height: 844 });
  await page.waitForSelector('.game-card');
  const names = await page.locator('.game-name').allTextContents();
  assert.deepEqual(names, ['Xiangqi', 'Gomoku', 'Lianliankan', "Knight's tour", 'Tromino tiling']);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'nothing sticks out sideways at phone width');
  await screenshot(page, 'home-en-phone');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the language switch changes the text and is remembered', async () => {
  const page = await openPage(browser, '/', { locale: 'en-US' });
  await page.waitForSelector('.game-card');
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('.game-name')?.textContent === '象棋');
  assert.equal(await page.title(), '棋盘 qipan', 'the title follows the language');
  await page.reload();
  await page.waitForSelector('.game-card');
  assert.equal(await page.locator('.game-name').first().textContent(), '象棋');
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('.game-name')?.textContent === 'Xiangqi');
  assert.equal(await page.title(), 'qipan — Chinese board games and puzzles');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('every game link opens its page', async () => {
  const page = await openPage(browser, '/', { locale: 'en-US' });
  for (const game of GAMES) {
    await page.goto(`${BASE_URL}/`);
    await page.waitForSelector(`.game-card[data-game="${game}"]`);
    await page.click(`.game-card[data-game="${game}"]`);
    await page.waitForURL(`${BASE_URL}/${game}/`);
    await page.waitForSelector('main h1, main [data-game-ready]');
    const heading = await page.locator('main h1').first().textContent();
    assert.ok(heading && heading.trim().length > 0, `${game} page has a heading`);
    const titles = { xiangqi: 'Xiangqi', gomoku: 'Gomoku', link: 'Lianliankan', knight: "Knight's tour", tromino: 'Tromino tiling' };
    assert.equal(await page.title(), `${titles[game]} · qipan`, `${game}: the title is in English`);
    await screenshot(page, `page-${game}`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('health answers with the version and database status', async () => {
  const response = await fetch(`${BASE_URL}/api/health`);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.status, 'ok');
  assert.equal(body.database.writable, true);
  assert.equal(body.database.integrity, 'ok');
  assert.match(body.version, /^\d+\.\d+\.\d+/);
});

test('an unknown API path is a JSON 404', async () => {
  const response = await fetch(`${BASE_URL}/api/nope`);
  assert.equal(response.status, 404);
  const body = await response.json();
  assert.equal(body.error.code, 'not_found');
});

test('the home page offers to continue the last game and lists the recent ones, not empty ones', async () => {
  const page = await openPage(browser, '/knight/', { locale: 'zh-CN' });
  await page.evaluate(() => localStorage.setItem('qipan.lang', 'zh-CN')); // the switch test left English
  await page.reload();
  await page.selectOption('#size', '6x6');
  await page.locator('#board rect.cell[data-x="0"][data-y="0"]').click();
  await page.waitForSelector('#board text.knight');
  await page.locator('#board rect.reachable').first().click();
  await page.waitForFunction(() => document.querySelectorAll('#board text.step').length === 1);
  const id = await page.evaluate(() => localStorage.getItem('qipan.knight.game'));
  // A game with no move yet is no recent game.
  await page.goto(`${BASE_URL}/tromino/`);
  await page.waitForSelector('#board .missing');

  await page.goto(`${BASE_URL}/`);
  await page.waitForSelector('#recent:not([hidden]) #continue');
  assert.equal(await page.textContent('#continue'), '继续：马踏棋盘 · 6x6 · 1 步');
  assert.equal(await page.getAttribute('#continue', 'href'), `/knight/?game=${id}`);
  const listed = await page.locator('#recent-list a').allTextContents();
  assert.ok(listed.every((text) => !text.startsWith('棋盘覆盖')), `no empty tromino game listed: ${listed}`);
  await screenshot(page, 'home-continue-zh');
  await page.click('#continue');
  await page.waitForFunction(() => document.querySelectorAll('#board text.step').length === 1);
  assert.equal(await page.locator('#board text.knight').count(), 1, 'the game is resumed from the link');

  // A game in the address that is not there is said, in the page's language.
  await page.goto(`${BASE_URL}/knight/?game=999999`);
  await page.waitForFunction(() => document.querySelector('#status').textContent.includes('999999'));
  assert.equal(await page.textContent('#status'), '找不到地址中的对局 #999999：它可能已被删除，或链接有误。');
  assert.deepEqual(page.problems.filter((p) => !p.includes('404')), []);
  await page.close();
});
