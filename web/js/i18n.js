// Every visible string in zh-CN and English. Pages mark text with data-i18n="key" (text),
// data-i18n-title / data-i18n-aria-label / data-i18n-placeholder (attributes). Games add their own
// strings with registerStrings(). The language follows the browser until the player picks one,
// and the choice is remembered.

const STORAGE_KEY = 'qipan.lang';
const SUPPORTED = ['zh-CN', 'en'];

const strings = {
  'zh-CN': {
    'app.name': '棋盘',
    'app.tagline': '五种中国经典棋类与谜题，每一种背后都有真正的引擎与求解器。',
    'nav.home': '首页',
    'nav.language': '语言',
    'nav.lobby': '大厅',
    'title.home': '棋盘 qipan',
    'title.xiangqi': '象棋 · qipan',
    'title.gomoku': '五子棋 · qipan',
    'title.link': '连连看 · qipan',
    'title.knight': '马踏棋盘 · qipan',
    'title.tromino': '棋盘覆盖 · qipan',
    'title.me': '我的资料 · qipan',
    'title.lobby': '大厅 · qipan',
    'title.player': '棋手 · qipan',
    'lang.switch': 'English',
    'game.xiangqi.name': '象棋',
    'game.xiangqi.desc': '楚河汉界，严格规则，与人或引擎对弈。',
    'game.gomoku.name': '五子棋',
    'game.gomoku.desc': '自由、标准与连珠规则，挑战威胁空间搜索引擎。',
    'game.link.name': '连连看',
    'game.link.desc': '两次转弯以内连通相同的牌，保证每一局都可以消完。',
    'game.knight.name': '马踏棋盘',
    'game.knight.desc': '让马不重复地走遍棋盘的每一格。',
    'game.tromino.name': '棋盘覆盖',
    'game.tromino.desc': '用 L 型骨牌铺满缺一格的棋盘，观看分治算法。',
    'page.coming_soon': '即将推出',
    'page.coming_soon_detail': '这个游戏的引擎已在开发中，页面很快就会上线。',
    'page.back_home': '返回首页',
    'home.play': '开始',
    'footer.about': '棋盘 qipan：象棋、五子棋、连连看、马踏棋盘、棋盘覆盖',
    'home.recent': '最近的对局',
    'sound.on': '声音：开',
    'sound.off': '声音：关',
    'home.continue': '继续：{game} · {detail}',
    'home.move': '{n} 步',
    'home.moves': '{n} 步',
    'home.status.ongoing': '进行中',
    'home.status.finished': '已结束',
    'home.status.abandoned': '已放弃',
    'error.network': '无法连接服务器，请检查 qipan 是否在运行。',
    'error.generic': '出错了',
    'error.refused': '服务器拒绝了这个操作（代码 {code}）。',
    'error.game_not_found': '找不到地址中的对局 #{id}：它可能已被删除，或链接有误。',
    'error.server': '服务器出错了（代码 {code}），请稍后再试。',
    'error.malformed_json': '请求格式有误，服务器无法读取。',
    'error.invalid_body': '请求内容不完整或有误。',
    'error.bad_path': '地址有误。',
    'error.bad_query': '地址中的参数有误。',
    'error.too_many_creations': '新建得太快了，请稍等片刻再试。',
    'error.too_many_guests': '这台机器新建的游客太多了，请稍后再试。',
    'error.too_many_computations': '服务器正忙于计算，请稍后再试。',
    'error.too_many_watchers': '观战的人太多了，请稍后再试。',
    'error.too_many_sign_ins': '登录尝试太多，请稍后再试。',
    'error.database_busy': '存档正忙，请再试一次。',
    'error.database_unavailable': '存档暂时无法使用，请稍后再试。',
    'error.database_damaged': '存档已损坏，请联系管理员。',
    'error.storage_full': '服务器磁盘已满，这一步没有保存。',
    'error.internal': '服务器内部出错了，请稍后再试。',
    'error.not_your_game': '这盘棋不是你的：你没有座位，只能观看。',
    'player.guest': '游客 {tag}',
    'player.link': '我的资料：{name}',
  },
  en: {
    'app.name': 'qipan',
    'app.tagline': 'Five classic Chinese board games and puzzles, each with a real engine or solver behind it.',
    'nav.home': 'Home',
    'nav.language': 'Language',
    'nav.lobby': 'Lobby',
    'title.home': 'qipan — Chinese board games and puzzles',
    'title.xiangqi': 'Xiangqi · qipan',
    'title.gomoku': 'Gomoku · qipan',
    'title.link': 'Lianliankan · qipan',
    'title.knight': "Knight's tour · qipan",
    'title.tromino': 'Tromino tiling · qipan',
    'title.me': 'My profile · qipan',
    'title.lobby': 'Lobby · qipan',
    'title.player': 'Player · qipan',
    'lang.switch': '中文',
    'game.xiangqi.name': 'Xiangqi',
    'game.xiangqi.desc': 'Chinese chess with strict rules, against a friend or the engine.',
    'game.gomoku.name': 'Gomoku',
    'game.gomoku.desc': 'Five in a row: freestyle, standard and renju, against a threat-space engine.',
    'game.link.name': 'Lianliankan',
    'game.link.desc': 'Join matching tiles with at most two turns; every deal can be cleared.',
    'game.knight.name': "Knight's tour",
    'game.knight.desc': 'Move a knight to visit every square of the board exactly once.',
    'game.tromino.name': 'Tromino tiling',
    'game.tromino.desc': 'Cover a board with one missing square by L-trominoes; watch divide and conquer.',
    'page.coming_soon': 'Coming soon',
    'page.coming_soon_detail': "This game's engine is being built; its page will open soon.",
    'page.back_home': 'Back to the home page',
    'home.play': 'Play',
    'footer.about': 'qipan: Xiangqi, Gomoku, Lianliankan, the knight\'s tour and tromino tiling',
    'home.recent': 'Recent games',
    'sound.on': 'Sound: on',
    'sound.off': 'Sound: off',
    'home.continue': 'Continue: {game} · {detail}',
    'home.move': '{n} move',
    'home.moves': '{n} moves',
    'home.status.ongoing': 'in progress',
    'home.status.finished': 'finished',
    'home.status.abandoned': 'abandoned',
    'error.network': 'Cannot reach the server; check that qipan is running.',
    'error.generic': 'Something went wrong',
    'error.refused': 'The server refused this ({code}).',
    'error.game_not_found': 'The game #{id} in the address cannot be found: it may have been deleted, or the link is wrong.',
    'error.server': 'The server failed ({code}); try again later.',
    'error.malformed_json': 'The request was malformed; the server could not read it.',
    'error.invalid_body': 'The request was incomplete or wrong.',
    'error.bad_path': 'The address is wrong.',
    'error.bad_query': 'A parameter in the address is wrong.',
    'error.too_many_creations': 'Too many new games at once; wait a moment and try again.',
    'error.too_many_guests': 'Too many new guests from this machine; try again later.',
    'error.too_many_computations': 'The server is busy computing; try again in a moment.',
    'error.too_many_watchers': 'Too many people are watching; try again later.',
    'error.too_many_sign_ins': 'Too many sign-in attempts; try again later.',
    'error.database_busy': 'The saves are busy; try once more.',
    'error.database_unavailable': 'The saves are unavailable for now; try again later.',
    'error.database_damaged': 'The saves are damaged; tell the operator.',
    'error.storage_full': "The server's disk is full; this was not saved.",
    'error.internal': 'The server failed inside; try again later.',
    'error.not_your_game': 'This game is not yours: you hold no seat in it and can only watch.',
    'player.guest': 'Guest {tag}',
    'player.link': 'My profile: {name}',
  },
};

/** Adds a page's own strings: registerStrings({'zh-CN': {...}, en: {...}}). */
export function registerStrings(more) {
  for (const lang of SUPPORTED) Object.assign(strings[lang], more[lang] || {});
}

function browserLanguage() {
  const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (const lang of langs) {
    if (/^zh\b/i.test(lang)) return 'zh-CN';
    if (/^en\b/i.test(lang)) return 'en';
  }
  return 'en';
}

/** The language in use: the player's choice if made, else the browser's. */
export function currentLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(STORAGE_KEY); } catch { /* storage may be disabled */ }
  return SUPPORTED.includes(saved) ? saved : browserLanguage();
}

/** The text for a key in the current language, with {name} placeholders filled from params. */
export function t(key, params = {}) {
  const lang = currentLanguage();
  const text = strings[lang][key] ?? strings.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/**
 * A failed API call (an ApiError) in the player's language: the first of the page's own keys
 * (`<prefix><code>` for each prefix given) and `error.<code>` that this language has. Otherwise
 * the server's own message in English, and in Chinese a sentence naming the code — never the
 * server's English inside a Chinese page.
 */
export function errorText(err, prefixes = []) {
  const lang = currentLanguage();
  for (const prefix of [...prefixes, 'error.']) {
    const text = strings[lang][prefix + err.code];
    if (text !== undefined) return t(prefix + err.code, err.details || {});
  }
  if (lang === 'en' && err.message) return err.message;
  return t(err.status >= 500 ? 'error.server' : 'error.refused', { code: err.code });
}

/** Fills every data-i18n element under root. */
export function applyTranslations(root = document) {
  document.documentElement.lang = currentLanguage();
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const attr of ['title', 'aria-label', 'placeholder']) {
    const data = `i18n${attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.dataset[data]));
  }
}

/** Switches language, remembers it, redraws the page's text and tells listeners. */
export function setLanguage(lang) {
  if (!SUPPORTED.includes(lang)) return;
  try { localStorage.setItem(STORAGE_KEY, lang); } catch { /* not remembered, still applied */ }
  applyTranslations();
  window.dispatchEvent(new CustomEvent('qipan:language', { detail: { lang } }));
}

/** The other language, for the switch button. */
export function otherLanguage() {
  return currentLanguage() === 'zh-CN' ? 'en' : 'zh-CN';
}
