// Lianliankan: start a level, see a refused pair explained, take a hint and remove that pair
// (the path is drawn), pause and resume, and read the page in Chinese.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';

let browser;

before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const tileCount = (page) => page.locator('#board .tile').count();

/** Two tiles of different kinds, as [x, y] points, read from the drawn faces. */
async function differentPair(page) {
  return page.evaluate(() => {
    const tiles = [...document.querySelectorAll('#board .tile')];
    const kind = (t) => t.querySelector('use').getAttribute('href');
    const first = tiles[0];
    const other = tiles.find((t) => kind(t) !== kind(first));
    return [first, other].map((t) => [Number(t.dataset.x), Number(t.dataset.y)]);
  });
}

const tile = (page, [x, y]) => page.locator(`#board .tile[data-x="${x}"][data-y="${y}"]`);

test('level 1 is played: a refusal, a hint, a removal with its path, pause and resume', async () => {
  const page = await openPage(browser, '/link/', { locale: 'en-US' });
  await page.waitForFunction(() => document.querySelectorAll('#level option').length === 10);
  await page.selectOption('#level', '1');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 48);
  assert.equal(await page.textContent('#hint'), 'Hint (3)');

  const [a, b] = await differentPair(page);
  await tile(page, a).click();
  await tile(page, b).click();
  await page.waitForSelector('#status.error');
  assert.equal(await page.textContent('#status'), 'Those two tiles are different.');
  await screenshot(page, 'link-refused');

  // Start afresh: deselect by clicking the selected tile again.
  await tile(page, b).click();
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile.hinted').length === 2);
  assert.equal(await page.textContent('#hint'), 'Hint (2)');
  const hinted = await page.evaluate(() => [...document.querySelectorAll('#board .tile.hinted')]
    .map((t) => [Number(t.dataset.x), Number(t.dataset.y)]));
  await tile(page, hinted[0]).click();
  await tile(page, hinted[1]).click();
  await page.waitForSelector('#board .link-path', { state: 'attached' });
  await screenshot(page, 'link-path');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 46);
  assert.equal(await page.textContent('#score'), '10');

  await page.click('#pause');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 0);
  assert.equal(await page.isVisible('#paused'), true);
  await page.click('#pause');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 46);

  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 48);
  assert.equal(await tileCount(page), 48);
  // The refused pair's 422 is the one expected failure.
  assert.deepEqual(page.problems.filter((p) => !p.includes('status of 422')), []);
  await page.close();
});

test('the page speaks Chinese and resumes the saved game', async () => {
  const page = await openPage(browser, '/link/', { locale: 'zh-CN' });
  await page.waitForFunction(() => document.querySelectorAll('#level option').length === 10);
  await page.selectOption('#level', '2');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 60);
  assert.equal(await page.textContent('h1'), '连连看');
  assert.equal(await page.textContent('#mode'), '下落');
  await screenshot(page, 'link-zh');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 60);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('how it works: the path search from a tile is shown layer by layer beside its pseudo-code', async () => {
  const page = await openPage(browser, '/link/', { locale: 'en-US' });
  await page.waitForFunction(() => document.querySelectorAll('#level option').length === 10);
  await page.selectOption('#level', '1');
  await page.click('#start');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 48);
  assert.equal(await page.locator('#explain-code li').count(), 4);

  await page.click('#explain');
  // A corner tile: its rays reach the outer ring straight away.
  await tile(page, [0, 0]).click();
  await page.waitForSelector('#board .reach-cell.turn-0');
  await page.waitForSelector('#board .reach-cell.turn-2');
  await page.waitForFunction(() => document.querySelector('#explain-code li.running')?.textContent.startsWith('every tile a ray stops at'));
  assert.match(await page.textContent('#explain-info'), /The rays stop at \d+ tiles/);
  // A second tile: one the rays stopped at gets the path drawn; one they did not is explained.
  const pointOf = (selector) => page.$eval(selector, (g) => [Number(g.dataset.x), Number(g.dataset.y)]);
  const reached = await pointOf('#board .tile.reached, #board .tile.joinable');
  const unreached = await pointOf('#board .tile:not(.reached):not(.joinable):not(.origin)');
  await tile(page, reached).click();
  await page.waitForSelector('#board .reach-path', { state: 'attached' });
  assert.match(await page.textContent('#explain-info'), /The search reaches the second tile/);
  await screenshot(page, 'link-how-it-works');
  await tile(page, unreached).click();
  await page.waitForFunction(() => document.querySelector('#explain-info').textContent.includes('does not reach'));
  // Showing the search removed nothing and cost nothing.
  assert.equal(await tileCount(page), 48);
  assert.equal(await page.textContent('#hint'), 'Hint (3)');

  // Turned off, a click plays again.
  await page.click('#explain');
  assert.equal(await page.locator('#board .reach-cell').count(), 0);
  await tile(page, [0, 0]).click();
  assert.equal(await page.locator('#board .tile.selected').count(), 1);
  await page.close();
});

test('the 36 tile pictures differ by silhouette, so kinds are told apart without colour', async () => {
  const page = await openPage(browser, '/link/', { locale: 'en-US', width: 900, height: 520 });
  // Each picture's outline filled in (holes and white details count as inside), 48 × 48: a filled
  // and an outlined version of one shape, or one shape in two colours, would have the same one.
  const worst = await page.evaluate(async () => {
    const { faceSymbol, PICTURES } = await import('/link/faces.js');
    const S = 48;
    const silhouettes = [];
    for (let k = 0; k < PICTURES; k++) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 40 40">${faceSymbol(k)}<use href="#face-${k}" width="40" height="40"/></svg>`;
      const img = new Image();
      img.src = `data:image/svg+xml;base64,${btoa(svg)}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = S; canvas.height = S;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      const alpha = g.getImageData(0, 0, S, S).data.filter((_, i) => i % 4 === 3);
      const outside = new Uint8Array(S * S);
      const queue = [];
      for (let i = 0; i < S; i++) queue.push(i, S * (S - 1) + i, S * i, S * i + S - 1);
      while (queue.length) {
        const i = queue.pop();
        if (outside[i] || alpha[i] > 128) continue;
        outside[i] = 1;
        const [x, y] = [i % S, Math.floor(i / S)];
        if (x > 0) queue.push(i - 1);
        if (x < S - 1) queue.push(i + 1);
        if (y > 0) queue.push(i - S);
        if (y < S - 1) queue.push(i + S);
      }
      silhouettes.push(outside.map((o) => 1 - o));
    }
    let result = { iou: 0 };
    for (let a = 0; a < PICTURES; a++) {
      for (let b = a + 1; b < PICTURES; b++) {
        let both = 0;
        let either = 0;
        silhouettes[a].forEach((v, i) => { both += v & silhouettes[b][i]; either += v | silhouettes[b][i]; });
        if (both / either > result.iou) result = { iou: both / either, a, b };
      }
    }
    return { ...result, count: PICTURES };
  });
  assert.equal(worst.count, 36, 'a picture for each of the 36 kinds of the largest level');
  assert.ok(worst.iou < 0.9, `pictures ${worst.a} and ${worst.b} overlap ${worst.iou.toFixed(2)} of their outlines`);

  // For the record, the 36 pictures as a deuteranope sees them (Machado, Oliveira and Fernandes
  // 2009, severity 1.0): they differ by shape, and the colours only add to it.
  await page.evaluate(async () => {
    const { faceSymbol, faceName, PICTURES } = await import('/link/faces.js');
    const NS = 'http://www.w3.org/2000/svg';
    const sheet = document.createElementNS(NS, 'svg');
    sheet.setAttribute('width', '870');
    sheet.setAttribute('height', '490');
    let body = '<filter id="deuteranopia"><feColorMatrix type="matrix" values="0.367322 0.860646 -0.227968 0 0 0.280085 0.672501 0.047413 0 0 -0.011820 0.042940 0.968881 0 0 0 0 0 1 0"/></filter>';
    body += `<defs>${Array.from({ length: PICTURES }, (_, k) => faceSymbol(k)).join('')}</defs><g filter="url(#deuteranopia)">`;
    for (let k = 0; k < PICTURES; k++) {
      const [x, y] = [(k % 9) * 96, Math.floor(k / 9) * 120];
      body += `<rect x="${x + 4}" y="${y + 4}" width="80" height="88" rx="8" fill="#fffdf8" stroke="#d8c6a6"/>`
        + `<use href="#face-${k}" x="${x + 12}" y="${y + 16}" width="64" height="64"/>`
        + `<text x="${x + 44}" y="${y + 110}" font-size="13" text-anchor="middle">${faceName(k, 'en')}</text>`;
    }
    sheet.innerHTML = `${body}</g>`;
    document.body.replaceChildren(sheet);
  });
  await screenshot(page, 'link-faces-deuteranopia');
  await page.close();
});
