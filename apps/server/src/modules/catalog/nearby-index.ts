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
  projectId?: number | undefined;
  limit: number;
  offset: number;
}

interface Entry {
  row: TherapistCardRow;
  projectIds: number[];
  cityId: number;
  cell: number;
  /** Unit vector of the position: the chord between two of them orders like the great circle. */
  x: number;
  y: number;
  z: number;
}

/**
 * A cell's members in flat typed arrays, rebuilt on the first query after a change: the walk reads
 * a few hundred members per list, and chasing scattered objects for each cost ~0.5 µs a member.
 */
interface Packed {
  /** Unit vectors, three numbers a member. */
  xyz: Float64Array;
  /** 1 for male, 0 for female. */
  isMale: Uint8Array;
  /** Member i offers projects[projectStart[i] … projectStart[i + 1]). */
  projectStart: Int32Array;
  projects: Int32Array;
}

interface Cell {
  entries: Entry[];
  packed: Packed | null;
}

/** One city's therapists by cell, and the cells its therapists have ever occupied (a bound). */
interface CityGrid {
  cells: Map<number, Cell>;
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
    const cell = city.cells.get(entry.cell) as Cell;
    const members = cell.entries;
    const at = members.indexOf(entry);
    members[at] = members[members.length - 1] as Entry;
    members.pop();
    cell.packed = null;
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
    const cell = city.cells.get(entry.cell);
    if (cell) {
      cell.entries.push(entry);
      cell.packed = null;
    } else {
      city.cells.set(entry.cell, { entries: [entry], packed: null });
    }
  }

  function pack(entriesOfCell: Entry[]): Packed {
    const count = entriesOfCell.length;
    const packed: Packed = {
      xyz: new Float64Array(count * 3),
      isMale: new Uint8Array(count),
      projectStart: new Int32Array(count + 1),
      projects: new Int32Array(entriesOfCell.reduce((sum, e) => sum + e.projectIds.length, 0)),
    };
    let project = 0;
    for (const [i, entry] of entriesOfCell.entries()) {
      packed.xyz[3 * i] = entry.x;
      packed.xyz[3 * i + 1] = entry.y;
      packed.xyz[3 * i + 2] = entry.z;
      packed.isMale[i] = entry.row.gender === 'male' ? 1 : 0;
      packed.projectStart[i] = project;
      for (const id of entry.projectIds) packed.projects[project++] = id;
    }
    packed.projectStart[count] = project;
    return packed;
  }

  async function runSync() {
    const startedAt = deps.now();
    const { rows, xmin } = await deps.loadChangedSince(watermark);
    for (const row of rows) apply(row);
    watermark = xmin;
    syncedAt = startedAt;
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
      // Filters as plain numbers, so the loop below compares numbers only.
      const wantsMale = query.gender === undefined ? -1 : query.gender === 'male' ? 1 : 0;
      const projectId = query.projectId ?? 0;
      const { language } = query;
      const { x: ox, y: oy, z: oz } = origin;
      // Candidates as parallel arrays (no object per candidate): the hot path of the list.
      const chords: number[] = [];
      const found: Entry[] = [];
      let seen = 0;
      const visit = (cell: Cell | undefined) => {
        if (!cell) return;
        cell.packed ??= pack(cell.entries);
        const { xyz, isMale, projectStart, projects } = cell.packed;
        const count = cell.entries.length;
        seen += count;
        for (let i = 0; i < count; i++) {
          if (wantsMale >= 0 && isMale[i] !== wantsMale) continue;
          if (projectId) {
            let offers = false;
            const end = projectStart[i + 1] as number;
            for (let p = projectStart[i] as number; p < end; p++) {
              if (projects[p] === projectId) {
                offers = true;
                break;
              }
            }
            if (!offers) continue;
          }
          const entry = cell.entries[i] as Entry;
          if (language && !entry.row.languages.includes(language)) continue;
          const dx = (xyz[3 * i] as number) - ox;
          const dy = (xyz[3 * i + 1] as number) - oy;
          const dz = (xyz[3 * i + 2] as number) - oz;
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
      let bound = Number.POSITIVE_INFINITY;
      for (let ring = first; ring <= last && seen < city.count; ring++) {
        const top = Math.max(cy - ring, city.minY);
        const bottom = Math.min(cy + ring, city.maxY);
        const left = Math.max(cx - ring, city.minX);
        const right = Math.min(cx + ring, city.maxX);
        for (let y = top; y <= bottom; y++) {
          if (y === cy - ring || y === cy + ring) {
            for (let x = left; x <= right; x++) visit(city.cells.get(cellKey(y, x)));
          } else {
            // Only the ring's left and right edges on the rows between its top and bottom.
            if (cx - ring >= left) visit(city.cells.get(cellKey(y, cx - ring)));
            if (cx + ring <= right) visit(city.cells.get(cellKey(y, cx + ring)));
          }
        }
        if (found.length >= wanted) {
          const within = reach(ring);
          let settled = 0;
          for (const chord of chords) if (chord <= within) settled++;
          if (settled >= wanted) {
            bound = within;
            break;
          }
        }
      }
      // Only candidates inside the bound can be in the page (it holds at least `wanted` of them).
      const order: number[] = [];
      for (let i = 0; i < chords.length; i++) if ((chords[i] as number) <= bound) order.push(i);
      order.sort(
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
