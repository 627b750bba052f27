// Clocks in the browser: a timed game against a friend shows both clocks on both screens and to a
// spectator, the mover's clock counts down, and when the player to move closes its tab the flag
// falls on the server all the same: the other player and the spectator see the game won on time.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

let alice;
let bob;
let cy;
before(async () => { [alice, bob, cy] = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]); });
after(async () => { await Promise.all([alice?.close(), bob?.close(), cy?.close()]); });

const secondsOf = (text) => {
  const [m, s] = text.split('·')[0].trim().split(':');
  return Number(m) * 60 + Number(s);
};

test('a timed Gomoku game: clocks on every screen, and the flag falls with the loser\'s tab closed', async () => {
  const black = await openPage(alice, '/gomoku/', { locale: 'en-US', width: 1280, height: 800 });
  await black.waitForSelector('main[data-game-ready]');
  await black.waitForSelector('#gm-new-dialog[open]');
  await black.check('input[name=mode][value=friend]');
  await black.check('input[name=human][value=black]');
  const options = await black.$$eval('#gm-time-control option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.ok(options.some(([v, text]) => v === 'f:300:3' && text === '5 min + 3 s a move'), JSON.stringify(options));
  assert.ok(options.some(([v, text]) => v === 'g:600:60:30' && /Game 10 min · 60 s a move · then 30 s a move/.test(text)));
  await black.selectOption('#gm-time-control', 'f:300:3');
  await black.click('#gm-new-start');
  await black.waitForSelector('#gm-invite:not([hidden])');
  const link = await black.inputValue('#gm-invite-link');
  const id = link.match(/game=(\d+)/)[1];
  assert.equal(await black.textContent('#gm-clock-black'), '5:00');

  const white = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'zh-CN', width: 1280, height: 800 });
  await white.waitForSelector('main[data-game-ready]');
  await white.waitForSelector('#gm-clock-white:not([hidden])');
  const watcher = await openPage(cy, `/gomoku/?game=${id}`, { locale: 'en-US' });
  await watcher.waitForSelector('main[data-game-ready]');
  await watcher.waitForSelector('#gm-clock-black:not([hidden])');

  // Black's first stone starts White's clock, on White's screen and the spectator's.
  await black.waitForFunction(() => document.querySelector('#gm-status').textContent.startsWith('Your move'));
  await black.locator('svg.gm-board').click(); // its centre is the centre point
  for (const page of [white, watcher, black]) {
    await page.waitForSelector('#gm-clock-white.running', { timeout: 5000 });
  }
  await white.waitForTimeout(1200);
  const shown = secondsOf(await watcher.textContent('#gm-clock-white'));
  assert.ok(shown < 300 && shown >= 290, `the spectator sees White's clock run: ${shown}`);
  await screenshot(white, 'clock-gomoku-white-zh');
  await screenshot(watcher, 'clock-gomoku-watcher-en');
  await white.close();
  assert.equal(await black.textContent('#gm-clock-black'), '5:00', 'the mover was not charged for the first move');
});

test('a Xiangqi game on a 1-second clock: the player to move closes the tab and loses on time', async () => {
  // No preset is this short: the game is made through the API, as any client may.
  const red = await openPage(alice, '/xiangqi/', { locale: 'en-US', width: 1280, height: 800 });
  await red.waitForSelector('body[data-ready="true"]');
  const made = await red.evaluate(async () => {
    const post = (url, body) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const game = await post('/api/xiangqi/games', { mode: 'pvp', friend: true, side: 'red', clock: { kind: 'fischer', initial_seconds: 3 } });
    const invitation = await post(`/api/games/${game.id}/invitation`, {});
    return { id: game.id, path: invitation.path };
  });
  const black = await openPage(bob, made.path, { locale: 'zh-CN', width: 1280, height: 800 });
  await black.waitForSelector('body[data-ready="true"]');
  await black.waitForSelector('#top-clock:not([hidden])');
  await red.goto(`${new URL(red.url()).origin}/xiangqi/?game=${made.id}`);
  await red.waitForSelector('body[data-ready="true"]');
  const watcher = await openPage(cy, `/xiangqi/?game=${made.id}`, { locale: 'en-US' });
  await watcher.waitForSelector('body[data-ready="true"]');
  // Red moves; Black, to move, closes its tab.
  const moved = await red.evaluate(async (id) => {
    const game = await fetch(`/api/xiangqi/games/${id}`).then((r) => r.json());
    const r = await fetch(`/api/xiangqi/games/${id}/move`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ revision: game.revision, move: 'h2e2' }) });
    return r.status;
  }, made.id);
  assert.equal(moved, 200);
  await black.waitForSelector('#bottom-clock.running', { timeout: 5000 });
  await black.close();
  // Three seconds later the server ends it: both remaining screens say so without a click.
  for (const page of [red, watcher]) {
    await page.waitForFunction(() => document.getElementById('status').textContent.includes('on time'), null, { timeout: 8000 });
  }
  assert.match(await red.textContent('#status'), /Red wins/);
  assert.match(await watcher.textContent('#top-clock, #bottom-clock'), /0:0/);
  await screenshot(red, 'clock-xiangqi-flag-en');
});

test('two people at one screen play Gomoku on a clock: each stone stops one clock and starts the other', async () => {
  const page = await openPage(alice, '/gomoku/', { locale: 'zh-CN', width: 1280, height: 800 });
  await page.waitForSelector('main[data-game-ready]');
  if (!(await page.$('#gm-new-dialog[open]'))) await page.click('#gm-new');
  await page.waitForSelector('#gm-new-dialog[open]');
  await page.check('input[name=mode][value=pvp]');
  await page.selectOption('#gm-time-control', 'f:300:3');
  await page.click('#gm-new-start');
  await page.waitForSelector('#gm-clock-black:not([hidden])');
  await page.waitForSelector('#gm-clock-white:not([hidden])');
  assert.equal(await page.textContent('#gm-clock-black'), '5:00');
  // Black's stone starts White's clock; White's stone stops it (plus 3 s) and starts Black's.
  await page.locator('svg.gm-board').click();
  await page.waitForSelector('#gm-clock-white.running', { timeout: 5000 });
  await page.waitForTimeout(1300);
  const box = await page.locator('svg.gm-board').boundingBox();
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await page.waitForSelector('#gm-clock-black.running', { timeout: 5000 });
  assert.equal(await page.$('#gm-clock-white.running'), null, 'one clock runs at a time');
  const white = secondsOf(await page.textContent('#gm-clock-white'));
  assert.ok(white > 300 && white <= 302, `White spent about a second and got 3 back: ${white}`);
  await screenshot(page, 'clock-gomoku-one-screen-zh');
  assert.deepEqual(page.problems, []);
});
