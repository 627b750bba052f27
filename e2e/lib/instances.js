// Starting qipan instances of one site for the tests that need several (instances.test.js,
// proxy.test.js): a database of their own on the PostgreSQL server scripts/with-postgres starts
// (QIPAN_TEST_POSTGRES), free ports, and a hard kill.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The PostgreSQL server's address (no database), or undefined: the tests are then skipped. */
export const postgres = process.env.QIPAN_TEST_POSTGRES;

/** Where the instances' logs go. */
export const workdir = mkdtempSync(join(tmpdir(), 'qipan-instances-'));

const running = new Set();

/** A new empty database on the test server; its address. */
export function newDatabase(name) {
  const psql = process.env.QIPAN_TEST_PG_BIN ? join(process.env.QIPAN_TEST_PG_BIN, 'psql') : 'psql';
  execFileSync(psql, [`${postgres}/postgres`, '-qc', `CREATE DATABASE ${name}`]);
  return `${postgres}/${name}`;
}

/** A TCP port nothing listens on now. */
export const freePort = () => new Promise((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
});

/**
 * Starts `qipan serve` on `db` (with `extra` arguments) and waits for its health check; the
 * process, its address and port.
 */
export async function startInstance(db, name, extra = []) {
  const port = await freePort();
  const log = openSync(join(workdir, `${name}.log`), 'a');
  const child = spawn(process.env.QIPAN_BIN, [
    'serve', '--addr', `127.0.0.1:${port}`, '--db', db,
    '--creations-per-minute', '10000', '--creations-per-address-minute', '100000',
    '--guests-per-address-minute', '100000', ...extra,
  ], { stdio: ['ignore', log, log] });
  running.add(child);
  child.on('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, port };
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`instance ${name} did not start (log in ${workdir})`);
}

/** Kills an instance the hard way, as a crash or the OOM killer would, and waits for its end. */
export async function kill9({ child }) {
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await ended;
}

/** Kills every instance still running (after the tests). */
export function killAll() {
  for (const child of running) child.kill('SIGKILL');
}
