// A player's page: its ratings (provisional ones marked "?"), the history of one drawn as a
// chart, and the games it played against other players.

import { displayName } from '/js/shell.js';
import { api, ApiError } from '/js/api.js';
import { applyTranslations, currentLanguage, errorText, registerStrings, t } from '/js/i18n.js';

registerStrings({
  'zh-CN': {
    'player.since': '{date} 加入',
    'player.col.game': '棋类',
    'player.col.rating': '等级分',
    'player.col.players': '对局双方',
    'player.col.mode': '类型',
    'player.mode.rated': '计分',
    'player.mode.casual': '友谊',
    'player.ratings': '等级分',
    'player.speed': '快慢',
    'player.record': '胜 / 和 / 负',
    'player.no_ratings': '还没有计分对局。',
    'player.chart': '{game} · {speed} 等级分走势',
    'player.show_chart': '走势',
    'player.games': '对局',
    'player.no_games': '还没有与其他棋手的对局。',
    'player.date': '日期',
    'player.result': '结果',
    'player.open': '打开',
    'player.ongoing': '进行中',
    'player.aborted': '已中止',
    'player.draw': '和棋',
    'player.won': '{seat}胜',
    'player.not_found': '没有这位棋手。',
    'speed.bullet': '超快棋', 'speed.blitz': '快棋', 'speed.rapid': '中速棋', 'speed.classical': '慢棋',
    'seat.red': '红', 'seat.black': '黑', 'seat.white': '白',
    'game.xiangqi': '象棋', 'game.gomoku': '五子棋',
  },
  en: {
    'player.since': 'Joined {date}',
    'player.col.game': 'Game',
    'player.col.rating': 'Rating',
    'player.col.players': 'Players',
    'player.col.mode': 'Mode',
    'player.mode.rated': 'Rated',
    'player.mode.casual': 'Casual',
    'player.ratings': 'Ratings',
    'player.speed': 'Speed',
    'player.record': 'Won / drawn / lost',
    'player.no_ratings': 'No rated games yet.',
    'player.chart': '{game} · {speed} rating over time',
    'player.show_chart': 'History',
    'player.games': 'Games',
    'player.no_games': 'No games against other players yet.',
    'player.date': 'Date',
    'player.result': 'Result',
    'player.open': 'Open',
    'player.ongoing': 'ongoing',
    'player.aborted': 'aborted',
    'player.draw': 'draw',
    'player.won': '{seat} won',
    'player.not_found': 'There is no such player.',
    'speed.bullet': 'Bullet', 'speed.blitz': 'Blitz', 'speed.rapid': 'Rapid', 'speed.classical': 'Classical',
    'seat.red': 'Red', 'seat.black': 'Black', 'seat.white': 'White',
    'game.xiangqi': 'Xiangqi', 'game.gomoku': 'Gomoku',
  },
});

applyTranslations();

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get('id') || '';
const page = { player: null, games: [], chart: null, history: [] };
const names = new Map();

const date = (text) => new Date(text).toLocaleDateString(currentLanguage(), { dateStyle: 'medium' });

function cell(row, content, className) {
  const td = document.createElement('td');
  if (className) td.className = className;
  if (content instanceof Node) td.append(content); else td.textContent = content;
  row.append(td);
}

function nameOf(playerId) {
  if (!names.has(playerId)) {
    names.set(playerId, null);
    api('GET', `/api/players/${encodeURIComponent(playerId)}`).then((p) => { names.set(playerId, displayName(p)); render(); }, () => {});
  }
  return names.get(playerId) || displayName({ name: null, tag: playerId.slice(0, 4) });
}

function resultText(game) {
  if (game.status === 'ongoing') return t('player.ongoing');
  if (game.status === 'abandoned') return t('player.aborted');
  const winner = game.result && game.result.winner;
  return winner ? t('player.won', { seat: t(`seat.${winner}`) }) : t('player.draw');
}

/** Draws the rating history as a line with its points, the axis labelled by rating. */
function drawChart() {
  const svg = $('chart');
  const points = page.history;
  $('chart-box').hidden = !page.chart || points.length === 0;
  if ($('chart-box').hidden) return;
  $('chart-title').textContent = t('player.chart', { game: t(`game.${page.chart.game}`), speed: t(`speed.${page.chart.speed}`) });
  const ratings = [1500, ...points.map((p) => p.rating)];
  const lo = Math.floor((Math.min(...ratings) - 50) / 100) * 100;
  const hi = Math.ceil((Math.max(...ratings) + 50) / 100) * 100;
  const x = (i) => 50 + (i * 570) / Math.max(1, ratings.length - 1);
  const y = (r) => 200 - ((r - lo) * 180) / (hi - lo);
  const ns = 'http://www.w3.org/2000/svg';
  const el = (name, attrs, text) => {
    const node = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const parts = [];
  for (let r = lo; r <= hi; r += 100) {
    parts.push(el('line', { x1: 50, x2: 620, y1: y(r), y2: y(r), class: 'grid' }));
    parts.push(el('text', { x: 44, y: y(r) + 4, 'text-anchor': 'end' }, String(r)));
  }
  parts.push(el('polyline', { points: ratings.map((r, i) => `${x(i)},${y(r)}`).join(' '), class: 'line' }));
  ratings.forEach((r, i) => parts.push(el('circle', { cx: x(i), cy: y(r), r: 3.5, class: 'dot' }, undefined)));
  svg.setAttribute('aria-label', $('chart-title').textContent);
  svg.replaceChildren(...parts);
}

async function showChart(game, speed) {
  page.chart = { game, speed };
  page.history = await api('GET', `/api/players/${encodeURIComponent(id)}/rating-history?game=${game}&speed=${speed}`);
  drawChart();
}

function render() {
  const p = page.player;
  if (!p) return;
  $('player-name').textContent = displayName(p);
  $('player-since').textContent = t('player.since', { date: date(p.created_at) });
  document.title = `${displayName(p)} · qipan`;
  $('ratings').querySelector('tbody').replaceChildren(...p.ratings.map((r) => {
    const row = document.createElement('tr');
    cell(row, t(`game.${r.game}`));
    cell(row, t(`speed.${r.speed}`));
    cell(row, `${r.rating}${r.provisional ? '?' : ''} ± ${r.deviation}`, 'num');
    cell(row, `${r.wins} / ${r.draws} / ${r.losses}`, 'num');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'button small';
    b.textContent = t('player.show_chart');
    b.addEventListener('click', () => showChart(r.game, r.speed));
    cell(row, b);
    return row;
  }));
  $('ratings-empty').hidden = p.ratings.length > 0;
  $('games').querySelector('tbody').replaceChildren(...page.games.map((g) => {
    const row = document.createElement('tr');
    cell(row, date(g.updated_at));
    cell(row, t(`game.${g.kind}`));
    cell(row, g.seats.map((s) => `${t(`seat.${s.seat}`)} ${s.holder.player ? nameOf(s.holder.player) : ''}`).join(' – '));
    cell(row, t(g.rated ? 'player.mode.rated' : 'player.mode.casual'));
    cell(row, resultText(g));
    const a = document.createElement('a');
    a.className = 'button small';
    a.href = `/${g.kind}/?game=${g.id}`;
    a.textContent = t('player.open');
    cell(row, a);
    return row;
  }));
  $('games-empty').hidden = page.games.length > 0;
  drawChart();
}

window.addEventListener('qipan:language', () => { applyTranslations(); render(); });

async function start() {
  try {
    [page.player, page.games] = await Promise.all([
      api('GET', `/api/players/${encodeURIComponent(id)}`),
      api('GET', `/api/players/${encodeURIComponent(id)}/games`),
    ]);
    const first = page.player.ratings[0];
    if (first) await showChart(first.game, first.speed);
    render();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    $('player-message').textContent = err.status === 404 ? t('player.not_found') : errorText(err);
  }
  document.body.dataset.ready = 'true';
}

start();
