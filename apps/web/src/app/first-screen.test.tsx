// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './router';

// The page providers (TanStack Query, antd-mobile's locale) are held back: whatever draws while
// they are is drawn without them, as the first screen's scripts are counted (bench/bundle.ts,
// decision 064).
vi.mock('./providers', async (importOriginal) => {
  await new Promise(() => {});
  return importOriginal();
});

const stillPending = (load: Promise<unknown>) =>
  Promise.race([load.then(() => 'loaded'), new Promise((resolve) => setTimeout(resolve, 300, 'pending'))]);

afterEach(cleanup);

describe('the first screen without the page providers', () => {
  it("draws Home's header, welcome and search entry; the parts with data wait in their placeholders", async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    const welcome = await screen.findByRole('heading', { name: 'Welcome to Sabai' }, { timeout: 5000 });
    const section = welcome.closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Search therapists, massages, stores' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sabai' })).toBeTruthy();
    // The title is set in an effect, which React runs after the commit that drew the heading (at
    // transition priority, a little later on a loaded machine): waited for, not assumed.
    await waitFor(() => expect(document.title).toBe('Home · Sabai'));
    // Discovery (banners, lists) waits for the providers it needs…
    expect(screen.getAllByRole('status').some((status) => status.textContent?.includes('Loading…'))).toBe(
      true,
    );
    // …which have not loaded: Home drew without them.
    expect(await stillPending(import('./providers'))).toBe('pending');
  });
});
