import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, grantRoles, PASSWORD, registerUser } from '../../../test/identity-helpers';
import { createTestApp } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// Decision 107: a staff session lasts a 12-hour shift of use, and the socket's keep-alive is a use
// of the same sliding session; on a fixed clock, so nothing waits for real hours.
const clock = fixedClock(new Date());
const { app, database } = await createTestApp({ clock });
await app.listen({ port: 0, host: '127.0.0.1' });

async function staffLogin() {
  const staff = await registerUser(app);
  await grantRoles(app, database, staff.user.id, ['customer_service']);
  const login = await call(app, {
    method: 'POST',
    url: '/app/auth/login/password',
    payload: { ...staff.phone, password: PASSWORD },
  });
  expect(login.json().code).toBe(0);
  return login.json().data as { token: string };
}

async function open(token: string) {
  const port = (app.server.address() as AddressInfo).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  const received: Record<string, unknown>[] = [];
  let closedWith: number | null = null;
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  socket.on('close', (code) => {
    closedWith = code;
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  afterAll(() => socket.close());
  const ping = async () => {
    const before = received.length;
    socket.send(JSON.stringify({ op: 'ping' }));
    await expect.poll(() => received.length > before || closedWith !== null, { timeout: 3_000 }).toBe(true);
    return received.at(-1);
  };
  return { ping, closedWith: () => closedWith };
}

const me = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/user/selectUserById', token })).json().code;

describe('a staff session and its live socket', () => {
  it('stays open through a working day of keep-alives, without any other request', async () => {
    const { token } = await staffLogin();
    const socket = await open(token);
    // A shift and more, the page only listening: pings every 25 s (here every 2 hours of clock).
    for (let hours = 0; hours < 14; hours += 2) {
      clock.advance(2 * HOUR);
      expect(await socket.ping()).toEqual({ op: 'pong' });
    }
    expect(socket.closedWith()).toBeNull();
    expect(await me(token)).toBe(0);
  });

  it('ends after 12 idle hours, and the socket is closed as "session ended" at its next ping', async () => {
    const { token } = await staffLogin();
    const socket = await open(token);
    clock.advance(12 * HOUR + MINUTE);
    expect(await socket.ping()).toMatchObject({ op: 'error', code: 401 });
    await expect.poll(() => socket.closedWith(), { timeout: 3_000 }).toBe(4401);
    expect(await me(token)).toBe(401);
  });
});
