// Pseudo-code beside a puzzle's "how it works" view: numbered lines in the page's language, with
// the line that is running highlighted (shared by the three puzzles).

import { t } from './i18n.js';

/**
 * Fills the list element `list` with the lines named by the string keys `keys`. The returned
 * object's `highlight(i)` marks line i (from 0) as running; -1 marks none.
 */
export function createPseudocode(list, keys) {
  let running = -1;
  function draw() {
    list.replaceChildren(...keys.map((key, i) => {
      const line = document.createElement('li');
      line.textContent = t(key);
      if (i === running) {
        line.className = 'running';
        line.setAttribute('aria-current', 'step');
      }
      return line;
    }));
  }
  draw();
  window.addEventListener('qipan:language', draw);
  return {
    highlight(i) { running = i; draw(); },
    get running() { return running; },
  };
}
