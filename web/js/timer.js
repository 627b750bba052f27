// The clock of a timed game, counted locally between the server's answers (the server keeps the
// real time), and how it is written.

/** Milliseconds as mm:ss.t, e.g. 01:05.3. */
export function formatTime(ms) {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** A countdown's milliseconds as m:ss, rounded up (0:00 only once the time is gone). */
export function formatCountdown(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A clock set from the server's time and read at any moment: it counts up (a stopwatch) or,
 * with `down`, down to zero (a countdown).
 */
export class Clock {
  constructor({ down = false } = {}) {
    this.down = down;
    this.set(0, false);
  }

  /** Sets the time the server sent (milliseconds), running or stopped. */
  set(ms, running) {
    this.ms = ms;
    this.at = performance.now();
    this.running = running;
  }

  /** The time now, in milliseconds. */
  read() {
    if (!this.running) return this.ms;
    const passed = performance.now() - this.at;
    return this.down ? Math.max(0, this.ms - passed) : this.ms + passed;
  }
}

/** Writes `read()` (milliseconds, or null to leave the text as it is) into `element` as mm:ss.t, ten times a second. */
export function showTimer(element, read) {
  setInterval(() => {
    const ms = read();
    if (ms !== null) element.textContent = formatTime(ms);
  }, 100);
}
