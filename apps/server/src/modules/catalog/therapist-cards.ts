import type { Category, TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { haversineKm, type LatLng } from '@sabai/shared/geo';
import type { Language } from '@sabai/shared/i18n';
import { localised } from '../../lib/localised';
import type { CategoryRow, ProjectRow, TherapistCardRow } from './catalog.repository';

/** Serialised card parts kept per language; enough for the therapists of a busy neighbourhood. */
const CARD_JSON_CACHE_SIZE = 20_000;

export interface CardContext {
  language: Language;
  from: LatLng | undefined;
  project: ProjectRow | undefined;
  /** Already computed for these rows (the "available now" filter did); otherwise read here. */
  availability?: Map<number, TherapistAvailability> | undefined;
}

/** Booking's answer for a page of therapists (decision 036): derived from hours and live orders. */
export interface TherapistAvailability {
  isAvailableNow: boolean;
  earliestStart: string | null;
}
export type AvailabilityOf = (
  therapistIds: readonly number[],
  options: { projectId?: number | undefined },
) => Promise<Map<number, TherapistAvailability>>;

const UNKNOWN: TherapistAvailability = { isAvailableNow: false, earliestStart: null };

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
  categoriesByCode: () => Promise<Map<string, CategoryRow>>;
  availabilityOf: AvailabilityOf;
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

  /**
   * Resting is the therapist's own switch; otherwise the state is booking's answer: available now,
   * or bookable later from the earliest free start (null when nothing is free within the horizon).
   */
  function movingPart(
    row: TherapistCardRow,
    availability: TherapistAvailability,
    context: CardContext,
  ): MovingPart {
    const isResting = row.state === 'resting';
    return {
      state: isResting ? 'resting' : availability.isAvailableNow ? 'available' : 'bookable_later',
      availableFrom: isResting || availability.isAvailableNow ? null : availability.earliestStart,
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

  /** One read for the whole page; resting therapists need none. */
  async function availabilityFor(rows: TherapistCardRow[], context: CardContext) {
    if (context.availability) return context.availability;
    const ids = rows.filter((row) => row.state !== 'resting').map((row) => row.id);
    return ids.length ? deps.availabilityOf(ids, { projectId: context.project?.id }) : new Map();
  }

  return {
    async toCards(rows: TherapistCardRow[], context: CardContext): Promise<TherapistCard[]> {
      const [categories, availability] = await Promise.all([
        deps.categoriesByCode(),
        availabilityFor(rows, context),
      ]);
      return rows.map((row) => ({
        ...fixedPart(row, categories, context.language),
        ...movingPart(row, availability.get(row.id) ?? UNKNOWN, context),
      }));
    },

    /**
     * The same cards as `toCards`, as a JSON array. `isShared`: the rows are the nearby index's
     * long-lived objects, worth remembering; rows fresh from a query are serialised and forgotten.
     */
    async toCardsJson(rows: TherapistCardRow[], context: CardContext, isShared: boolean): Promise<string> {
      const [categories, availability] = await Promise.all([
        deps.categoriesByCode(),
        availabilityFor(rows, context),
      ]);
      const cards = rows.map((row) => {
        const fixed = isShared
          ? cachedFixedJson(row, categories, context.language)
          : JSON.stringify(fixedPart(row, categories, context.language));
        // Two JSON objects joined into one: "{…fixed" + "," + "moving…}".
        return `${fixed.slice(0, -1)},${JSON.stringify(movingPart(row, availability.get(row.id) ?? UNKNOWN, context)).slice(1)}`;
      });
      return `[${cards.join(',')}]`;
    },
  };
}
