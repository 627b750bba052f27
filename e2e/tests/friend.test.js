// Playing a friend in the browser: one player starts a game with an invitation link, a second
// browser (another player) opens the link and takes the other seat, and each move appears on
// the other screen at once; a third browser watches.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickSquare as clickPoint, clickStone, inviteFriendAsRed, openGomokuDialog, plyIs, stonesAre } from '../lib/boards.js';

let alice;
let bob;
let cy;
before(async () => { [alice, bob, cy] = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]); });
after(async () => { await Promise.all([alice?.close(), bob?.close(), cy?.close()]); });

/** Console lines other than the browser's notes on refused requests, which the page explains. */
const unexpected = (page) => page.problems.filter((p) => !/status of (403|409|422) /.test(p));

test('a friend opens the invitation link, takes Black, and the moves go both ways at once', async () => {
  const red = await openPage(alice, '/xiangqi/', { locale: 'zh-CN', width: 1280, height: 800 });
  const link = await inviteFriendAsRed(red);
  assert.match(link, /\/xiangqi\/\?game=\d+&invite=[0-9a-f]{64}$/);
  assert.equal(await red.textContent('#status'), '等待好友加入……');
  await screenshot(red, 'friend-invite-zh');
  // Red cannot move before the friend comes.
  await clickPoint(red, 'h2', false);
  assert.equal(await red.textContent('#message'), '对手还没有加入，请先把邀请链接发给好友。');

  const black = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'en-US', width: 1280, height: 800 });
  await black.waitForSelector('body[data-ready="true"]');
  await black.waitForSelector('#board .xq-piece');
  assert.equal(await black.textContent('#message'), 'You joined the game as Black.');
  assert.doesNotMatch(black.url(), /invite=/, 'the secret leaves the address bar');
  assert.match(await black.textContent('#status'), /Your opponent's move/);
  // The red side sees its friend arrive, and the invitation goes away.
  await red.waitForSelector('#invite-box[hidden]', { state: 'attached', timeout: 5000 });
  await red.waitForFunction(() => document.getElementById('status').textContent.startsWith('轮到你走棋'));

  const id = link.match(/game=(\d+)/)[1];
  const watcher = await openPage(cy, `/xiangqi/?game=${id}`, { locale: 'en-US' });
  await watcher.waitForSelector('body[data-ready="true"]');

  // Black clicking out of turn is told so; then Red moves and Black sees it at once.
  await clickPoint(black, 'h7', true);
  assert.match(await black.textContent('#message'), /Your opponent's move/);
  await clickPoint(red, 'h2', false);
  await clickPoint(red, 'e2', false);
  const sent = Date.now();
  await plyIs(red, 1);
  await plyIs(black, 1);
  const relayed = Date.now() - sent;
  await plyIs(watcher, 1);
  await clickPoint(black, 'h9', true);
  await clickPoint(black, 'g7', true);
  await plyIs(black, 2);
  await plyIs(red, 2);
  console.log(`# the red move showed on the black screen ${relayed} ms after the click`);
  await screenshot(black, 'friend-black-en');
  // The watcher may not move.
  await clickPoint(watcher, 'b0', false);
  assert.equal(await watcher.textContent('#message'), 'This game is not yours: you hold no seat in it and can only watch.');

  // Red asks to take its move back; Black allows it: both moves go, on both screens.
  await red.click('#ask-takeback');
  await black.waitForSelector('#takeback-offer:not([hidden])', { timeout: 5000 });
  assert.match(await black.textContent('#takeback-offer-text'), /Red asks to take a move back/);
  await black.click('#accept-takeback');
  await plyIs(black, 0);
  await plyIs(red, 0);

  // Black resigns; both screens show Red's win.
  black.on('dialog', (dialog) => dialog.accept());
  await black.click('#resign');
  await black.waitForSelector('#status[data-status="finished"]');
  await red.waitForSelector('#status[data-status="finished"]', { timeout: 5000 });

  // Black offers a rematch; Red sees it and accepts; both screens open the new game, colours swapped.
  await black.waitForSelector('#rematch:not([hidden])');
  await black.click('#rematch button[data-key="live.rematch"]');
  await black.waitForFunction(() => document.querySelector('#rematch p').textContent.includes('waiting for your opponent'));
  await red.waitForFunction(() => document.querySelector('#rematch p')?.textContent === '对手提出再来一局（交换先后手）。', null, { timeout: 5000 });
  assert.equal(await watcher.isHidden('#rematch'), true, 'a spectator has no rematch to offer');
  await screenshot(red, 'friend-rematch-offer-zh');
  await red.click('#rematch button[data-key="live.accept"]');
  for (const page of [red, black]) {
    await page.waitForFunction((old) => !document.getElementById('game-no').textContent.includes(`#${old}`), id, { timeout: 5000 });
  }
  assert.match(await black.textContent('#bottom-player'), /Red · You/);
  assert.match(await red.textContent('#bottom-player'), /黑方/);
  await black.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'));
  for (const page of [red, black, watcher]) assert.deepEqual(unexpected(page), []);
  await Promise.all([red.close(), black.close(), watcher.close()]);
});

test('two players play Gomoku to five through an invitation link', async () => {
  const first = await openPage(alice, '/gomoku/', { locale: 'en-US' });
  await openGomokuDialog(first);
  await first.check('#gm-new-form input[name=mode][value=friend]');
  await first.check('#gm-new-form input[name=human][value=black]');
  await first.click('#gm-new-start');
  await first.waitForSelector('#gm-invite:not([hidden])');
  assert.equal(await first.textContent('#gm-status'), 'Waiting for your friend to join…');
  const link = await first.inputValue('#gm-invite-link');
  const second = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'zh-CN', width: 390, height: 844 });
  await second.waitForSelector('main[data-game-ready]');
  await second.waitForSelector('svg.gm-board');
  assert.equal(await second.textContent('#gm-notice'), '你已加入对局，执白方。');
  await first.waitForFunction(() => document.getElementById('gm-status').textContent === 'Your move (Black)');
  // Black builds a row of five; White answers far away; each stone shows on the other screen.
  let n = 0;
  for (let i = 0; i < 4; i++) {
    await first.waitForSelector('svg.gm-board.interactive');
    await clickStone(first, 3 + i, 7);
    n += 1;
    await stonesAre(second, n);
    await second.waitForSelector('svg.gm-board.interactive');
    await clickStone(second, 3 + i, 12);
    n += 1;
    await stonesAre(first, n);
  }
  await first.waitForSelector('svg.gm-board.interactive');
  await clickStone(first, 7, 7);
  await first.waitForSelector('#gm-banner:not([hidden])');
  await second.waitForSelector('#gm-banner:not([hidden])', { timeout: 5000 });
  assert.match(await first.textContent('#gm-banner-text'), /Black wins with five in a row/);
  await screenshot(second, 'friend-gomoku-zh-phone');
  for (const page of [first, second]) assert.deepEqual(unexpected(page), []);
  await Promise.all([first.close(), second.close()]);
});

test('a game against a friend is aborted before both have moved, on both screens', async () => {
  const red = await openPage(alice, '/xiangqi/', { locale: 'zh-CN' });
  await red.waitForSelector('body[data-ready="true"]');
  await red.selectOption('#mode', 'friend');
  await red.click('#start');
  await red.waitForSelector('#invite-box:not([hidden])');
  const link = await red.inputValue('#invite-link');
  const black = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'en-US' });
  await black.waitForSelector('body[data-ready="true"]');
  await red.waitForSelector('#abort:not([hidden])', { timeout: 5000 });
  await red.click('#abort');
  await red.waitForFunction(() => document.getElementById('status').textContent === '对局已中止');
  await black.waitForFunction(() => document.getElementById('status').textContent === 'Game aborted', null, { timeout: 5000 });
  assert.equal(await black.isHidden('#abort'), true);
  for (const page of [red, black]) assert.deepEqual(unexpected(page), []);
  await Promise.all([red.close(), black.close()]);
});
