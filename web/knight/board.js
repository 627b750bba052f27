// Draws the board as SVG: squares (x from the left, y from the bottom), the numbered trail, the
// reachable squares, a hinted square and the knight.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws `view`: {cols, rows, trail: [[x, y]...], reachable: [[x, y]...], hint: [x, y] | null,
 * degrees: [{square: [x, y], degree, chosen}...], cursor: [x, y] | null (the keyboard's)}.
 * One SVG unit per square; row 0 is drawn at the bottom.
 */
export function drawBoard(svg, { cols, rows, trail = [], reachable = [], hint = null, degrees = [], cursor = null }) {
  svg.setAttribute('viewBox', `0 0 ${cols} ${rows}`);
  svg.style.aspectRatio = `${cols} / ${rows}`;
  svg.parentElement.style.setProperty('--board-aspect', String(cols / rows));
  const step = new Map(trail.map(([x, y], i) => [`${x},${y}`, i + 1]));
  const canReach = new Set(reachable.map(([x, y]) => `${x},${y}`));
  const hinted = hint ? `${hint[0]},${hint[1]}` : null;
  const top = (y) => rows - 1 - y;
  const nodes = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const key = `${x},${y}`;
      const classes = ['cell'];
      if ((x + y) % 2 === 1) classes.push('dark');
      if (step.has(key)) classes.push('visited');
      if (canReach.has(key)) classes.push('reachable');
      if (key === hinted) classes.push('hint');
      nodes.push(el('rect', { class: classes.join(' '), x, y: top(y), width: 1, height: 1, 'data-x': x, 'data-y': y }));
    }
  }
  if (trail.length > 1) {
    const points = trail.map(([x, y]) => `${x + 0.5},${top(y) + 0.5}`).join(' ');
    nodes.push(el('polyline', { class: 'trail', points }));
  }
  const digits = String(cols * rows).length;
  const size = Math.min(0.36, 0.8 / Math.max(2, digits));
  trail.forEach(([x, y], i) => {
    if (i === trail.length - 1) return;
    nodes.push(el('text', { class: 'step', x: x + 0.5, y: top(y) + 0.52, 'font-size': size }, String(i + 1)));
  });
  // Warnsdorff's view of the next move: each candidate's onward degree, the square taken marked.
  for (const { square: [x, y], degree, chosen } of degrees) {
    nodes.push(el('rect', { class: chosen ? 'candidate chosen' : 'candidate', x: x + 0.06, y: top(y) + 0.06, width: 0.88, height: 0.88, rx: 0.12 }));
    nodes.push(el('text', { class: 'degree', x: x + 0.5, y: top(y) + 0.55, 'font-size': 0.42 }, String(degree)));
  }
  const last = trail[trail.length - 1];
  if (last) {
    nodes.push(el('text', { class: 'knight', x: last[0] + 0.5, y: top(last[1]) + 0.55, 'font-size': 0.75 }, '♞'));
  }
  if (cursor) nodes.push(el('rect', { class: 'board-cursor', x: cursor[0] + 0.04, y: top(cursor[1]) + 0.04, width: 0.92, height: 0.92 }));
  svg.replaceChildren(...nodes);
}
