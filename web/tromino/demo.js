// The automatic demo: the divide-and-conquer steps from the server, shown two frames a step — the
// block split into quadrants with the one holding the hole highlighted, then the central tromino
// placed — played at a chosen speed or stepped forwards and backwards by hand.

const DEPTH_COLOURS = ['#8b1e1e', '#e65c4f', '#f2c14e', '#4f9dde', '#6cc07a', '#b37bd6', '#f28c38'];

/** Which pseudo-code line (see strings `tromino.code*`) each phase runs. */
export const PHASE_LINE = { start: 0, split: 2, place: 3, done: 4 };

/** The quadrant of a step's block that holds its hole: {origin, side}. */
function holeQuadrant(step) {
  const half = step.side / 2;
  const qx = step.hole[0] >= step.origin[0] + half ? 1 : 0;
  const qy = step.hole[1] >= step.origin[1] + half ? 1 : 0;
  return { origin: [step.origin[0] + qx * half, step.origin[1] + qy * half], side: half };
}

/** Whether block `outer` contains the lower-left square of block `inner`. */
const contains = (outer, inner) => inner.origin[0] >= outer.origin[0] && inner.origin[0] < outer.origin[0] + outer.side
  && inner.origin[1] >= outer.origin[1] && inner.origin[1] < outer.origin[1] + outer.side;

/**
 * A player over `steps` ([{origin, side, hole, piece, depth}]). `render(frame)` draws {pieces,
 * splits, block, quadrant, placed, index, current, phase, ancestors}; `onEnd()` is called when
 * the last step is shown.
 */
export function createDemo(steps, { render, onEnd, speed }) {
  // Frame 0 is the empty board; frame 2i + 1 splits step i's block, frame 2i + 2 places its tromino.
  const last = 2 * steps.length;
  let at = 0;
  let timer = null;

  function frame() {
    const index = Math.floor((at - 1) / 2); // the step being shown, -1 before the first
    const placing = at > 0 && at % 2 === 0;
    const current = steps[index];
    const shown = steps.slice(0, placing ? index + 1 : Math.max(0, index));
    // The blocks still being worked on: the current block and its ancestors.
    const ancestors = [];
    if (current) {
      for (let i = 0; i <= index; i++) if (contains(steps[i], current)) ancestors.push(i);
    }
    const phase = at === 0 ? 'start' : at === last ? 'done' : placing ? 'place' : 'split';
    render({
      pieces: shown.map((s) => ({ ...s.piece, colour: DEPTH_COLOURS[s.depth % DEPTH_COLOURS.length] })),
      splits: ancestors.filter((i) => steps[i].side >= 2).map((i) => steps[i]),
      block: current ? { origin: current.origin, side: current.side } : null,
      quadrant: current && !placing ? holeQuadrant(current) : null,
      placed: current && placing ? current.piece : null,
      index: Math.max(0, index + 1),
      current,
      phase,
      ancestors,
    });
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
  }

  function tick() {
    if (at >= last) {
      stop();
      onEnd();
      return;
    }
    at += 1;
    frame();
    timer = setTimeout(tick, 500 / speed());
  }

  return {
    play() { if (!timer) tick(); },
    pause: stop,
    /** Pauses and shows the next (`delta` 1) or the previous (-1) frame. */
    step(delta) {
      stop();
      at = Math.max(0, Math.min(last, at + delta));
      frame();
      if (at >= last) onEnd();
    },
    get playing() { return timer !== null; },
    get finished() { return at >= last; },
    redraw: frame,
  };
}

/**
 * The recursion as a tree beside the board: one line per call (indented by depth), filled once
 * into the list `list`; `show(index, ancestors)` marks the calls done, the current one and its
 * ancestors, and scrolls the list (not the page) to the current call.
 */
export function createTree(list, steps, label) {
  list.replaceChildren(...steps.map((step, i) => {
    const item = document.createElement('li');
    item.style.paddingLeft = `${step.depth * 0.9}rem`;
    item.textContent = label(step);
    item.dataset.step = String(i);
    return item;
  }));
  return {
    show(current, ancestors) {
      const up = new Set(ancestors);
      for (const item of list.children) {
        const i = Number(item.dataset.step);
        item.className = i === current ? 'current' : up.has(i) ? 'ancestor' : i < current ? 'done' : '';
      }
      const item = list.children[current];
      if (item) list.scrollTop = item.offsetTop - list.offsetTop - list.clientHeight / 2;
    },
    relabel() {
      for (const item of list.children) item.textContent = label(steps[Number(item.dataset.step)]);
    },
  };
}
