// The player's own page: choose a display name, claim an account (to sign in on another device),
// sign in here with an account, sign out everywhere.

import { displayName, me } from '/js/shell.js';
import { api, ApiError } from '/js/api.js';
import { applyTranslations, errorText, registerStrings, t } from '/js/i18n.js';

registerStrings({
  'zh-CN': {
    'me.title': '我的资料',
    'me.public_page': '我的棋手页面（等级分与对局）',
    'me.who': '你现在的身份：{name}',
    'me.name_title': '显示名称',
    'me.name_hint': '对手和观众看到的名字。留空则显示为游客。',
    'me.name_label': '名称',
    'me.save': '保存',
    'me.saved': '已保存。',
    'me.claim_title': '注册账号',
    'me.claim_hint': '设置账号和密码后，可以在其他设备上登录，继续你的对局。',
    'me.username': '账号',
    'me.password': '密码（至少 8 个字符）',
    'me.claim': '注册',
    'me.claimed': '账号已注册。',
    'me.account_title': '账号',
    'me.account_name': '账号：{username}',
    'me.sign_out_everywhere': '在所有设备上退出',
    'me.signed_out': '已在所有设备上退出，现在你是新的游客。',
    'me.signin_title': '登录',
    'me.signin_hint': '用已有账号在这台设备上登录。当前游客身份的对局会留在游客身份下。',
    'me.signin': '登录',
    'me.signed_in': '已登录。',
    'error.bad_name': '名称需要 1 到 32 个可见字符。',
    'error.name_taken': '这个名称已被其他棋手使用（不区分大小写）。',
    'error.bad_username': '账号需要 3 到 24 个字符，只能用字母 a-z、数字、“_”或“-”。',
    'error.bad_password': '密码需要 8 到 256 个字符。',
    'error.username_taken': '这个账号已被注册。',
    'error.already_claimed': '你已经有账号了。',
    'error.wrong_credentials': '账号或密码不正确。',
    'error.no_account': '游客没有账号可以重新登录：请先注册账号，否则你的对局会丢失。',
  },
  en: {
    'me.title': 'My profile',
    'me.public_page': 'My player page (ratings and games)',
    'me.who': 'You are playing as {name}',
    'me.name_title': 'Display name',
    'me.name_hint': 'The name opponents and spectators see. Leave it empty to show as a guest.',
    'me.name_label': 'Name',
    'me.save': 'Save',
    'me.saved': 'Saved.',
    'me.claim_title': 'Create an account',
    'me.claim_hint': 'With an account name and a password you can sign in on other devices and go on with your games.',
    'me.username': 'Account name',
    'me.password': 'Password (8 characters or more)',
    'me.claim': 'Create account',
    'me.claimed': 'Your account is created.',
    'me.account_title': 'Account',
    'me.account_name': 'Account: {username}',
    'me.sign_out_everywhere': 'Sign out everywhere',
    'me.signed_out': 'Signed out on every device; you are a new guest now.',
    'me.signin_title': 'Sign in',
    'me.signin_hint': "Sign in on this device with an account you have. This guest's games stay with the guest.",
    'me.signin': 'Sign in',
    'me.signed_in': 'Signed in.',
    'error.bad_name': 'A name has 1 to 32 visible characters.',
    'error.name_taken': 'Another player has this name (in some mix of capitals).',
    'error.bad_username': "An account name has 3 to 24 letters a-z, digits, '_' or '-'.",
    'error.bad_password': 'A password has 8 to 256 characters.',
    'error.username_taken': 'This account name is taken.',
    'error.already_claimed': 'You already have an account.',
    'error.wrong_credentials': 'No account with that name and password.',
    'error.no_account': 'A guest has no account to sign back in with: create one first, or your games would be lost.',
  },
});

applyTranslations();

const $ = (id) => document.getElementById(id);
let player = null;

function say(key, params, kind = 'ok', text = null) {
  const box = $('me-message');
  box.textContent = text ?? t(key, params);
  box.className = `me-message ${kind}`;
}

function explain(err) {
  if (!(err instanceof ApiError)) return say('error.generic', {}, 'bad');
  return say(null, {}, 'bad', errorText(err));
}

function draw() {
  if (!player) return;
  $('me-who').textContent = t('me.who', { name: displayName(player) });
  $('me-public').href = `/player/?id=${encodeURIComponent(player.id)}`;
  $('name-input').value = player.name || '';
  $('account-claim').hidden = Boolean(player.username);
  $('account-owned').hidden = !player.username;
  if (player.username) $('owned-name').textContent = t('me.account_name', { username: player.username });
  const chip = document.getElementById('player-chip');
  if (chip) chip.textContent = displayName(player);
}

async function act(call, doneKey) {
  try {
    player = await call();
    draw();
    say(doneKey);
  } catch (err) {
    explain(err);
  }
}

$('name-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = $('name-input').value.trim();
  act(() => api('PUT', '/api/me/name', { name: name || null }), 'me.saved');
});

$('claim-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const body = { username: $('claim-username').value, password: $('claim-password').value };
  act(() => api('POST', '/api/me/account', body), 'me.claimed');
});

$('signin-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const body = { username: $('signin-username').value, password: $('signin-password').value };
  act(() => api('POST', '/api/session', body), 'me.signed_in');
});

$('sign-out-everywhere').addEventListener('click', () => {
  act(async () => {
    await api('POST', '/api/me/sign-out-everywhere');
    return api('GET', '/api/me');
  }, 'me.signed_out');
});

window.addEventListener('qipan:language', draw);

player = await me;
draw();
document.getElementById('main').dataset.ready = 'true';
