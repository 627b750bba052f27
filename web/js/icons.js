// The five games' icons, drawn as inline SVG (no images, no network).

const XIANGQI = `
<svg viewBox="0 0 64 64" aria-hidden="true">
  <circle cx="32" cy="32" r="27" fill="#f6e3b4" stroke="#8b4513" stroke-width="3"/>
  <circle cx="32" cy="32" r="21" fill="none" stroke="#b22222" stroke-width="2"/>
  <text x="32" y="41" text-anchor="middle" font-size="26" font-weight="700" fill="#b22222"
        font-family="'Noto Serif CJK SC','Source Han Serif SC','SimSun',serif">帥</text>
</svg>`;

const GOMOKU = `
<svg viewBox="0 0 64 64" aria-hidden="true">
  <rect x="4" y="4" width="56" height="56" rx="6" fill="#e3b76b"/>
  <g stroke="#6b4a1e" stroke-width="1.5">
    <path d="M12 12V52M22 12V52M32 12V52M42 12V52M52 12V52M12 12H52M12 22H52M12 32H52M12 42H52M12 52H52"/>
  </g>
  <circle cx="22" cy="22" r="5" fill="#1b1b1b"/><circle cx="32" cy="32" r="5" fill="#1b1b1b"/>
  <circle cx="42" cy="42" r="5" fill="#1b1b1b"/><circle cx="42" cy="22" r="5" fill="#fafafa" stroke="#555"/>
  <circle cx="22" cy="42" r="5" fill="#fafafa" stroke="#555"/>
</svg>`;

const LINK = `
<svg viewBox="0 0 64 64" aria-hidden="true">
  <rect x="6" y="8" width="20" height="24" rx="4" fill="#fff7e6" stroke="#2b6cb0" stroke-width="2.5"/>
  <rect x="38" y="32" width="20" height="24" rx="4" fill="#fff7e6" stroke="#2b6cb0" stroke-width="2.5"/>
  <circle cx="16" cy="20" r="6" fill="#e53e3e"/><circle cx="48" cy="44" r="6" fill="#e53e3e"/>
  <path d="M26 20H32V44H38" fill="none" stroke="#38a169" stroke-width="3" stroke-linecap="round"
        stroke-linejoin="round" stroke-dasharray="4 3"/>
</svg>`;

const KNIGHT = `
<svg viewBox="0 0 64 64" aria-hidden="true">
  <g>${[0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) =>
    `<rect x="${6 + c * 13}" y="${6 + r * 13}" width="13" height="13" fill="${(r + c) % 2 ? '#8b5a2b' : '#f0d9b5'}"/>`).join('')).join('')}</g>
  <path d="M12.5 51.5L25.5 38.5L38.5 45L51.5 12.5" fill="none" stroke="#c53030" stroke-width="3"
        stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="51.5" cy="12.5" r="5" fill="#c53030"/>
</svg>`;

const TROMINO = `
<svg viewBox="0 0 64 64" aria-hidden="true">
  <g stroke="#fff" stroke-width="1.5">
    <path d="M6 6H32V19H19V32H6Z" fill="#3182ce"/>
    <path d="M32 6H58V32H45V19H32Z" fill="#dd6b20"/>
    <path d="M6 32H19V45H32V58H6Z" fill="#38a169"/>
    <path d="M45 32H58V58H32V45H45Z" fill="#805ad5"/>
    <path d="M19 19H45V45H32V32H19Z" fill="#e53e3e"/>
  </g>
  <rect x="19" y="32" width="13" height="13" fill="#1a202c"/>
</svg>`;

/** SVG markup of each game's icon, by game kind. */
export const ICONS = { xiangqi: XIANGQI, gomoku: GOMOKU, link: LINK, knight: KNIGHT, tromino: TROMINO };

/** The games in the order the home page shows them. */
export const GAMES = ['xiangqi', 'gomoku', 'link', 'knight', 'tromino'];
