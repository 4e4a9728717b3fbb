import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import chatEn from '../../apps/web/src/locales/en/chat.json';
import chatKm from '../../apps/web/src/locales/km/chat.json';
import { DEMO_ACCOUNTS, journeyApi } from '../support/api';
import { lookAt, SCREENSHOTS, signedInContext } from '../support/browser';
import { setUpJourney } from '../support/journey';
import { untilStill } from '../support/still';

// A message reaches the other member through the outbox dispatcher and the socket, which a
// NODE_ENV=test server leaves to the tests: this journey runs the server as a developer would.
const journey = setUpJourney({ env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' } });

const { ok } = journeyApi(journey);

interface Session {
  token: string;
  tokenExpired: number;
  user: { id: number; nickname: string };
}
interface Conversation {
  id: number;
  type: number;
  groupId: number | null;
  groupInfo: { name: string; kind: string } | null;
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  await lookAt(page, { path: `${SCREENSHOTS}chat-group-${name}.png` });
}

const bubbles = (page: Page) => page.getByTestId('chat-message');

describe('the demo store’s team group (en and km)', () => {
  it('two team members exchange messages live, each other’s names over their messages, and the group info page lists the team', async () => {
    const counter = await ok<Session>('/app/auth/login/password', { body: DEMO_ACCOUNTS.store });
    const therapist = await ok<Session>('/app/auth/login/password', { body: DEMO_ACCOUNTS.storeTherapist });
    const list = await ok<{ items: Conversation[] }>('/app/chat/conversations', { token: counter.token });
    const group = list.items.find((item) => item.type === 2);
    expect(group?.groupInfo?.kind).toBe('storeTeam');
    const storeName = group?.groupInfo?.name ?? '';
    // The store's name is read in the reader's language.
    const kmGroup = await ok<Conversation>('/app/chat/conversations', {
      token: therapist.token,
      body: { groupId: group?.groupId },
      headers: { lang: 'km-KH' },
    });
    const storeNameKm = kmGroup.groupInfo?.name ?? '';

    const errors: string[] = [];
    const open = async (context: BrowserContext) => {
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    };

    // The therapist (km) has the group open; the store counter (en) opens it from the list.
    const therapistContext = await signedInContext(journey.launched.browser, therapist, 'km');
    const therapistPage = await open(therapistContext);
    await therapistPage.goto(`${journey.server.baseUrl}/chat/index?group_id=${group?.groupId}`);
    const kmTitle = chatKm.group.storeTeamName.replace('{{name}}', storeNameKm);
    await therapistPage.getByRole('heading', { name: kmTitle }).waitFor();
    // The demo's welcome message from the counter, under the counter's name.
    await bubbles(therapistPage).filter({ hasText: 'Welcome to the team chat!' }).waitFor();
    // Names come from the team's member list, read beside the messages: wait for it, not for a race.
    await expect
      .poll(() =>
        bubbles(therapistPage)
          .filter({ hasText: 'Welcome to the team chat!' })
          .getByTestId('chat-sender')
          .textContent(),
      )
      .toBe(counter.user.nickname);

    const counterContext = await signedInContext(journey.launched.browser, counter, 'en');
    const counterPage = await open(counterContext);
    await counterPage.goto(`${journey.server.baseUrl}/chat/list`);
    const enTitle = chatEn.group.storeTeamName.replace('{{name}}', storeName);
    const groupRow = counterPage.locator('a.chat-row').filter({ hasText: enTitle });
    await groupRow.waitFor();
    await shoot(counterPage, 'list-en');
    await groupRow.click();
    await counterPage.getByRole('heading', { name: enTitle }).waitFor();
    // No call button in a group: a call is between two.
    expect(await counterPage.getByRole('button', { name: chatEn.call.start }).count()).toBe(0);
    const input = counterPage.getByRole('textbox', { name: chatEn.input.label });
    await input.fill('Team meeting at 9 tomorrow');
    await input.press('Enter');
    await counterPage.getByText(chatEn.message.sending).waitFor({ state: 'detached' });

    // Live on the therapist's open group, with the sender's name over it.
    const arrived = bubbles(therapistPage).filter({ hasText: 'Team meeting at 9 tomorrow' });
    await arrived.waitFor({ timeout: 20_000 });
    await expect.poll(() => arrived.getByTestId('chat-sender').textContent()).toBe(counter.user.nickname);

    // The therapist answers; the counter sees it live under the therapist's name.
    await therapistPage.getByRole('textbox', { name: chatKm.input.label }).fill('យល់ព្រម ខ្ញុំនឹងមកទាន់ពេល');
    await therapistPage.getByRole('button', { name: chatKm.input.send, exact: true }).click();
    const answer = bubbles(counterPage).filter({ hasText: 'យល់ព្រម ខ្ញុំនឹងមកទាន់ពេល' });
    await answer.waitFor({ timeout: 20_000 });
    await expect.poll(() => answer.getByTestId('chat-sender').textContent()).toBe(therapist.user.nickname);
    // My own messages carry no name.
    expect(
      await bubbles(counterPage)
        .filter({ hasText: 'Team meeting at 9 tomorrow' })
        .getByTestId('chat-sender')
        .count(),
    ).toBe(0);
    await shoot(counterPage, 'conversation-en');
    await shoot(therapistPage, 'conversation-km');

    // The group info page from the header: the members with their place in the team; mute sticks.
    await counterPage.getByRole('link', { name: chatEn.group.infoTitle }).click();
    await counterPage.waitForURL(`**/chat/groupInfo?group_id=${group?.groupId}`);
    await counterPage.getByText(chatEn.group.role.therapist, { exact: true }).waitFor();
    await counterPage.getByText(therapist.user.nickname, { exact: true }).waitFor();
    const mute = counterPage.getByRole('switch', { name: chatEn.group.mute });
    await mute.click();
    await expect.poll(() => mute.getAttribute('aria-checked')).toBe('true');
    await shoot(counterPage, 'info-en');
    await counterPage.reload();
    await expect
      .poll(() => counterPage.getByRole('switch', { name: chatEn.group.mute }).getAttribute('aria-checked'))
      .toBe('true');

    await therapistPage.getByRole('link', { name: chatKm.group.infoTitle }).click();
    await therapistPage.getByText(chatKm.group.role.staff, { exact: true }).waitFor();
    await shoot(therapistPage, 'info-km');
    // The therapist's info page lists the counter among the team, and the counter's mute is theirs
    // alone: the therapist still hears the group.
    expect(await therapistPage.getByText(counter.user.nickname, { exact: true }).count()).toBeGreaterThan(0);
    expect(
      await therapistPage.getByRole('switch', { name: chatKm.group.mute }).getAttribute('aria-checked'),
    ).toBe('false');

    expect(errors).toEqual([]);
    await counterContext.close();
    await therapistContext.close();
  }, 180_000);
});
