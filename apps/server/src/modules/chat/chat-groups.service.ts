import type {
  ChatGroupDetail,
  ChatGroupInfo,
  ChatGroupMember,
  Conversation,
} from '@sabai/shared/chat/chat.schemas';
import type { Language } from '@sabai/shared/i18n';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import { localised } from '../../lib/localised';
import type { ChatRepository, MemberRow } from './chat.repository';
import type { ChatGroupsRepository, GroupRow } from './chat-groups.repository';
import { uploadUrl } from './message-view';

/** The spec's group info: the name and picture are the store's (in the reader's language) or the partner's. */
export async function groupInfoOf(
  groups: ChatGroupsRepository,
  group: GroupRow,
  lang: Language,
): Promise<ChatGroupInfo> {
  const row = await groups.infoOf(group);
  const name = group.kind === 'storeTeam' ? localised(row?.names, lang) : (row?.nickname ?? '');
  const avatarUrl =
    group.kind === 'storeTeam'
      ? (row?.photos?.[0] ?? null)
      : row?.avatar_key
        ? uploadUrl(row.avatar_key)
        : null;
  return {
    id: group.id,
    kind: group.kind,
    name,
    introduction: group.introduction,
    avatarUrl,
    memberCount: row?.member_count ?? 0,
  };
}

/**
 * Team groups (decision 061): the spec's lookup by group id and the group info page. A group that
 * does not exist and someone else's answer alike: "group conversation not found".
 */
export function createChatGroupsService(deps: {
  chat: ChatRepository;
  groups: ChatGroupsRepository;
  conversationOf: (member: MemberRow, lang: Language) => Promise<Conversation>;
}) {
  const { chat, groups } = deps;

  async function groupOfMine(me: AuthUser, groupId: number) {
    const group = await groups.byId(groupId);
    const member = group ? await chat.membership(group.conversationId, me.id) : null;
    if (!group || !member) throw new AppError('chatGroupNotFound');
    return { group, member };
  }

  return {
    async openGroup(me: AuthUser, groupId: number, lang: Language = 'en'): Promise<Conversation> {
      const { member } = await groupOfMine(me, groupId);
      return deps.conversationOf(member, lang);
    },

    /** The group info page: the group, its members (the spec's 1000 at most) and my settings. */
    async groupDetail(me: AuthUser, groupId: number, lang: Language = 'en'): Promise<ChatGroupDetail> {
      const { group, member } = await groupOfMine(me, groupId);
      const rows = await groups.membersOf(group);
      return {
        group: await groupInfoOf(groups, group, lang),
        conversationId: group.conversationId,
        members: rows.map((row) => ({
          id: row.id,
          nickname: row.nickname,
          avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
          role: row.role as ChatGroupMember['role'],
        })),
        pinned: member.pinned,
        muted: member.muted,
      };
    },
  };
}
