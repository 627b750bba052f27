// Players as people meet them: a guest on first visit, a chosen name, an account signed into from
// a second browser, and another player's browser that may watch a game but not move in it.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

let alice;
let bob;

before(async () => { alice = await launchBrowser(); bob = await launchBrowser(); });
after(async () => { await alice?.close(); await bob?.close(); });

/** Console lines other than the browser's own report of an expected error status. */
function problemsBesides(page, statuses) {
  const expected = (line) => statuses.some((s) => line.includes(`status of ${s} `));
  return page.problems.filter((line) => !expected(line));
}

async function chipText(page) {
  return (await page.textContent('#player-chip')).trim();
}

test('a guest takes a name, claims an account and signs in from a second browser', async () => {
  const page = await openPage(alice, '/me/', { locale: 'zh-CN' });
  await page.waitForSelector('main[data-ready="true"]');
  assert.match(await chipText(page), /^游客 [0-9a-f]{4}$/);
  assert.equal(await page.textContent('main h1'), '我的资料');

  await page.fill('#name-input', '  小明 ');
  await page.click('#name-form button[type="submit"]');
  await page.waitForFunction(() => document.getElementById('player-chip').textContent === '小明');
  assert.equal(await page.textContent('#me-message'), '已保存。');

  await page.fill('#claim-username', 'xiaoming');
  await page.fill('#claim-password', 'short');
  await page.click('#claim-form button[type="submit"]');
  await page.waitForSelector('#me-message.bad');
  assert.equal(await page.textContent('#me-message'), '密码需要 8 到 256 个字符。');
  await page.fill('#claim-password', 'correct horse');
  await page.click('#claim-form button[type="submit"]');
  await page.waitForSelector('#account-owned:not([hidden])');
  assert.equal(await page.isHidden('#account-claim'), true);
  await screenshot(page, 'me-zh');
  assert.deepEqual(problemsBesides(page, [422]), []);

  const other = await openPage(bob, '/me/', { locale: 'en-US', width: 390, height: 844 });
  await other.waitForSelector('main[data-ready="true"]');
  assert.match(await chipText(other), /^Guest [0-9a-f]{4}$/);
  await other.fill('#name-input', '小明');
  await other.click('#name-form button[type="submit"]');
  await other.waitForSelector('#me-message.bad');
  assert.match(await other.textContent('#me-message'), /Another player has this name/);
  await other.fill('#signin-username', 'xiaoming');
  await other.fill('#signin-password', 'wrong horse');
  await other.click('#signin-form button[type="submit"]');
  await other.waitForFunction(() => /No account/.test(document.getElementById('me-message').textContent));
  await other.fill('#signin-password', 'correct horse');
  await other.click('#signin-form button[type="submit"]');
  await other.waitForFunction(() => document.getElementById('player-chip').textContent === '小明');
  const overflow = await other.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'nothing sticks out sideways at phone width');
  await screenshot(other, 'me-en-phone');
  assert.deepEqual(problemsBesides(other, [401, 422]), []);

  // Signing out everywhere makes both browsers guests again.
  await page.click('#sign-out-everywhere');
  await page.waitForFunction(() => /^游客 /.test(document.getElementById('player-chip').textContent));
  await other.reload();
  await other.waitForSelector('main[data-ready="true"]');
  assert.match(await chipText(other), /^Guest [0-9a-f]{4}$/);
  await page.close();
  await other.close();
});

test("another player's browser watches my game but cannot move in it", async () => {
  const mine = await openPage(alice, '/xiangqi/', { locale: 'en-US' });
  await mine.waitForSelector('body[data-ready="true"]');
  const game = await mine.evaluate(async () => {
    const r = await fetch('/api/xiangqi/games', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode: 'pvp' }),
    });
    return r.json();
  });
  const theirs = await openPage(bob, `/xiangqi/?game=${game.id}`, { locale: 'zh-CN' });
  await theirs.waitForSelector('body[data-ready="true"]');
  await theirs.waitForSelector('#board .xq-piece');
  const refused = await theirs.evaluate(async ({ id, revision }) => {
    const r = await fetch(`/api/xiangqi/games/${id}/move`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ revision, move: 'h2e2' }),
    });
    return { status: r.status, body: await r.json() };
  }, { id: game.id, revision: game.revision });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error.code, 'not_your_game');
  const moved = await mine.evaluate(async ({ id, revision }) => {
    const r = await fetch(`/api/xiangqi/games/${id}/move`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ revision, move: 'h2e2' }),
    });
    return r.status;
  }, { id: game.id, revision: game.revision });
  assert.equal(moved, 200);
  assert.deepEqual(problemsBesides(theirs, [403]), []);
  await mine.close();
  await theirs.close();
});
