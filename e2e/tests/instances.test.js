// Two qipan instances on one PostgreSQL database, as a site behind a load balancer runs them:
// two people, each in their own browser on a different instance, play each other live; one
// instance is killed (kill -9) mid-game and the player it served carries on from the other with
// every move kept; and the clock of a timed game falls exactly once after the instance that
// refereed it is killed. Needs a PostgreSQL server (QIPAN_TEST_POSTGRES, which scripts/test sets
// with scripts/with-postgres); skipped without one.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickSquare, inviteFriendAsRed, plyIs } from '../lib/boards.js';
import { kill9, killAll, newDatabase, postgres, startInstance } from '../lib/instances.js';

const skip = postgres ? false : 'needs a PostgreSQL server (QIPAN_TEST_POSTGRES; scripts/test sets it)';

/** Whether `instance` is the one that lets flags fall, by its health check. */
const isReferee = async ({ url }) => (await (await fetch(`${url}/api/health`)).json()).referee;

let alice;
let bob;
before(async () => { if (!skip) [alice, bob] = await Promise.all([launchBrowser(), launchBrowser()]); });
after(async () => {
  await Promise.all([alice?.close(), bob?.close()]);
  killAll();
});

test('two people on two instances play each other live, and one instance dies mid-game', { skip }, async () => {
  const db = newDatabase(`qipan_e2e_live_${process.pid}`);
  const a = await startInstance(db, 'live-a');
  const b = await startInstance(db, 'live-b');

  const red = await openPage(alice, '/xiangqi/', { locale: 'zh-CN', base: a.url });
  const link = await inviteFriendAsRed(red);
  const id = link.match(/game=(\d+)/)[1];

  // Bob opens the link on the other instance and takes Black; Alice's page on A sees him come.
  const black = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'en-US', base: b.url });
  await black.waitForSelector('body[data-ready="true"]');
  await black.waitForSelector('#board .xq-piece');
  assert.equal(await black.textContent('#message'), 'You joined the game as Black.');
  await red.waitForSelector('#invite-box[hidden]', { state: 'attached', timeout: 5000 });
  await red.waitForFunction(() => document.getElementById('status').textContent.startsWith('轮到你走棋'));

  // Moves go both ways between the instances, at once.
  const relayed = [];
  const play = async (mover, watcher, from, to, flipped, ply) => {
    await clickSquare(mover, from, flipped);
    await clickSquare(mover, to, flipped);
    await plyIs(mover, ply);
    const sent = Date.now();
    await plyIs(watcher, ply);
    relayed.push(Date.now() - sent);
  };
  await play(red, black, 'h2', 'e2', false, 1);
  await play(black, red, 'h9', 'g7', true, 2);
  await play(red, black, 'h0', 'g2', false, 3);
  await play(black, red, 'i9', 'h9', true, 4);
  console.log(`moves seen on the other instance's page ${relayed.join(', ')} ms after the mover's page showed them`);
  await screenshot(red, 'instances-red-on-a');
  await screenshot(black, 'instances-black-on-b');

  // Instance A dies. Alice's page there has lost its server; she opens the game again, as the
  // load balancer would send her, on B: every move she saw confirmed is there, and play goes on.
  await kill9(a);
  const again = await openPage(alice, `/xiangqi/?game=${id}`, { locale: 'zh-CN', base: b.url });
  await again.waitForSelector('body[data-ready="true"]');
  await plyIs(again, 4);
  await again.waitForFunction(() => document.getElementById('status').textContent.startsWith('轮到你走棋'));
  await play(again, black, 'i0', 'h0', false, 5);
  const actions = await (await fetch(`${b.url}/api/games/${id}/actions`)).json();
  assert.deepEqual(actions.map((a) => a.move), ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0']);
  await screenshot(again, 'instances-red-again-on-b');
  for (const page of [red, black, again]) {
    const unexpected = page.problems.filter((p) => page !== red && !/status of (403|409|422) /.test(p));
    assert.deepEqual(unexpected, []);
  }
});

test('the clock of a timed game falls exactly once after its referee instance is killed', { skip }, async () => {
  const db = newDatabase(`qipan_e2e_clock_${process.pid}`);
  const a = await startInstance(db, 'clock-a');
  const b = await startInstance(db, 'clock-b');
  // Exactly one instance referees.
  let roles = [];
  for (let i = 0; i < 100; i += 1) {
    roles = [await isReferee(a), await isReferee(b)];
    if (roles.includes(true)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(roles.filter(Boolean).length, 1, `referee roles ${roles}`);
  const [referee, survivor] = roles[0] ? [a, b] : [b, a];

  // Two players (each a cookie of its own) start a 3-second game from a seek; Red moves, so
  // Black's 3 seconds run; the referee is killed at once.
  const player = async (base) => {
    const answer = await fetch(`${base}/api/me`);
    return answer.headers.get('set-cookie').split(';')[0];
  };
  const post = async (url, cookie, body) => {
    const answer = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin }, body: JSON.stringify(body) });
    return { status: answer.status, body: await answer.json() };
  };
  const ann = await player(referee.url);
  const bo = await player(survivor.url);
  const clock = { kind: 'fischer', initial_seconds: 3, increment_seconds: 0 };
  const seek = await post(`${referee.url}/api/seeks`, ann, { game: 'xiangqi', clock, rated: false, color: 'red' });
  assert.equal(seek.status, 200, JSON.stringify(seek.body));
  const taken = await post(`${survivor.url}/api/seeks/${seek.body.id}/accept`, bo, {});
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
  const id = taken.body.game;
  const view = await (await fetch(`${referee.url}/api/xiangqi/games/${id}`)).json();
  const moved = await post(`${referee.url}/api/xiangqi/games/${id}/move`, ann, { revision: view.revision, move: 'h2e2' });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  const ranFrom = Date.now();
  await kill9(referee);

  // The survivor takes over and Black's flag falls, once, a few seconds after it was due.
  let game;
  for (let i = 0; i < 200; i += 1) {
    game = await (await fetch(`${survivor.url}/api/xiangqi/games/${id}`)).json();
    if (game.status !== 'ongoing') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const fellAfter = Date.now() - ranFrom;
  console.log(`Black's 3 s ran out; the surviving instance ended the game ${fellAfter} ms after Red's move`);
  assert.equal(game.status, 'finished', JSON.stringify(game));
  assert.equal(await isReferee(survivor), true);
  const actions = await (await fetch(`${survivor.url}/api/games/${id}/actions`)).json();
  assert.deepEqual(actions, [{ move: 'h2e2' }, { flag: 'black' }]);
  // It stays that way: no second flag from anyone.
  await new Promise((r) => setTimeout(r, 1500));
  const later = await (await fetch(`${survivor.url}/api/games/${id}/actions`)).json();
  assert.deepEqual(later, actions);
});
