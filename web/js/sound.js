// Sounds of play — a move, a capture, a check, the end of a game — synthesised here with the Web
// Audio API (no recordings to ship). Off until the player turns them on; the choice is remembered.

import { t } from './i18n.js';

const STORAGE_KEY = 'qipan.sound';
let context = null;

/** Whether the player has turned the sounds on. */
export function soundOn() {
  try { return localStorage.getItem(STORAGE_KEY) === 'on'; } catch { return false; }
}

function setSound(on) {
  try { localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off'); } catch { /* not remembered */ }
}

/** The audio context, made on the first sound (browsers allow it only after a user gesture). */
function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === 'suspended') context.resume();
  return context;
}

/** A wooden knock: a short burst of noise through a band-pass filter, `at` seconds from now. */
function knock(ctx, { at = 0, pitch = 1400, length = 0.07, volume = 0.6 }) {
  const start = ctx.currentTime + at;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = pitch;
  filter.Q.value = 4;
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(start);
}

/** A soft sine tone of `freq` Hz, `at` seconds from now. */
function tone(ctx, { at = 0, freq, length = 0.18, volume = 0.18 }) {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  osc.frequency.value = freq;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

const SOUNDS = {
  move: (ctx) => knock(ctx, {}),
  capture: (ctx) => { knock(ctx, { pitch: 900, volume: 0.8 }); knock(ctx, { at: 0.06, pitch: 1300, volume: 0.5 }); },
  check: (ctx) => { knock(ctx, {}); tone(ctx, { at: 0.05, freq: 880 }); tone(ctx, { at: 0.2, freq: 660 }); },
  win: (ctx) => [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => tone(ctx, { at: i * 0.12, freq, length: 0.3 })),
};

/** Plays `kind` ('move', 'capture', 'check' or 'win') when the sounds are on. */
export function playSound(kind) {
  if (!soundOn() || !SOUNDS[kind]) return;
  const ctx = audio();
  if (ctx) SOUNDS[kind](ctx);
}

/** Makes `button` the page's sound switch: pressed when on, named in the page's language. */
export function soundSwitch(button) {
  const show = () => {
    const on = soundOn();
    button.setAttribute('aria-pressed', String(on));
    button.textContent = t(on ? 'sound.on' : 'sound.off');
  };
  button.addEventListener('click', () => {
    setSound(!soundOn());
    show();
    playSound('move'); // the first sound also unlocks audio, within the click
  });
  window.addEventListener('qipan:language', show);
  show();
}
