import type { Language } from '@sabai/shared/i18n';
import type { Clock } from '../lib/clock';
import { createTtlCache } from '../lib/ttl-cache';

/**
 * The part of a first screen the server draws from data (issue #17, decision 092): the page's
 * largest picture or text, so it paints with the page instead of after the scripts, the app's
 * start and its request.
 * - Home: the first banner of the user's city.
 * - A therapist's page: the first photo, the name and the introduction.
 * The shell's template (web/index.html) holds each page's drawn block with its fixed strings and a
 * mark per slot (`<!--first-screen:name-->`); this fills the slots with escaped HTML, and the block
 * shows only when drawn (`data-drawn`). React replaces it with the page it renders: the same
 * picture and text in the same place.
 */

export interface DrawnBanner {
  imageUrl: string;
  title: string;
}

export interface DrawnTherapist {
  /** The first photo, else the avatar: the gallery's first picture. */
  photo: string;
  name: string;
  introduction: string;
}

/** Where the data comes from: the catalogue's own reads, in the user's language. */
export interface FirstScreenSource {
  /** Home's first banner in a city; undefined when it has none, or the city is not open. */
  homeBanner(cityId: number | undefined, language: Language): Promise<DrawnBanner | undefined>;
  /** A therapist's page's top; undefined for an unknown or hidden therapist. */
  therapist(id: number, language: Language): Promise<DrawnTherapist | undefined>;
}

/** What a page draws from data: which block (`data-drawn`), and its slots' HTML. */
export interface DrawnFirstScreen {
  drawn: 'home' | 'therapist';
  slots: Record<string, string>;
}

export interface FirstScreen {
  /** What the page at `route` (with its query) draws from data, or undefined. */
  draw(
    route: string,
    request: { query?: URLSearchParams; cookie?: string | undefined; language: Language },
  ): Promise<DrawnFirstScreen | undefined>;
}

/** How long a drawn part is kept: banners and profiles change rarely, and the app refreshes them. */
const DRAWN_TTL_MS = 60_000;
/** The therapist's page, as web/src/lib/paths.ts names it. */
const THERAPIST_PAGE = '/therapist/orderDetail';

// `{` too: nothing drawn from data can look like a template placeholder.
const escapeHtml = (text: string) => text.replace(/[&<>"'{}]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The city the app has chosen, as it mirrors it into the `cityId` cookie (web/src/lib/preferences.ts):
 * the server cannot read localStorage. Without one the app asks for city 1, and so does this.
 */
export function cityFromCookie(cookie: string | undefined): number | undefined {
  const value = /(?:^|;\s*)cityId=(\d{1,9})(?:;|$)/.exec(cookie ?? '')?.[1];
  return value === undefined ? undefined : Number(value);
}

/** A page's `?id=`, by the app's rule (web/src/features/discovery/hooks/use-id-param.ts). */
export function idFromQuery(query: URLSearchParams): number | undefined {
  const raw = query.get('id');
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 ? id : undefined;
}

/** The first banner as Home's banner strip draws it (home-discovery.tsx), without its button. */
export function drawHomeBanner(banner: DrawnBanner): string {
  return (
    '<div class="banners app-shell__banner"><div class="banner">' +
    `<img class="banner__img" src="${escapeHtml(banner.imageUrl)}" alt="" fetchpriority="high">` +
    `<span class="banner__title">${escapeHtml(banner.title)}</span></div></div>`
  );
}

/** The therapist page's slots, as its gallery and cards draw them (therapist-detail-page.tsx). */
export function drawTherapist(therapist: DrawnTherapist): Record<string, string> {
  return {
    'therapist-photo':
      '<section class="photo-gallery"><img class="photo-gallery__img" ' +
      `src="${escapeHtml(therapist.photo)}" alt="${escapeHtml(therapist.name)}" fetchpriority="high"></section>`,
    'page-title': escapeHtml(therapist.name),
    'therapist-name': escapeHtml(therapist.name),
    'therapist-introduction': escapeHtml(therapist.introduction),
  };
}

export function createFirstScreen(source: FirstScreenSource, clock?: Clock): FirstScreen {
  const drawn = createTtlCache<string, DrawnFirstScreen | undefined>({
    ttlMs: DRAWN_TTL_MS,
    maxEntries: 500,
    ...(clock ? { clock } : {}),
  });
  const home = (cityId: number, language: Language) =>
    drawn.get(`home|${cityId}|${language}`, async () => {
      const banner = await source.homeBanner(cityId, language);
      return banner ? { drawn: 'home', slots: { 'home-banner': drawHomeBanner(banner) } } : undefined;
    });
  const therapist = (id: number, language: Language) =>
    drawn.get(`therapist|${id}|${language}`, async () => {
      const found = await source.therapist(id, language);
      return found ? { drawn: 'therapist', slots: drawTherapist(found) } : undefined;
    });
  return {
    async draw(route, request) {
      // The page never waits on a failure: it draws its skeleton, and the app says why once it runs.
      const failed = () => undefined;
      if (route === '/') return home(cityFromCookie(request.cookie) ?? 1, request.language).catch(failed);
      if (route === THERAPIST_PAGE) {
        const id = idFromQuery(request.query ?? new URLSearchParams());
        return id === undefined ? undefined : therapist(id, request.language).catch(failed);
      }
      return undefined;
    },
  };
}
