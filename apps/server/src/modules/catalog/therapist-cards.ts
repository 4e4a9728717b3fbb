import type { Category, TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { haversineKm, type LatLng } from '@sabai/shared/geo';
import type { Language } from '@sabai/shared/i18n';
import type { Clock } from '../../lib/clock';
import { localised } from '../../lib/localised';
import type { CategoryRow, ProjectRow, TherapistCardRow } from './catalog.repository';

/** Serialised card parts kept per language; enough for the therapists of a busy neighbourhood. */
const CARD_JSON_CACHE_SIZE = 20_000;

export interface CardContext {
  language: Language;
  from: LatLng | undefined;
  project: ProjectRow | undefined;
}

type FixedPart = Omit<TherapistCard, 'state' | 'availableFrom' | 'distanceKm' | 'price'>;
type MovingPart = Pick<TherapistCard, 'state' | 'availableFrom' | 'distanceKm' | 'price'>;

export const roundKm = (km: number) => Math.round(km * 100) / 100;

export const toCategory = (row: CategoryRow, language: Language): Category => ({
  id: row.id,
  code: row.code,
  name: localised(row.names, language),
  icon: row.icon,
});

/**
 * Therapist cards, as objects or as JSON. A card has a part fixed by the row and the language
 * (name, skills named in the language, badges, location…) and a part that moves with the clock,
 * the caller's location and the project asked about. The list, the app's busiest answer, sends
 * the fixed part serialised once per row and language (rows come from the in-memory nearby index,
 * so the same row object comes back until the therapist changes), which halves its CPU per request.
 */
export function createTherapistCards(deps: {
  clock: Clock;
  categoriesByCode: () => Promise<Map<string, CategoryRow>>;
}) {
  const fixedJson = new Map<
    Language,
    Map<TherapistCardRow, { categories: Map<string, CategoryRow>; json: string }>
  >();

  function fixedPart(
    row: TherapistCardRow,
    categories: Map<string, CategoryRow>,
    language: Language,
  ): FixedPart {
    return {
      id: row.id,
      cityId: row.city_id,
      storeId: row.store_id,
      name: row.display_name,
      avatar: row.avatar,
      gender: row.gender,
      rating: Math.round(row.rating * 10) / 10,
      reviewCount: row.review_count,
      orderCount: row.order_count,
      languages: row.languages,
      skills: row.skills.flatMap((code) => {
        const category = categories.get(code);
        return category ? [toCategory(category, language)] : [];
      }),
      isBookable: row.state !== 'resting',
      badges: row.badges as TherapistCard['badges'],
      location: { lat: row.latitude, lng: row.longitude },
    };
  }

  function movingPart(row: TherapistCardRow, now: number, context: CardContext): MovingPart {
    const availableFrom = row.available_from;
    // A bookable-later therapist whose time has come is available now.
    const isLaterDue =
      row.state === 'bookable_later' && availableFrom !== null && availableFrom.getTime() <= now;
    return {
      state: isLaterDue ? 'available' : row.state,
      availableFrom:
        row.state === 'bookable_later' && !isLaterDue && availableFrom ? availableFrom.toISOString() : null,
      distanceKm: context.from
        ? roundKm(haversineKm(context.from, { lat: row.latitude, lng: row.longitude }))
        : null,
      price: context.project
        ? { amount: Number(context.project.price), currency: context.project.currency }
        : { amount: row.from_price, currency: row.currency },
    };
  }

  function cachedFixedJson(
    row: TherapistCardRow,
    categories: Map<string, CategoryRow>,
    language: Language,
  ): string {
    let byRow = fixedJson.get(language);
    if (!byRow) {
      byRow = new Map();
      fixedJson.set(language, byRow);
    }
    const hit = byRow.get(row);
    // Categories are re-read now and then: a card built from an older read is built again.
    if (hit && hit.categories === categories) return hit.json;
    const json = JSON.stringify(fixedPart(row, categories, language));
    byRow.delete(row);
    byRow.set(row, { categories, json });
    if (byRow.size > CARD_JSON_CACHE_SIZE) {
      // Oldest first (Map keeps insertion order); rows replaced by a sync age out this way too.
      const oldest = byRow.keys().next().value;
      if (oldest !== undefined) byRow.delete(oldest);
    }
    return json;
  }

  return {
    async toCards(rows: TherapistCardRow[], context: CardContext): Promise<TherapistCard[]> {
      const categories = await deps.categoriesByCode();
      const now = deps.clock.now().getTime();
      return rows.map((row) => ({
        ...fixedPart(row, categories, context.language),
        ...movingPart(row, now, context),
      }));
    },

    /**
     * The same cards as `toCards`, as a JSON array. `isShared`: the rows are the nearby index's
     * long-lived objects, worth remembering; rows fresh from a query are serialised and forgotten.
     */
    async toCardsJson(rows: TherapistCardRow[], context: CardContext, isShared: boolean): Promise<string> {
      const categories = await deps.categoriesByCode();
      const now = deps.clock.now().getTime();
      const cards = rows.map((row) => {
        const fixed = isShared
          ? cachedFixedJson(row, categories, context.language)
          : JSON.stringify(fixedPart(row, categories, context.language));
        // Two JSON objects joined into one: "{…fixed" + "," + "moving…}".
        return `${fixed.slice(0, -1)},${JSON.stringify(movingPart(row, now, context)).slice(1)}`;
      });
      return `[${cards.join(',')}]`;
    },
  };
}
