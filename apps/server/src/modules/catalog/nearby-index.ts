import type { LatLng } from '@sabai/shared/geo';
import type { TherapistCardRow } from './catalog.repository';

/** Grid cell edge in degrees (~1.1 km of latitude): a city spans a few hundred cells. */
const CELL_DEGREES = 0.01;
const RADIANS_PER_DEGREE = Math.PI / 180;
/** Measuring cells in degrees is exact up to float rounding at cell edges: 1 % keeps bounds safe. */
const BOUND_MARGIN = 0.99;

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
  cityId: number;
  cell: number;
  availableFrom: number | null;
  /** Unit vector of the position: the chord between two of them orders like the great circle. */
  x: number;
  y: number;
  z: number;
}

/** One city's therapists by cell, and the cells its therapists have ever occupied (a bound). */
interface CityGrid {
  cells: Map<number, Entry[]>;
  count: number;
  minY: number;
  maxY: number;
  minX: number;
  maxX: number;
}

function unitVector(lat: number, lng: number) {
  const phi = lat * RADIANS_PER_DEGREE;
  const lambda = lng * RADIANS_PER_DEGREE;
  return { x: Math.cos(phi) * Math.cos(lambda), y: Math.cos(phi) * Math.sin(lambda), z: Math.sin(phi) };
}

const cellIndex = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
/** A number per cell (rows −9000…9000, columns −18000…18000), so lookups build no strings. */
const cellKey = (y: number, x: number) => (y + 9_001) * 36_003 + (x + 18_001);
const haversine = (radians: number) => Math.sin(radians / 2) ** 2;

/**
 * An in-process read model of listable therapists (not banned, not resting) on a lat/lng grid, so
 * the list's default query (nearest first, filters) is answered without a database round trip.
 * The database stays the truth: `sync` loads every row once, then only rows changed by
 * transactions not yet finished at the previous look (a trigger records each row's transaction),
 * so the model trails the database by at most the sync interval. Ordering is by great-circle
 * distance with id as tie-break, the same order as the SQL KNN scan, from any origin on Earth.
 */
export function createNearbyIndex(deps: {
  loadChangedSince: (sinceXmin: string | null) => Promise<{ rows: NearbyRow[]; xmin: string }>;
  /** How stale the model may be before a query first syncs it. */
  maxStalenessMs: number;
  now: () => number;
}) {
  const entries = new Map<number, Entry>();
  const cities = new Map<number, CityGrid>();
  let watermark: string | null = null;
  let syncedAt = Number.NEGATIVE_INFINITY;
  let syncing: Promise<void> | undefined;

  function remove(id: number) {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    const city = cities.get(entry.cityId) as CityGrid;
    city.count -= 1;
    const members = city.cells.get(entry.cell) as Entry[];
    const at = members.indexOf(entry);
    members[at] = members[members.length - 1] as Entry;
    members.pop();
    if (members.length === 0) city.cells.delete(entry.cell);
  }

  function apply(row: NearbyRow) {
    remove(row.id);
    if (row.is_banned || row.state === 'resting') return;
    const y = cellIndex(row.latitude);
    const x = cellIndex(row.longitude);
    const { project_ids, is_banned, ...card } = row;
    const entry: Entry = {
      row: card,
      projectIds: project_ids,
      cityId: row.city_id,
      cell: cellKey(y, x),
      availableFrom: row.available_from === null ? null : new Date(row.available_from).getTime(),
      ...unitVector(row.latitude, row.longitude),
    };
    entries.set(row.id, entry);
    let city = cities.get(row.city_id);
    if (!city) {
      city = { cells: new Map(), count: 0, minY: y, maxY: y, minX: x, maxX: x };
      cities.set(row.city_id, city);
    }
    city.count += 1;
    // The box only grows: a bound on where a city's therapists can be, which is all the walk needs.
    city.minY = Math.min(city.minY, y);
    city.maxY = Math.max(city.maxY, y);
    city.minX = Math.min(city.minX, x);
    city.maxX = Math.max(city.maxX, x);
    const members = city.cells.get(entry.cell);
    if (members) members.push(entry);
    else city.cells.set(entry.cell, [entry]);
  }

  async function runSync() {
    const startedAt = deps.now();
    const { rows, xmin } = await deps.loadChangedSince(watermark);
    for (const row of rows) apply(row);
    watermark = xmin;
    syncedAt = startedAt;
  }

  function matches(entry: Entry, query: NearbyQuery, availableAt: number): boolean {
    const { row } = entry;
    if (query.gender && row.gender !== query.gender) return false;
    if (query.language && !row.languages.includes(query.language)) return false;
    if (query.projectId && !entry.projectIds.includes(query.projectId)) return false;
    if (availableAt >= 0) {
      const isNow =
        row.state === 'available' || (entry.availableFrom !== null && entry.availableFrom <= availableAt);
      if (!isNow) return false;
    }
    return true;
  }

  /**
   * The squared chord below which nothing outside the cells walked so far can lie, once every
   * cell within `ring` cells of the origin's has been read: such a point differs from the origin
   * by more than `ring` cells in latitude or in longitude. By the haversine formula,
   * hav(d) = hav(Δφ) + cos φ₁ cos φ₂ hav(Δλ), so either difference alone bounds the distance; φ₂
   * is somewhere in the city's box, so the smallest cosine over that box is safe. The squared
   * chord between unit vectors is 4 hav(d).
   */
  function reachBound(city: CityGrid, originLat: number) {
    const cosOrigin = Math.cos(originLat * RADIANS_PER_DEGREE);
    const south = Math.max(-90, city.minY * CELL_DEGREES);
    const north = Math.min(90, (city.maxY + 1) * CELL_DEGREES);
    const cosCity = Math.min(Math.cos(south * RADIANS_PER_DEGREE), Math.cos(north * RADIANS_PER_DEGREE));
    // The walk measures longitude without wrapping; a point more than 180° away the short way
    // round is still at least (180° − half the box) away.
    const halfWidth = ((city.maxX + 1 - city.minX) * CELL_DEGREES) / 2;
    const widest = Math.max(0, 180 - halfWidth) * RADIANS_PER_DEGREE;
    return (ring: number) => {
      const apart = Math.min(Math.PI, ring * CELL_DEGREES * BOUND_MARGIN * RADIANS_PER_DEGREE);
      return 4 * Math.min(haversine(apart), cosOrigin * cosCity * haversine(Math.min(apart, widest)));
    };
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

    /**
     * The page of nearest matching therapists: rings of cells walked outwards from the origin,
     * only where the city has cells, stopping once no unread cell can hold a nearer match. From
     * far away (another country, the other side of the world) the walk starts at the city's box.
     */
    nearest(query: NearbyQuery): TherapistCardRow[] {
      const city = cities.get(query.cityId);
      if (!city || city.count === 0) return [];
      const wanted = query.offset + query.limit;
      const { lat } = query.origin;
      // The origin's longitude as seen from the city (within 180° of its middle), so the grid
      // walk never goes the long way round the antimeridian.
      const middle = ((city.minX + city.maxX + 1) / 2) * CELL_DEGREES;
      const lng = query.origin.lng + 360 * Math.round((middle - query.origin.lng) / 360);
      const cy = cellIndex(lat);
      const cx = cellIndex(lng);
      const origin = unitVector(query.origin.lat, query.origin.lng);
      const reach = reachBound(city, lat);
      const availableAt = query.availableAt ? query.availableAt.getTime() : -1;
      // Candidates as parallel arrays (no object per candidate): the hot path of the list.
      const chords: number[] = [];
      const found: Entry[] = [];
      const visit = (members: Entry[]) => {
        for (const entry of members) {
          if (!matches(entry, query, availableAt)) continue;
          const dx = entry.x - origin.x;
          const dy = entry.y - origin.y;
          const dz = entry.z - origin.z;
          chords.push(dx * dx + dy * dy + dz * dz);
          found.push(entry);
        }
      };
      const first = Math.max(0, cy - city.maxY, city.minY - cy, cx - city.maxX, city.minX - cx);
      const last = Math.max(
        Math.abs(cy - city.minY),
        Math.abs(cy - city.maxY),
        Math.abs(cx - city.minX),
        Math.abs(cx - city.maxX),
      );
      let seen = 0;
      for (let ring = first; ring <= last && seen < city.count; ring++) {
        const top = Math.max(cy - ring, city.minY);
        const bottom = Math.min(cy + ring, city.maxY);
        const left = Math.max(cx - ring, city.minX);
        const right = Math.min(cx + ring, city.maxX);
        for (let y = top; y <= bottom; y++) {
          if (y === cy - ring || y === cy + ring) {
            for (let x = left; x <= right; x++) {
              const members = city.cells.get(cellKey(y, x));
              if (members) {
                seen += members.length;
                visit(members);
              }
            }
          } else {
            // Only the ring's left and right edges on the rows between its top and bottom.
            const west = cx - ring >= left ? city.cells.get(cellKey(y, cx - ring)) : undefined;
            const east = cx + ring <= right ? city.cells.get(cellKey(y, cx + ring)) : undefined;
            if (west) {
              seen += west.length;
              visit(west);
            }
            if (east) {
              seen += east.length;
              visit(east);
            }
          }
        }
        if (found.length >= wanted) {
          const bound = reach(ring);
          let settled = 0;
          for (const chord of chords) if (chord <= bound) settled++;
          if (settled >= wanted) break;
        }
      }
      const order = Array.from(found.keys()).sort(
        (a, b) =>
          (chords[a] as number) - (chords[b] as number) ||
          (found[a] as Entry).row.id - (found[b] as Entry).row.id,
      );
      return order.slice(query.offset, wanted).map((i) => (found[i] as Entry).row);
    },

    get size() {
      return entries.size;
    },
  };
}

export type NearbyIndex = ReturnType<typeof createNearbyIndex>;
