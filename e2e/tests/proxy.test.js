// The deployment of docs/deploy.md, run for real: nginx with docs/deploy/nginx.conf (only the
// name, ports and a self-signed certificate changed) in front of two qipan instances on one
// PostgreSQL database. Two people play over https and wss through the proxy; one instance is
// killed (kill -9) mid-game and both pages go on, reconnected through nginx to the survivor,
// without being reloaded. Needs PostgreSQL (QIPAN_TEST_POSTGRES), nginx and openssl, which
// e2e/run installs when missing; skipped without them.

import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, screenshot } from '../lib/browser.js';
import { clickSquare, inviteFriendAsRed, plyIs } from '../lib/boards.js';
import { freePort, kill9, killAll, newDatabase, postgres, startInstance, workdir } from '../lib/instances.js';

const here = dirname(fileURLToPath(import.meta.url));
const NGINX = '/usr/sbin/nginx';
const skip = !postgres ? 'needs a PostgreSQL server (QIPAN_TEST_POSTGRES; scripts/test sets it)'
  : !existsSync(NGINX) ? 'needs nginx (e2e/run installs it)' : false;

let nginx;
let alice;
let bob;
before(async () => { if (!skip) [alice, bob] = await Promise.all([launchBrowser({ ignoreHTTPSErrors: true }), launchBrowser({ ignoreHTTPSErrors: true })]); });
after(async () => {
  await Promise.all([alice?.close(), bob?.close()]);
  // SIGTERM: nginx's master stops its workers too (a killed master would leave them running).
  if (nginx) await new Promise((resolve) => { nginx.once('exit', resolve); nginx.kill('SIGTERM'); });
  killAll();
});

/** docs/deploy/nginx.conf for this machine: another name, ports and certificate, nothing else. */
function siteConfig(port, upstreams, cert, key) {
  let conf = readFileSync(join(here, '..', '..', 'docs', 'deploy', 'nginx.conf'), 'utf8');
  const servers = conf.match(/^ {4}server 127\.0\.0\.1:\d+ .*$/gm);
  assert.equal(servers.length, 2, 'the documented upstream has two instances');
  conf = conf.replace(servers[0], servers[0].replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreams[0]}`))
    .replace(servers[1], servers[1].replace(/127\.0\.0\.1:\d+/, `127.0.0.1:${upstreams[1]}`))
    // The plain-http server that sends browsers to https is left out: port 80 is not ours here.
    .replace(/server \{\n {4}listen 80;[\s\S]*?\n\}\n/, '')
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/\n {4}listen \[::\]:443 ssl http2;/, '')
    .replaceAll('qipan.example.org', 'localhost')
    .replace(/ssl_certificate {5}\S+;/, `ssl_certificate     ${cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  assert.match(conf, new RegExp(`listen 127.0.0.1:${port} ssl`));
  assert.doesNotMatch(conf, /letsencrypt|example\.org/);
  return conf;
}

test('two people play through nginx over TLS, and play goes on when an instance dies', { skip }, async () => {
  const db = newDatabase(`qipan_e2e_proxy_${process.pid}`);
  const port = await freePort();
  const publicUrl = `https://localhost:${port}`;
  const extra = ['--public-url', publicUrl, '--trusted-proxies', '127.0.0.1'];
  const a = await startInstance(db, 'proxy-a', extra);
  const b = await startInstance(db, 'proxy-b', extra);

  const cert = join(workdir, 'localhost.crt');
  const key = join(workdir, 'localhost.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-keyout', key, '-out', cert], { stdio: 'ignore' });
  writeFileSync(join(workdir, 'site.conf'), siteConfig(port, [a.port, b.port], cert, key));
  writeFileSync(join(workdir, 'nginx.conf'), `
    pid ${workdir}/nginx.pid;
    error_log ${workdir}/nginx-error.log warn;
    events {}
    http {
      access_log ${workdir}/nginx-access.log;
      client_body_temp_path ${workdir}/body;
      proxy_temp_path ${workdir}/proxy;
      fastcgi_temp_path ${workdir}/fastcgi;
      uwsgi_temp_path ${workdir}/uwsgi;
      scgi_temp_path ${workdir}/scgi;
      include ${workdir}/site.conf;
    }`);
  execFileSync(NGINX, ['-t', '-q', '-p', workdir, '-c', join(workdir, 'nginx.conf')]);
  nginx = spawn(NGINX, ['-p', workdir, '-c', join(workdir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    try { execFileSync('curl', ['-fsSk', `${publicUrl}/api/health`], { stdio: 'ignore' }); break; } catch { await new Promise((r) => setTimeout(r, 50)); }
  }

  const red = await openPage(alice, '/xiangqi/', { locale: 'zh-CN', base: publicUrl });
  const link = await inviteFriendAsRed(red);
  assert.ok(link.startsWith(`${publicUrl}/xiangqi/?game=`), link);
  const black = await openPage(bob, link.replace(/^https?:\/\/[^/]+/, ''), { locale: 'en-US', base: publicUrl });
  await black.waitForSelector('#board .xq-piece');
  await red.waitForFunction(() => document.getElementById('status').textContent.startsWith('轮到你走棋'));

  const play = async (mover, watcher, from, to, flipped, ply, timeout = 5000) => {
    await clickSquare(mover, from, flipped);
    await clickSquare(mover, to, flipped);
    await plyIs(mover, ply, timeout);
    await plyIs(watcher, ply, timeout);
  };
  await play(red, black, 'h2', 'e2', false, 1);
  await play(black, red, 'h9', 'g7', true, 2);

  // One instance dies. Each page's socket that was on it drops and reconnects through nginx to
  // the other (pages retry after 3 s); moves still reach the other page without a reload.
  await kill9(a);
  await play(red, black, 'h0', 'g2', false, 3, 15000);
  await play(black, red, 'i9', 'h9', true, 4, 15000);
  await screenshot(red, 'proxy-red-after-an-instance-died');
  const actions = await (await fetch(`${b.url}/api/games/${link.match(/game=(\d+)/)[1]}/actions`)).json();
  assert.deepEqual(actions.map((x) => x.move), ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  // Cookies are Secure behind https; the proxy named each client to qipan.
  const cookies = await alice.cookies(publicUrl);
  assert.ok(cookies.some((c) => c.name.startsWith('qipan') && c.secure), JSON.stringify(cookies));
  const log = readFileSync(join(workdir, 'nginx-access.log'), 'utf8');
  assert.match(log, /GET \/api\/games\/\d+\/events HTTP\/1\.1" 101/, 'the game socket went through nginx');
});
