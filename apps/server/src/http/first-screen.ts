import type { Language } from '@sabai/shared/i18n';
import type { Clock } from '../lib/clock';
import { createTtlCache } from '../lib/ttl-cache';

/**
 * The part of a first screen the server draws from data (issue #17, decision 092): what the page's
 * largest picture or text will be, so it paints with the page instead of after the scripts, the
 * app's start and its request. Home's first banner of the user's city. The drawn HTML goes where
 * the shell's template marks it (web-shell.ts); React replaces it with the page it renders, the
 * same picture in the same place.
 */

export interface DrawnBanner {
  imageUrl: string;
  title: string;
}

/** Where the data comes from: the catalogue's own reads, in the user's language. */
export interface FirstScreenSource {
  /** Home's first banner in a city; undefined when it has none, or the city is not open. */
  homeBanner(cityId: number | undefined, language: Language): Promise<DrawnBanner | undefined>;
}

export interface FirstScreen {
  /** The HTML to draw into the page at `route`, or '' when it shows nothing from data. */
  draw(route: string, request: { cookie?: string | undefined; language: Language }): Promise<string>;
}

/** How long a drawn part is kept: banners change a few times a day, and the app refreshes them. */
const DRAWN_TTL_MS = 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The city the app has chosen, as it mirrors it into the `cityId` cookie (web/src/lib/preferences.ts):
 * the server cannot read localStorage. Without one the app asks for city 1, and so does this.
 */
export function cityFromCookie(cookie: string | undefined): number | undefined {
  const value = /(?:^|;\s*)cityId=(\d{1,9})(?:;|$)/.exec(cookie ?? '')?.[1];
  return value === undefined ? undefined : Number(value);
}

/** The first banner as Home's banner strip draws it (home-discovery.tsx), without its button. */
export function drawHomeBanner(banner: DrawnBanner): string {
  return (
    '<div class="banners app-shell__banner"><div class="banner">' +
    `<img class="banner__img" src="${escapeHtml(banner.imageUrl)}" alt="" fetchpriority="high">` +
    `<span class="banner__title">${escapeHtml(banner.title)}</span></div></div>`
  );
}

export function createFirstScreen(source: FirstScreenSource, clock?: Clock): FirstScreen {
  const drawn = createTtlCache<string, string>({
    ttlMs: DRAWN_TTL_MS,
    maxEntries: 500,
    ...(clock ? { clock } : {}),
  });
  return {
    async draw(route, request) {
      if (route !== '/') return '';
      const cityId = cityFromCookie(request.cookie) ?? 1;
      // The page never waits on a failure: an unknown or closed city draws the skeleton, and the
      // app says why once it runs.
      return drawn
        .get(`home|${cityId}|${request.language}`, async () => {
          const banner = await source.homeBanner(cityId, request.language);
          return banner ? drawHomeBanner(banner) : '';
        })
        .catch(() => '');
    },
  };
}
