// The tray of the four L shapes: select one (click), rotate it, or drag it onto the board.

import { t } from '/js/i18n.js';
import { SHAPES, SHAPE_COLOURS, outlinePath } from './shapes.js';

function shapeSvg(shape) {
  const piece = { x: 0, y: 0, shape };
  return `<svg viewBox="-0.2 -0.2 2.4 2.4" aria-hidden="true"><path d="${outlinePath(piece, 2)}"
    fill="${SHAPE_COLOURS[shape]}" stroke="#2b2118" stroke-width="0.08" stroke-linejoin="round"/></svg>`;
}

/**
 * Builds the tray in `root`. `onSelect(shape)` is called when the selection changes;
 * `onDrag(shape, event, phase)` with phase 'move' or 'drop' while a piece is dragged.
 */
export function createTray(root, { onSelect, onDrag }) {
  let selected = SHAPES[0];
  const buttons = new Map();
  for (const shape of SHAPES) {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'option');
    button.dataset.shape = shape;
    button.dataset.i18nAriaLabel = `tromino.shape.${shape}`; // named again when the language changes
    button.setAttribute('aria-label', t(`tromino.shape.${shape}`));
    button.innerHTML = shapeSvg(shape);
    button.addEventListener('click', () => select(shape));
    button.addEventListener('pointerdown', (event) => startDrag(shape, event));
    root.appendChild(button);
    buttons.set(shape, button);
  }

  function select(shape) {
    selected = shape;
    for (const [s, b] of buttons) b.setAttribute('aria-selected', String(s === shape));
    onSelect(shape);
  }

  function startDrag(shape, event) {
    if (event.button !== 0) return;
    event.preventDefault();
    select(shape);
    const ghost = document.createElement('div');
    ghost.className = 'drag-ghost';
    ghost.innerHTML = shapeSvg(shape);
    ghost.style.width = ghost.style.height = '64px';
    document.body.appendChild(ghost);
    const follow = (e) => {
      ghost.style.left = `${e.clientX - 32}px`;
      ghost.style.top = `${e.clientY - 32}px`;
      onDrag(shape, e, 'move');
    };
    const drop = (e) => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', drop);
      ghost.remove();
      onDrag(shape, e, 'drop');
    };
    follow(event);
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', drop);
  }

  select(selected);
  return {
    get selected() { return selected; },
    select,
  };
}
