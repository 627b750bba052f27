// The automatic demo: the divide-and-conquer steps from the server, played one by one with the
// quadrant lines of the current block, speed control and pause.

const DEPTH_COLOURS = ['#8b1e1e', '#e65c4f', '#f2c14e', '#4f9dde', '#6cc07a', '#b37bd6', '#f28c38'];

/**
 * A player over `steps` ([{origin, side, hole, piece, depth}]). `render(frame)` draws
 * {pieces, splits, block, index}; `onEnd()` is called when the last step is shown.
 */
export function createDemo(steps, { render, onEnd, speed }) {
  let index = 0;
  let timer = null;

  function frame() {
    const shown = steps.slice(0, index);
    const current = steps[index - 1];
    // The quadrant lines of every block still being worked on: the current block and its ancestors.
    const splits = [];
    if (current) {
      for (const step of shown) {
        const [x0, y0] = step.origin;
        const [cx, cy] = current.origin;
        if (step.side >= 4 && cx >= x0 && cx < x0 + step.side && cy >= y0 && cy < y0 + step.side) splits.push(step);
      }
    }
    render({
      pieces: shown.map((s) => ({ ...s.piece, colour: DEPTH_COLOURS[s.depth % DEPTH_COLOURS.length] })),
      splits,
      block: current ? { origin: current.origin, side: current.side } : null,
      index,
      current,
    });
  }

  function tick() {
    if (index >= steps.length) {
      stop();
      onEnd();
      return;
    }
    index += 1;
    frame();
    timer = setTimeout(tick, 1000 / speed());
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
  }

  return {
    play() { if (!timer) tick(); },
    pause: stop,
    get playing() { return timer !== null; },
    get finished() { return index >= steps.length; },
    redraw: frame,
  };
}
