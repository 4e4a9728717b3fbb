import { EARTH_RADIUS_KM, type LatLng } from '@sabai/shared/geo';
import type { TherapistCardRow } from './catalog.repository';

/** Grid cell edge in degrees (~1.1 km of latitude): a city spans a few hundred cells. */
const CELL_DEGREES = 0.01;
const KM_PER_DEGREE = 111.2;
/** Never search further than this many rings (~330 km): cities are smaller. */
const MAX_RINGS = 300;

export interface NearbyRow extends TherapistCardRow {
  project_ids: number[];
  is_banned: boolean;
}

export interface NearbyQuery {
  cityId: number;
  origin: LatLng;
  gender?: 'female' | 'male' | undefined;
  language?: string | undefined;
  availableAt?: Date | undefined;
  projectId?: number | undefined;
  limit: number;
  offset: number;
}

interface Entry {
  row: TherapistCardRow;
  projectIds: number[];
  cell: string;
  availableFrom: number | null;
  /** Unit vector of the position: the chord between two of them orders like the great circle. */
  x: number;
  y: number;
  z: number;
}

function unitVector(lat: number, lng: number) {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lng * Math.PI) / 180;
  return { x: Math.cos(phi) * Math.cos(lambda), y: Math.cos(phi) * Math.sin(lambda), z: Math.sin(phi) };
}

const cellOf = (lat: number, lng: number) =>
  [Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES)] as const;
const key = (cityId: number, y: number, x: number) => `${cityId}:${y}:${x}`;

/**
 * An in-process read model of listable therapists (not banned, not resting) on a lat/lng grid, so
 * the list's default query (nearest first, filters) is answered without a database round trip.
 * The database stays the truth: `sync` loads every row once, then only rows changed by
 * transactions not yet finished at the previous look (a trigger records each row's transaction),
 * so the model trails the database by at most the sync interval. Ordering is by great-circle distance with id as tie-break, the same order as the SQL
 * KNN scan.
 */
export function createNearbyIndex(deps: {
  loadChangedSince: (sinceXmin: string | null) => Promise<{ rows: NearbyRow[]; xmin: string }>;
  /** How stale the model may be before a query first syncs it. */
  maxStalenessMs: number;
  now: () => number;
}) {
  const entries = new Map<number, Entry>();
  const perCity = new Map<number, number>();
  const cells = new Map<string, Set<Entry>>();
  let watermark: string | null = null;
  let syncedAt = Number.NEGATIVE_INFINITY;
  let syncing: Promise<void> | undefined;

  function remove(id: number) {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    perCity.set(entry.row.city_id, (perCity.get(entry.row.city_id) ?? 1) - 1);
    const members = cells.get(entry.cell);
    members?.delete(entry);
    if (members?.size === 0) cells.delete(entry.cell);
  }

  function apply(row: NearbyRow) {
    remove(row.id);
    if (row.is_banned || row.state === 'resting') return;
    const [y, x] = cellOf(row.latitude, row.longitude);
    const cell = key(row.city_id, y, x);
    const { project_ids, is_banned, ...card } = row;
    const entry: Entry = {
      row: card,
      projectIds: project_ids,
      cell,
      availableFrom: row.available_from === null ? null : new Date(row.available_from).getTime(),
      ...unitVector(row.latitude, row.longitude),
    };
    entries.set(row.id, entry);
    let members = cells.get(cell);
    if (!members) {
      members = new Set();
      cells.set(cell, members);
    }
    members.add(entry);
    perCity.set(row.city_id, (perCity.get(row.city_id) ?? 0) + 1);
  }

  async function runSync() {
    const startedAt = deps.now();
    const { rows, xmin } = await deps.loadChangedSince(watermark);
    for (const row of rows) apply(row);
    watermark = xmin;
    syncedAt = startedAt;
  }

  function matches(entry: Entry, query: NearbyQuery): boolean {
    const { row } = entry;
    if (query.gender && row.gender !== query.gender) return false;
    if (query.language && !row.languages.includes(query.language)) return false;
    if (query.projectId && !entry.projectIds.includes(query.projectId)) return false;
    if (query.availableAt) {
      const isNow =
        row.state === 'available' ||
        (entry.availableFrom !== null && entry.availableFrom <= query.availableAt.getTime());
      if (!isNow) return false;
    }
    return true;
  }

  return {
    /** Brings the model up to date if it is older than allowed (`force` for pull-to-refresh). */
    sync(force = false): Promise<void> {
      if (!force && deps.now() - syncedAt < deps.maxStalenessMs) return Promise.resolve();
      syncing ??= runSync().finally(() => {
        syncing = undefined;
      });
      return syncing;
    },

    /** Loads the rows ahead of time but leaves the model due, so the first list still checks changes. */
    async warm(): Promise<void> {
      await this.sync(true);
      syncedAt = Number.NEGATIVE_INFINITY;
    },

    /** The page of nearest matching therapists, searching rings of cells outwards. */
    nearest(query: NearbyQuery): TherapistCardRow[] {
      const wanted = query.offset + query.limit;
      const [cy, cx] = cellOf(query.origin.lat, query.origin.lng);
      const origin = unitVector(query.origin.lat, query.origin.lng);
      const kmPerLngDegree = KM_PER_DEGREE * Math.max(0.01, Math.cos((query.origin.lat * Math.PI) / 180));
      // The nearest a point in ring r+1 can be: r whole cells away along the narrower axis.
      const cellKm = CELL_DEGREES * Math.min(KM_PER_DEGREE, kmPerLngDegree);
      const found: { chord: number; entry: Entry }[] = [];
      const byDistance = (a: { chord: number; entry: Entry }, b: { chord: number; entry: Entry }) =>
        a.chord - b.chord || a.entry.row.id - b.entry.row.id;
      const inCity = perCity.get(query.cityId) ?? 0;
      let seen = 0;
      for (let ring = 0; ring <= MAX_RINGS && seen < inCity; ring++) {
        for (let y = cy - ring; y <= cy + ring; y++) {
          const onEdge = y === cy - ring || y === cy + ring;
          for (let x = cx - ring; x <= cx + ring; x += onEdge ? 1 : 2 * ring || 1) {
            const members = cells.get(key(query.cityId, y, x));
            if (!members) continue;
            seen += members.size;
            for (const entry of members) {
              if (!matches(entry, query)) continue;
              const dx = entry.x - origin.x;
              const dy = entry.y - origin.y;
              const dz = entry.z - origin.z;
              found.push({ chord: dx * dx + dy * dy + dz * dz, entry });
            }
          }
        }
        if (found.length >= wanted) {
          found.sort(byDistance);
          // Squared chord of the ring's minimum distance; 1 % margin for measuring cells on a plane.
          const reach = 2 * Math.sin((ring * cellKm * 0.99) / (2 * EARTH_RADIUS_KM));
          if ((found[wanted - 1] as { chord: number }).chord <= reach * reach) {
            return found.slice(query.offset, wanted).map((f) => f.entry.row);
          }
        }
      }
      found.sort(byDistance);
      return found.slice(query.offset, wanted).map((f) => f.entry.row);
    },

    get size() {
      return entries.size;
    },
  };
}

export type NearbyIndex = ReturnType<typeof createNearbyIndex>;
