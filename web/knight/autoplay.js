// The auto-solve animation: plays a whole tour one move at a time at an adjustable speed.

/**
 * Plays `path` (squares in visiting order): `render(prefix)` is called with the squares shown so
 * far; `speed()` gives moves per second; `onEnd()` runs after the last move.
 */
export function createAutoplay(path, { speed, render, onEnd }) {
  let shown = 1;
  let timer = null;
  const player = {
    get playing() { return timer !== null; },
    get finished() { return shown >= path.length; },
    play() {
      if (timer !== null) return;
      const tick = () => {
        render(path.slice(0, shown));
        if (shown >= path.length) { timer = null; onEnd(); return; }
        shown += 1;
        timer = setTimeout(tick, 1000 / Math.max(1, speed()));
      };
      tick();
    },
    pause() {
      clearTimeout(timer);
      timer = null;
    },
  };
  return player;
}
