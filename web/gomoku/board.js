// The board as SVG: a wooden board with lines, star points and coordinates; stones with a soft
// gradient and shadow; the last move marked; optional move numbers; the winning row; renju
// forbidden points; and a ghost stone where the pointer hovers or the keyboard's cursor stands.
// It draws what it is given and reports clicks (or Enter/Space) on intersections.

const NS = 'http://www.w3.org/2000/svg';
const CELL = 40;
const MARGIN = 46;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** The star points of a board of side n (the 3-3 points from each corner, sides and centre). */
export function starPoints(n) {
  if (n < 9) return [[(n - 1) / 2, (n - 1) / 2]].filter(([x]) => Number.isInteger(x));
  const edge = n >= 13 ? 3 : 2;
  const far = n - 1 - edge;
  const mid = (n - 1) / 2;
  const points = [[edge, edge], [far, edge], [edge, far], [far, far]];
  if (Number.isInteger(mid)) {
    points.push([mid, mid]);
    if (n >= 19) points.push([mid, edge], [mid, far], [edge, mid], [far, mid]);
  }
  return points;
}

/** `h8` notation of (x, y) from the top-left on a board of side n. */
export function coordName(x, y, n) {
  return String.fromCharCode(97 + x) + String(n - y);
}

export class Board {
  /**
   * Draws into `container`; `onPoint(x, y)` is called when an intersection is clicked (or chosen
   * with Enter/Space), and `onHover(point)` when the pointer or the keyboard's cursor moves to
   * another intersection (null when it leaves). `describe(x, y)` words a point for screen
   * readers as the cursor reaches it.
   */
  constructor(container, onPoint, onHover = () => {}, describe = (x, y) => coordName(x, y, this.size)) {
    this.container = container;
    this.onPoint = onPoint;
    this.onHover = onHover;
    this.describe = describe;
    this.size = 0;
    this.svg = el('svg', { class: 'gm-board', role: 'application', tabindex: '0' });
    container.appendChild(this.svg);
    this.spoken = document.createElement('p');
    this.spoken.className = 'visually-hidden';
    this.spoken.setAttribute('aria-live', 'polite');
    container.appendChild(this.spoken);
    this.keyboard();
    this.hover = null;
    this.state = null;
    this.svg.addEventListener('pointermove', (e) => this.pointer(e));
    this.svg.addEventListener('pointerleave', () => {
      if (this.touched && this.preview) return; // a lifted finger leaves; its preview stays
      this.hover = null;
      this.drawGhost();
      this.onHover(null);
    });
    // On a touch screen a finger hides the point it taps: the first tap shows the stone there
    // (a preview), a second tap on the same point plays it, a tap elsewhere moves the preview.
    this.touched = false;
    this.preview = null;
    this.svg.addEventListener('pointerdown', (e) => { this.touched = e.pointerType === 'touch' || e.pointerType === 'pen'; });
    this.svg.addEventListener('click', (e) => {
      const p = this.pointAt(e);
      if (!p || !this.state || !this.state.interactive) return;
      const confirmed = this.preview && this.preview[0] === p[0] && this.preview[1] === p[1];
      if (this.touched && !confirmed) {
        this.preview = p;
        this.moveCursor(p);
        return;
      }
      this.preview = null;
      this.onPoint(p[0], p[1]);
    });
  }

  /** Arrow keys move the cursor (the ghost stone), Enter or Space plays there, Escape hides it. */
  keyboard() {
    this.svg.addEventListener('focus', () => {
      if (!this.size) return;
      const last = this.state && this.state.moves[this.state.moves.length - 1];
      const mid = (this.size - 1) / 2;
      this.moveCursor(this.hover || last || [Math.floor(mid), Math.floor(mid)]);
    });
    this.svg.addEventListener('blur', () => { this.hover = null; this.drawGhost(); this.onHover(null); });
    this.svg.addEventListener('keydown', (event) => {
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const here = this.hover;
      if (steps[event.key] && here) {
        const [dx, dy] = steps[event.key];
        const clamp = (v) => Math.max(0, Math.min(this.size - 1, v));
        this.moveCursor([clamp(here[0] + dx), clamp(here[1] + dy)]);
      } else if ((event.key === 'Enter' || event.key === ' ') && here) {
        if (this.state && this.state.interactive) this.onPoint(here[0], here[1]);
      } else if (event.key === 'Escape') {
        this.hover = null;
        this.drawGhost();
        this.onHover(null);
      } else {
        return;
      }
      event.preventDefault();
    });
  }

  moveCursor(point) {
    this.hover = point;
    this.drawGhost();
    this.onHover(point);
    this.spoken.textContent = this.describe(point[0], point[1]);
  }

  /** The intersection nearest to a pointer event, or null when off the board. */
  pointAt(event) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm || !this.size) return null;
    const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    const x = Math.round((pt.x - MARGIN) / CELL);
    const y = Math.round((pt.y - MARGIN) / CELL);
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return null;
    return [x, y];
  }

  pointer(event) {
    const p = this.pointAt(event);
    const same = p && this.hover && p[0] === this.hover[0] && p[1] === this.hover[1];
    if (same || (!p && !this.hover)) return;
    this.hover = p;
    this.drawGhost();
    this.onHover(p);
  }

  /** Builds the static board (wood, lines, stars, coordinates) for a side of n. */
  build(n, label) {
    this.size = n;
    const span = (n - 1) * CELL + 2 * MARGIN;
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${span} ${span}`);
    this.svg.setAttribute('aria-label', label);
    const defs = el('defs', {}, this.svg);
    const wood = el('linearGradient', { id: 'gm-wood', x1: '0', y1: '0', x2: '1', y2: '1' }, defs);
    el('stop', { offset: '0', 'stop-color': '#e9c27d' }, wood);
    el('stop', { offset: '.5', 'stop-color': '#dcae62' }, wood);
    el('stop', { offset: '1', 'stop-color': '#cf9d52' }, wood);
    const grain = el('filter', { id: 'gm-grain', x: '0', y: '0', width: '100%', height: '100%' }, defs);
    el('feTurbulence', { type: 'fractalNoise', baseFrequency: '0.012 0.28', numOctaves: '2', seed: '7', result: 'noise' }, grain);
    el('feColorMatrix', { in: 'noise', type: 'matrix', values: '0 0 0 0 0.45  0 0 0 0 0.28  0 0 0 0 0.1  0 0 0 0.22 0' }, grain);
    const black = el('radialGradient', { id: 'gm-black', cx: '.35', cy: '.3', r: '.75' }, defs);
    el('stop', { offset: '0', 'stop-color': '#6b6b6b' }, black);
    el('stop', { offset: '.45', 'stop-color': '#232323' }, black);
    el('stop', { offset: '1', 'stop-color': '#050505' }, black);
    const white = el('radialGradient', { id: 'gm-white', cx: '.35', cy: '.3', r: '.8' }, defs);
    el('stop', { offset: '0', 'stop-color': '#ffffff' }, white);
    el('stop', { offset: '.6', 'stop-color': '#f1efe9' }, white);
    el('stop', { offset: '1', 'stop-color': '#c9c4b8' }, white);
    const shadow = el('filter', { id: 'gm-shadow', x: '-30%', y: '-30%', width: '160%', height: '160%' }, defs);
    el('feDropShadow', { dx: '1.6', dy: '2.2', stdDeviation: '1.6', 'flood-color': '#3b2408', 'flood-opacity': '.45' }, shadow);

    el('rect', { x: 0, y: 0, width: span, height: span, rx: 10, fill: 'url(#gm-wood)' }, this.svg);
    el('rect', { x: 0, y: 0, width: span, height: span, rx: 10, filter: 'url(#gm-grain)' }, this.svg);
    const lines = el('g', { class: 'gm-lines', stroke: '#4a3212', 'stroke-width': '1.1', 'stroke-linecap': 'square' }, this.svg);
    const end = MARGIN + (n - 1) * CELL;
    for (let i = 0; i < n; i++) {
      const c = MARGIN + i * CELL;
      el('line', { x1: MARGIN, y1: c, x2: end, y2: c }, lines);
      el('line', { x1: c, y1: MARGIN, x2: c, y2: end }, lines);
    }
    el('rect', { x: MARGIN, y: MARGIN, width: end - MARGIN, height: end - MARGIN, fill: 'none', 'stroke-width': '2.2' }, lines);
    for (const [x, y] of starPoints(n)) {
      el('circle', { class: 'gm-star', cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: 4.6, fill: '#4a3212' }, this.svg);
    }
    const coords = el('g', { class: 'gm-coords', fill: '#5a3d17', 'font-size': '15', 'text-anchor': 'middle', 'font-family': 'system-ui, sans-serif' }, this.svg);
    for (let i = 0; i < n; i++) {
      const c = MARGIN + i * CELL;
      const letter = String.fromCharCode(97 + i);
      el('text', { x: c, y: MARGIN - 24, 'dominant-baseline': 'middle' }, coords).textContent = letter;
      el('text', { x: c, y: end + 26, 'dominant-baseline': 'middle' }, coords).textContent = letter;
      el('text', { x: MARGIN - 27, y: c, 'dominant-baseline': 'middle' }, coords).textContent = String(n - i);
      el('text', { x: end + 27, y: c, 'dominant-baseline': 'middle' }, coords).textContent = String(n - i);
    }
    this.marks = el('g', { class: 'gm-marks' }, this.svg);
    this.stones = el('g', { class: 'gm-stones' }, this.svg);
    this.overlay = el('g', { class: 'gm-overlay' }, this.svg);
    this.ghost = el('g', { class: 'gm-ghost', 'pointer-events': 'none' }, this.svg);
  }

  /**
   * Draws a position. `state`: {size, moves: [[x, y]...] (Black first), numbers, winLine,
   * forbidden: [{x, y, kind}], hint: [x, y] or null (the engine's suggestion, ringed), toMove:
   * 'black'|'white', interactive, label, forbiddenTitle(kind), extra: [{x, y, color, n}] (stones
   * of a line shown on top, numbered), annotations: [{x, y, text, kind}] (marks on points: `best`
   * for the analysis's moves, `threat-black` / `threat-white` for threat points, `offer` for
   * offered fifth moves), region: the side of the central square the next stone must stand in}.
   */
  draw(state) {
    if (state.size !== this.size) this.build(state.size, state.label);
    // A preview stands only on the position it was tapped on.
    if (this.preview && this.state && state.moves.length !== this.state.moves.length) this.preview = null;
    this.state = state;
    this.svg.setAttribute('aria-label', state.label);
    this.svg.classList.toggle('interactive', !!state.interactive);
    this.stones.replaceChildren();
    this.marks.replaceChildren();
    this.overlay.replaceChildren();
    const n = state.size;
    state.moves.forEach(([x, y], i) => {
      const color = i % 2 === 0 ? 'black' : 'white';
      const g = el('g', { class: `gm-stone ${color}`, 'data-x': x, 'data-y': y, 'data-n': i + 1, 'data-coord': coordName(x, y, n) }, this.stones);
      const cx = MARGIN + x * CELL;
      const cy = MARGIN + y * CELL;
      el('circle', { cx, cy, r: CELL * 0.46, fill: `url(#gm-${color})`, filter: 'url(#gm-shadow)' }, g);
      if (state.numbers) {
        el('text', {
          x: cx, y: cy + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          class: 'gm-number', 'font-size': i + 1 >= 100 ? 13 : 16, fill: color === 'black' ? '#f4f1ea' : '#1d1d1d',
        }, g).textContent = String(i + 1);
      }
    });
    // Stones of a line being shown (an analysed forced win), numbered from 1 in its own order.
    for (const s of state.extra || []) {
      const cx = MARGIN + s.x * CELL;
      const cy = MARGIN + s.y * CELL;
      const g = el('g', { class: `gm-stone gm-extra ${s.color}`, 'data-x': s.x, 'data-y': s.y, 'data-n': s.n }, this.stones);
      el('circle', { cx, cy, r: CELL * 0.46, fill: `url(#gm-${s.color})`, filter: 'url(#gm-shadow)' }, g);
      el('circle', { cx, cy, r: CELL * 0.46, fill: 'none', stroke: '#1e6fd9', 'stroke-width': 2.2 }, g);
      el('text', {
        x: cx, y: cy + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        class: 'gm-number', 'font-size': 16, fill: s.color === 'black' ? '#f4f1ea' : '#1d1d1d',
      }, g).textContent = String(s.n);
    }
    // The central square an opening rule confines the next stone to.
    if (state.region) {
      const half = Math.floor(state.region / 2);
      const c = Math.floor(n / 2);
      const lo = MARGIN + (c - half) * CELL - CELL / 2;
      const side = state.region * CELL;
      el('rect', {
        class: 'gm-region', x: lo, y: lo, width: side, height: side, rx: 6,
        fill: 'rgba(30,111,217,.08)', stroke: '#1e6fd9', 'stroke-width': 2, 'stroke-dasharray': '8 5',
      }, this.marks);
    }
    // Marks on empty points: the analysis's best moves (numbered by rank) and threat points
    // (5, 4, 3: Black's above left, White's below right, so that both fit on one point).
    for (const m of state.annotations || []) {
      if (m.kind === 'offer') {
        // A Taraguchi fifth move offered: a black ring numbered in the order offered.
        const cx = MARGIN + m.x * CELL;
        const cy = MARGIN + m.y * CELL;
        const g = el('g', { class: 'gm-mark gm-mark-offer', 'data-x': m.x, 'data-y': m.y }, this.marks);
        el('circle', { cx, cy, r: CELL * 0.4, fill: 'rgba(20,20,20,.25)', stroke: '#111', 'stroke-width': 2.5, 'stroke-dasharray': '5 3' }, g);
        el('text', { x: cx, y: cy + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'gm-number', 'font-size': 15, fill: '#111' }, g).textContent = m.text;
        continue;
      }
      const threat = m.kind.startsWith('threat-');
      const white = m.kind === 'threat-white';
      const shift = threat ? (white ? 9 : -9) : 0;
      const cx = MARGIN + m.x * CELL + shift;
      const cy = MARGIN + m.y * CELL + shift;
      const g = el('g', { class: `gm-mark gm-mark-${m.kind}`, 'data-x': m.x, 'data-y': m.y }, this.marks);
      const r = threat ? 8.5 : CELL * 0.36;
      const fill = threat ? (white ? '#fbfaf6' : '#202020') : 'rgba(30,111,217,.9)';
      el('circle', { cx, cy, r, fill, stroke: threat ? '#4a3212' : '#fff', 'stroke-width': threat ? 1 : 2 }, g);
      el('text', {
        x: cx, y: cy + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central', class: 'gm-number',
        'font-size': threat ? 11 : 15, fill: threat && white ? '#1d1d1d' : '#fff',
      }, g).textContent = m.text;
    }
    const last = state.moves[state.moves.length - 1];
    if (last) {
      const color = state.moves.length % 2 === 1 ? 'black' : 'white';
      const cx = MARGIN + last[0] * CELL;
      const cy = MARGIN + last[1] * CELL;
      if (state.numbers) {
        el('circle', { class: 'gm-last', cx, cy, r: CELL * 0.49, fill: 'none', stroke: '#d1352b', 'stroke-width': 2.4 }, this.overlay);
      } else {
        el('circle', { class: 'gm-last', cx, cy, r: 5.5, fill: color === 'black' ? '#ff5a4f' : '#d1352b' }, this.overlay);
      }
    }
    if (state.winLine && state.winLine.length) {
      const [a, b] = [state.winLine[0], state.winLine[state.winLine.length - 1]];
      el('line', {
        class: 'gm-win-line', x1: MARGIN + a[0] * CELL, y1: MARGIN + a[1] * CELL, x2: MARGIN + b[0] * CELL, y2: MARGIN + b[1] * CELL,
        stroke: '#e53e3e', 'stroke-width': 6, 'stroke-linecap': 'round', opacity: '.85',
      }, this.marks);
      for (const [x, y] of state.winLine) {
        el('circle', { class: 'gm-win-mark', cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * 0.5, fill: 'none', stroke: '#f6c343', 'stroke-width': 4 }, this.overlay);
      }
    }
    if (state.hint) {
      const [x, y] = state.hint;
      el('circle', {
        class: 'gm-hint', cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * 0.4, fill: 'none',
        stroke: '#1e6fd9', 'stroke-width': 3.5, 'stroke-dasharray': '6 4',
      }, this.marks);
    }
    for (const f of state.forbidden || []) {
      const cx = MARGIN + f.x * CELL;
      const cy = MARGIN + f.y * CELL;
      const g = el('g', { class: 'gm-forbidden', 'data-x': f.x, 'data-y': f.y, 'data-kind': f.kind }, this.marks);
      const d = 8;
      el('path', { d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}`, stroke: '#c53030', 'stroke-width': 3.2, 'stroke-linecap': 'round' }, g);
      if (state.forbiddenTitle) el('title', {}, g).textContent = state.forbiddenTitle(f.kind);
    }
    this.drawGhost();
  }

  /** The translucent stone (or a forbidden warning) under the pointer. */
  drawGhost() {
    if (!this.ghost) return;
    this.ghost.replaceChildren();
    const s = this.state;
    if (!s || !this.hover) return;
    const [x, y] = this.hover;
    const cx = MARGIN + x * CELL;
    const cy = MARGIN + y * CELL;
    if (document.activeElement === this.svg) {
      el('rect', { class: 'gm-cursor', x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, rx: 6 }, this.ghost);
    }
    if (!s.interactive || s.moves.some(([mx, my]) => mx === x && my === y)) return;
    const forbidden = (s.forbidden || []).find((f) => f.x === x && f.y === y);
    if (forbidden) {
      el('circle', { cx, cy, r: CELL * 0.44, fill: 'rgba(197,48,48,.18)', stroke: '#c53030', 'stroke-width': 2, 'stroke-dasharray': '4 3' }, this.ghost);
      return;
    }
    el('circle', { class: 'gm-hover', cx, cy, r: CELL * 0.46, fill: `url(#gm-${s.toMove})`, opacity: '.5' }, this.ghost);
  }
}
