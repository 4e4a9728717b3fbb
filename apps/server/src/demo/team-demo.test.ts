import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/identity-helpers';
import { createTestApp } from '../../test/test-app';
import { DEMO_STORE_LOGIN, DEMO_STORE_THERAPIST_LOGIN, seedDemo } from '.';

// The demo as `npm start` loads it: the demo store's team group holds the counter and a therapist.
const { app, database } = await createTestApp();

async function login(phone: { areaCode: string; phone: string; password: string }): Promise<string> {
  const response = (
    await call(app, {
      method: 'POST',
      url: '/app/auth/login/password',
      payload: { areaCode: phone.areaCode, phone: phone.phone, password: phone.password },
    })
  ).json();
  if (response.code !== 0) throw new Error(JSON.stringify(response));
  return response.data.token as string;
}

const groupsOf = async (token: string) =>
  (await call(app, { method: 'GET', url: '/app/chat/conversations', token }))
    .json()
    .data.items.filter((item: { type: number }) => item.type === 2);

beforeAll(async () => {
  await seedDemo(database.db, new Date());
}, 120_000);

describe('the demo store team', () => {
  it('shows the store counter and the store therapist one team group, with a welcome message', async () => {
    const counter = await login(DEMO_STORE_LOGIN);
    const therapist = await login(DEMO_STORE_THERAPIST_LOGIN);
    const [counterGroup] = await groupsOf(counter);
    const [therapistGroup] = await groupsOf(therapist);
    expect(counterGroup).toMatchObject({ groupInfo: { kind: 'storeTeam' }, unreadCount: 0 });
    expect(therapistGroup).toMatchObject({
      id: counterGroup.id,
      unreadCount: 1,
      lastMessage: { body: 'Welcome to the team chat! Shift notes and questions go here.' },
    });
    const detail = (
      await call(app, { method: 'GET', url: `/app/chat/groups/${counterGroup.groupId}`, token: therapist })
    ).json().data;
    expect(detail.members.map((member: { role: string }) => member.role).sort()).toEqual([
      'staff',
      'therapist',
    ]);
    // A second start loads nothing twice.
    expect(await seedDemo(database.db, new Date())).toBe(false);
  });
});
