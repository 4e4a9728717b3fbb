import '../chat-strings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { type ChatGroupDetail, chatApi, chatKeys } from '../api/chat-api';
import { groupTitle } from '../conversation-title';

type Setting = 'pinned' | 'muted';

/**
 * The IM module's group info page (decision 061): the group's name, picture and introduction, its
 * members with their place in the team, and my own mute and pin for it.
 */
export function GroupInfo({ detail }: { detail: ChatGroupDetail }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (settings: Partial<Record<Setting, boolean>>) =>
      chatApi.updateSettings(detail.conversationId, settings),
    onSuccess: (conversation) => {
      queryClient.setQueryData<ChatGroupDetail>(chatKeys.group(detail.group.id), (previous) =>
        previous ? { ...previous, pinned: conversation.pinned, muted: conversation.muted } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
    },
    onError: (error) => showToast(isApiError(error) ? error.message : String(error)),
  });
  const shownValue = (setting: Setting) =>
    change.isPending && change.variables?.[setting] !== undefined
      ? Boolean(change.variables[setting])
      : detail[setting];
  const { group } = detail;
  return (
    <div className="chat-group-info">
      <div className="chat-group-info__head">
        <span className="chat-group-info__avatar" aria-hidden="true">
          {group.avatarUrl ? <img src={group.avatarUrl} alt="" /> : <TeamOutline />}
        </span>
        <h2 className="chat-group-info__name">{groupTitle(t, group)}</h2>
        <p className="chat-group-info__intro">{group.introduction || t(`group.kindHint.${group.kind}`)}</p>
      </div>
      <List header={t('group.settings')}>
        <List.Item
          extra={
            <Switch
              checked={shownValue('muted')}
              onChange={(checked) => change.mutate({ muted: checked })}
              aria-label={t('group.mute')}
            />
          }
          description={t('group.muteHint')}
        >
          {t('group.mute')}
        </List.Item>
        <List.Item
          extra={
            <Switch
              checked={shownValue('pinned')}
              onChange={(checked) => change.mutate({ pinned: checked })}
              aria-label={t('group.pin')}
            />
          }
        >
          {t('group.pin')}
        </List.Item>
      </List>
      <List header={t('group.members', { count: group.memberCount })}>
        {detail.members.map((member) => (
          <List.Item
            key={member.id}
            prefix={
              <span className="chat-group-info__member-avatar" aria-hidden="true">
                {member.avatarUrl ? (
                  <img src={member.avatarUrl} alt="" />
                ) : (
                  Array.from(member.nickname || '?')[0]
                )}
              </span>
            }
            extra={t(`group.role.${member.role}`)}
          >
            {member.nickname}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
