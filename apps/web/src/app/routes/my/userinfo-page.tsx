import { Button, Input, List } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';
import { Page } from '../../../components/ui/page';
import '../../../features/identity/identity.css';
import { LoginRequired } from '../../../features/identity/components/login-required';
import {
  useCurrentUser,
  useUpdateNickname,
  useUploadAvatar,
} from '../../../features/identity/hooks/use-identity';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** my/userinfo: avatar (checked and re-encoded by the server) and nickname. */
export default function UserinfoPage() {
  const { t } = useTranslation('identity');
  const isLoggedIn = useIsLoggedIn();
  const current = useCurrentUser();
  const user = current.data ?? readStoredUser();
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const updateNickname = useUpdateNickname();
  const uploadAvatar = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (current.data) setNickname(current.data.nickname);
  }, [current.data]);

  if (!isLoggedIn || !user) {
    return (
      <Page title={t('userinfo.title')} backTo={paths.my.href()}>
        <LoginRequired />
      </Page>
    );
  }

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      showToast(t('userinfo.avatarTooLarge'));
      return;
    }
    try {
      await uploadAvatar.mutateAsync(file);
      showToast(t('userinfo.avatarSaved'));
    } catch (error) {
      showToast((error as Error).message);
    }
  };

  const saveNickname = async () => {
    const trimmed = nickname.trim();
    if (!trimmed) {
      showToast(t('userinfo.nicknameRequired'));
      return;
    }
    try {
      await updateNickname.mutateAsync(trimmed);
      showToast(t('userinfo.nicknameSaved'));
    } catch (error) {
      showToast((error as Error).message);
    }
  };

  return (
    <Page title={t('userinfo.title')} backTo={paths.my.href()}>
      <div className="userinfo-avatar">
        <button
          type="button"
          className="userinfo-avatar__button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('userinfo.changeAvatar')}
          disabled={uploadAvatar.isPending}
        >
          {user.avatar ? (
            <img src={user.avatar} alt={t('userinfo.avatarAlt')} width={88} height={88} />
          ) : (
            <UserOutline aria-hidden="true" />
          )}
        </button>
        <span className="userinfo-avatar__hint">
          {uploadAvatar.isPending ? t('userinfo.uploading') : t('userinfo.changeAvatar')}
        </span>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/avif"
          hidden
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <List header={t('userinfo.nickname')}>
        <List.Item>
          <div className="inline-edit">
            <Input
              aria-label={t('userinfo.nickname')}
              value={nickname}
              maxLength={32}
              onChange={setNickname}
              clearable
            />
            <Button size="small" color="primary" onClick={saveNickname} loading={updateNickname.isPending}>
              {t('userinfo.save')}
            </Button>
          </div>
        </List.Item>
      </List>
      <List header={t('userinfo.account')}>
        <List.Item extra={user.mobile ? `+${user.areaCode} ${user.phone}` : t('account.noPhone')}>
          {t('account.phone')}
        </List.Item>
        <List.Item extra={user.userName}>{t('userinfo.userName')}</List.Item>
      </List>
    </Page>
  );
}
