import type {
  FavouriteListQuery,
  FavouriteState,
  FollowState,
  PagingQuery,
  Person,
  SavedItem,
  SavedKind,
  TherapistCard,
  Viewer,
} from '@sabai/shared/catalog/catalog.schemas';
import type { Language } from '@sabai/shared/i18n';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { pageWindow, toPage } from '../../lib/paging';
import type { CatalogService } from './catalog.service';
import type { EngagementRepository, PersonRow, SavedRow } from './engagement.repository';

/** Where uploaded avatars are served (identity stores the key). */
const UPLOADS_URL_PREFIX = '/app/uploads/';

const kindOf = (row: SavedRow): { kind: SavedKind; id: number } =>
  row.projectId !== null
    ? { kind: 'project', id: row.projectId }
    : row.therapistId !== null
      ? { kind: 'therapist', id: row.therapistId }
      : { kind: 'store', id: row.storeId as number };

/** The repository's list methods take (limit, offset). */
const window = (query: PagingQuery) => {
  const { limit, offset } = pageWindow(query);
  return [limit, offset] as const;
};

const toPerson = (row: PersonRow): Person => ({
  userId: row.user_id,
  nickname: row.nickname,
  avatar: row.avatar_key ? `${UPLOADS_URL_PREFIX}${row.avatar_key}` : null,
  at: row.at.toISOString(),
  visitCount: row.visit_count,
});

/** Favourites, follows, visitors and footprints: everything here belongs to a logged-in user. */
export function createEngagementService(deps: {
  repository: EngagementRepository;
  catalog: Pick<CatalogService, 'cardsByIds'>;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  async function savedItems(rows: SavedRow[], language: Language): Promise<SavedItem[]> {
    const targets = rows.map((row) => ({ ...kindOf(row), at: row.at }));
    const ids = (kind: SavedKind) => targets.filter((t) => t.kind === kind).map((t) => t.id);
    const cards = await deps.catalog.cardsByIds(
      { projectIds: ids('project'), therapistIds: ids('therapist'), storeIds: ids('store') },
      language,
    );
    return targets.map((t) => ({
      kind: t.kind,
      id: t.id,
      at: t.at.toISOString(),
      project: t.kind === 'project' ? (cards.projects.get(t.id) ?? null) : null,
      therapist: t.kind === 'therapist' ? (cards.therapists.get(t.id) ?? null) : null,
      store: t.kind === 'store' ? (cards.stores.get(t.id) ?? null) : null,
    }));
  }

  /** The therapist profile behind the caller's account; fans and visitors are only theirs to see. */
  async function ownTherapist(userId: number): Promise<number> {
    const therapistId = await repository.therapistOfUser(userId);
    if (therapistId === undefined) throw new AppError('forbidden');
    return therapistId;
  }

  return {
    async setFavourite(
      userId: number,
      kind: SavedKind,
      id: number,
      isFavourite: boolean,
    ): Promise<FavouriteState> {
      if (isFavourite) {
        if (!(await repository.targetExists(kind, id))) throw new AppError('notFound');
        await repository.addFavourite(userId, kind, id, clock.now());
      } else {
        await repository.removeFavourite(userId, kind, id);
      }
      return { kind, id, isFavourite };
    },

    async listFavourites(userId: number, query: FavouriteListQuery, language: Language) {
      const rows = await repository.listFavourites(userId, query.kind, ...window(query));
      const result = toPage(rows, query);
      return { ...result, items: await savedItems(result.items, language) };
    },

    async setFollow(userId: number, therapistId: number, isFollowing: boolean): Promise<FollowState> {
      const owner = await repository.therapistOwner(therapistId);
      if (owner === undefined) throw new AppError('notFound');
      if (isFollowing) {
        if (owner === userId) throw new AppError('cannotFollowSelf');
        await repository.follow(userId, therapistId, clock.now());
      } else {
        await repository.unfollow(userId, therapistId);
      }
      return { therapistId, isFollowing, followerCount: await repository.followerCount(therapistId) };
    },

    async listFollowing(userId: number, query: PagingQuery, language: Language) {
      const rows = await repository.listFollowing(userId, ...window(query));
      const result = toPage(rows, query);
      const cards = await deps.catalog.cardsByIds(
        { projectIds: [], therapistIds: result.items.map((r) => r.therapistId), storeIds: [] },
        language,
      );
      const items = result.items.flatMap((row) => {
        const card: TherapistCard | undefined = cards.therapists.get(row.therapistId);
        return card ? [{ ...card, followedAt: row.at.toISOString() }] : [];
      });
      return { ...result, items };
    },

    async listFans(userId: number, query: PagingQuery) {
      const therapistId = await ownTherapist(userId);
      const result = toPage(await repository.listFans(therapistId, ...window(query)), query);
      return { ...result, items: result.items.map(toPerson) };
    },

    async listVisitors(userId: number, query: PagingQuery) {
      const therapistId = await ownTherapist(userId);
      const result = toPage(await repository.listVisitors(therapistId, ...window(query)), query);
      return { ...result, items: result.items.map(toPerson) };
    },

    /** A detail page was seen: a footprint for the viewer, a visit for the therapist (not their own). */
    async recordView(userId: number, kind: SavedKind, id: number): Promise<void> {
      const now = clock.now();
      await repository.recordFootprint(userId, kind, id, now);
      if (kind === 'therapist' && (await repository.therapistOwner(id)) !== userId) {
        await repository.recordVisit(id, userId, now);
      }
    },

    async listFootprints(userId: number, query: PagingQuery, language: Language) {
      const rows = await repository.listFootprints(userId, ...window(query));
      const result = toPage(rows, query);
      return { ...result, items: await savedItems(result.items, language) };
    },

    clearFootprints: (userId: number) => repository.clearFootprints(userId),

    async viewerState(userId: number | undefined, kind: SavedKind, id: number): Promise<Viewer> {
      if (userId === undefined) return null;
      const [isFavourite, isFollowing] = await Promise.all([
        repository.isFavourite(userId, kind, id),
        kind === 'therapist' ? repository.isFollowing(userId, id) : false,
      ]);
      return { isFavourite, isFollowing };
    },

    followerCount: (therapistId: number) => repository.followerCount(therapistId),
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
