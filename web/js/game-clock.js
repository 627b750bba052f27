// The clocks of a timed game between two people, the same for every two-sided game: the time
// controls a new game may choose, how one is written, and the seats' clocks counted down on the
// page between the server's answers (the server keeps the real time and lets the flag fall).

import { registerStrings, t } from './i18n.js';

registerStrings({
  'zh-CN': {
    'clock.untimed': '不计时',
    'clock.fischer': '{minutes} 分 + 每步加 {increment} 秒',
    'clock.sudden': '{minutes} 分钟（包干）',
    'clock.game_and_move': '局时 {minutes} 分 · 步时 {move} 秒',
    'clock.overtime': ' · 读秒 {overtime} 秒',
    'clock.move_left': '步时 {time}',
    'clock.low': '时间不多了！',
    'clock.setting': '用时',
  },
  en: {
    'clock.untimed': 'No clock',
    'clock.fischer': '{minutes} min + {increment} s a move',
    'clock.sudden': '{minutes} min, sudden death',
    'clock.game_and_move': 'Game {minutes} min · {move} s a move',
    'clock.overtime': ' · then {overtime} s a move',
    'clock.move_left': 'move {time}',
    'clock.low': 'Low on time!',
    'clock.setting': 'Time control',
  },
});

/** The time controls a new game offers, as `value` of a select: `f:initial:increment` (Fischer,
 *  seconds) or `g:game:move:overtime` (局时+步时+读秒), '' for none. */
export const TIME_CONTROLS = ['', 'f:180:2', 'f:300:3', 'f:600:5', 'f:900:10', 'f:1800:0',
  'g:600:60:30', 'g:1200:120:60', 'g:1800:180:60'];

/** The request's `clock` for a select value (undefined for none). */
export function controlFromValue(value) {
  const [kind, ...n] = String(value || '').split(':');
  const [a, b, c] = n.map(Number);
  if (kind === 'f') return { kind: 'fischer', initial_seconds: a, increment_seconds: b };
  if (kind === 'g') return { kind: 'game_and_move', game_seconds: a, move_seconds: b, overtime_seconds: c };
  return undefined;
}

/** A time control (as the server sends it, or a request's) in words. */
export function describeControl(control) {
  if (!control) return t('clock.untimed');
  const s = (ms, seconds) => (seconds ?? ms / 1000);
  if (control.kind === 'fischer') {
    const minutes = s(control.initial_ms, control.initial_seconds) / 60;
    const increment = s(control.increment_ms, control.increment_seconds) || 0;
    return increment ? t('clock.fischer', { minutes, increment }) : t('clock.sudden', { minutes });
  }
  const minutes = s(control.game_ms, control.game_seconds) / 60;
  const move = s(control.move_ms, control.move_seconds);
  const overtime = s(control.overtime_ms, control.overtime_seconds) || 0;
  return t('clock.game_and_move', { minutes, move }) + (overtime ? t('clock.overtime', { overtime }) : '');
}

/** Fills a <select> with the time controls, keeping its choice. */
export function fillControlSelect(select) {
  const chosen = select.value;
  select.replaceChildren(...TIME_CONTROLS.map((value) => {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = describeControl(controlFromValue(value));
    return option;
  }));
  select.value = TIME_CONTROLS.includes(chosen) ? chosen : '';
}

/** Milliseconds as m:ss, with tenths under ten seconds (rounded down: 0:00.0 only when gone). */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left < 10_000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The clocks of one game on a page. `set(clock)` takes the game's `clock` as the server sent it
 * (or null: the elements are hidden); `place(elements)` says which element shows which seat
 * (`{red: el, black: el}`). The running seat counts down ten times a second; below the
 * clock's `low_time_ms` it is marked low. `onExpired` is called once when the running seat's
 * local count reaches zero (the page then reloads the game the server has ended).
 */
export class SeatClocks {
  constructor({ onExpired = () => {} } = {}) {
    this.onExpired = onExpired;
    this.clock = null;
    this.elements = {};
    this.at = 0;
    this.expired = false;
    setInterval(() => this.draw(), 100);
  }

  place(elements) {
    this.elements = elements;
    this.draw();
  }

  set(clock) {
    this.clock = clock || null;
    this.at = performance.now();
    this.expired = false;
    this.draw();
  }

  draw() {
    const clock = this.clock;
    for (const [seat, el] of Object.entries(this.elements)) {
      if (!el) continue;
      el.hidden = !clock;
      if (!clock) continue;
      const running = clock.running === seat;
      const passed = running ? performance.now() - this.at : 0;
      const game = (clock.remaining[seat] ?? 0) - passed;
      const turn = running ? clock.turn_left_ms - passed : null;
      let text = formatClock(game);
      if (running && clock.control.kind === 'game_and_move') text += ` · ${t('clock.move_left', { time: formatClock(turn) })}`;
      if (el.textContent !== text) el.textContent = text;
      const low = running && turn < clock.low_time_ms;
      el.classList.toggle('running', running);
      el.classList.toggle('low', low);
      el.classList.toggle('out', !running && (clock.remaining[seat] ?? 1) <= 0);
      el.title = low ? t('clock.low') : '';
      if (running && turn <= 0 && !this.expired) {
        this.expired = true;
        this.onExpired();
      }
    }
  }
}
