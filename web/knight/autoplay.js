// The auto-solve animation: plays a whole tour one move at a time at an adjustable speed, and
// steps forwards and backwards by hand.

/**
 * Plays `path` (squares in visiting order): `render(prefix)` is called with the squares shown so
 * far; `speed()` gives moves per second; `onEnd()` runs after the last move.
 */
export function createAutoplay(path, { speed, render, onEnd }) {
  let shown = 0; // squares drawn so far
  let timer = null;
  const draw = (count) => {
    shown = Math.max(1, Math.min(path.length, count));
    render(path.slice(0, shown));
  };
  const player = {
    get playing() { return timer !== null; },
    get finished() { return shown >= path.length; },
    play() {
      if (timer !== null) return;
      const tick = () => {
        draw(shown + 1);
        if (shown >= path.length) { timer = null; onEnd(); return; }
        timer = setTimeout(tick, 1000 / Math.max(1, speed()));
      };
      if (shown === 0) {
        draw(1);
        timer = setTimeout(tick, 1000 / Math.max(1, speed()));
      } else {
        tick();
      }
    },
    pause() {
      clearTimeout(timer);
      timer = null;
    },
    /** Pauses and shows one move more (`delta` 1) or less (-1), within the tour. */
    step(delta) {
      player.pause();
      draw(shown + delta);
      if (shown >= path.length) onEnd();
    },
  };
  return player;
}
