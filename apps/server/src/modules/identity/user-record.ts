import type { Role, UserRecord } from '@sabai/shared/identity/identity.schemas';
import { splitE164 } from '@sabai/shared/phone';
import type { UserRow } from './identity.repository';

export const UPLOADS_URL_PREFIX = '/app/uploads/';

/** The spec's user record (userName, vipLevel, areaCode, phone, status, isLogout) plus our fields. */
export function toUserRecord(user: UserRow, roles: readonly Role[]): UserRecord {
  const phone = user.phoneE164 ? splitE164(user.phoneE164) : { areaCode: '', national: '' };
  return {
    id: user.id,
    userName: user.userName,
    nickname: user.nickname,
    avatar: user.avatarKey ? `${UPLOADS_URL_PREFIX}${user.avatarKey}` : null,
    vipLevel: user.vipLevel,
    areaCode: phone.areaCode,
    phone: phone.national,
    mobile: user.phoneE164 ?? '',
    status: user.status,
    isLogout: user.isLogout,
    cancellationDueAt: user.cancellationDueAt?.toISOString() ?? null,
    hasPassword: !!user.passwordHash,
    roles: [...roles],
    invitationCode: user.invitedWithCode,
    createdAt: user.createdAt.toISOString(),
  };
}
