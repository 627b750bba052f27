// Clicking the boards the way a player does, opening the new-game dialog, and waiting for what the
// pages show, shared by the tests of the two-player pages.

// The Xiangqi board's SVG geometry (web/xiangqi/board.js).
const XQ_WIDTH = 608;
const XQ_HEIGHT = 668;
const XQ_MARGIN = 64;
const XQ_STEP = 60;

/** Clicks Xiangqi point `sq` ('h2'); `flipped` when the board is shown from Black's side. */
export async function clickSquare(page, sq, flipped = false) {
  const box = await page.locator('#board').boundingBox();
  let f = sq.charCodeAt(0) - 97;
  let r = Number(sq.slice(1));
  if (flipped) { f = 8 - f; r = 9 - r; }
  await page.mouse.click(
    box.x + ((XQ_MARGIN + f * XQ_STEP) / XQ_WIDTH) * box.width,
    box.y + ((XQ_MARGIN + (9 - r) * XQ_STEP) / XQ_HEIGHT) * box.height,
  );
}

/** Waits until the Xiangqi board shows `n` plies. */
export const plyIs = (page, n, timeout = 5000) =>
  page.waitForFunction((want) => document.querySelector('#board')?.dataset.ply === String(want), n, { timeout });

// The Gomoku board's SVG geometry (web/gomoku/board.js).
const GM_CELL = 40;
const GM_MARGIN = 46;

/** Clicks Gomoku intersection (x, y), counted from the top-left. */
export async function clickStone(page, x, y) {
  const box = await page.locator('svg.gm-board').boundingBox();
  const span = Number((await page.getAttribute('svg.gm-board', 'viewBox')).split(' ')[2]);
  const scale = box.width / span;
  await page.mouse.click(box.x + (GM_MARGIN + x * GM_CELL) * scale, box.y + (GM_MARGIN + y * GM_CELL) * scale);
}

/** Waits until the Gomoku board shows `n` stones. */
export const stonesAre = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll('.gm-stone').length === k, n, { timeout: 5000 });

/** Opens the Gomoku page's new-game dialog (it opens by itself when there is no game yet). */
export async function openGomokuDialog(page) {
  await page.waitForSelector('main[data-game-ready]');
  if (!(await page.locator('#gm-new-dialog[open]').count())) await page.click('#gm-new');
}

/**
 * On a Xiangqi page just opened, starts a game against a friend with this page as Red and
 * returns the invitation link it shows.
 */
export async function inviteFriendAsRed(page) {
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#mode', 'friend');
  await page.selectOption('#side', 'red');
  await page.click('#start');
  await page.waitForSelector('#invite-box:not([hidden])');
  return page.inputValue('#invite-link');
}
