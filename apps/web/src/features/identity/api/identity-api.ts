import type { CountryCodeItem } from '@sabai/shared/geo/geo.schemas';
import type { Session, SmsPurpose, UserRecord } from '@sabai/shared/identity/identity.schemas';
import { api } from '../../../lib/api-client';

/** Requests of the identity feature: one function per endpoint; hooks live in ../hooks. */
export interface PhoneInput {
  areaCode: string;
  phone: string;
}

export interface CancellationStatus {
  isLogout: number;
  requestedAt: string | null;
  dueAt: string | null;
}

export const fetchCountries = (signal?: AbortSignal) =>
  api.get<CountryCodeItem[]>('/app/Login/countryCode', { signal, isSilent: true });

export const sendSmsCode = (input: PhoneInput & { purpose: SmsPurpose }) =>
  api.postJson<{ resendAfterSeconds: number; expiresInSeconds: number }>('/app/auth/sms-codes', input);

export const registerAccount = (
  input: PhoneInput & { code: string; password: string; invitationCode?: string; agreeTerms: boolean },
) => api.postJson<Session>('/app/auth/register', input);

export const loginBySms = (input: PhoneInput & { code: string }) =>
  api.postJson<Session>('/app/auth/login/sms', input);

export const loginByPassword = (input: PhoneInput & { password: string }) =>
  api.postJson<Session>('/app/auth/login/password', input);

export const resetPassword = (input: PhoneInput & { code: string; password: string }) =>
  api.postJson<null>('/app/auth/password/reset', input);

export const changePassword = (input: { oldPassword?: string; currentCode?: string; newPassword: string }) =>
  api.postJson<null>('/app/auth/password/change', input);

export const bindPhone = (input: PhoneInput & { code: string }) =>
  api.postJson<UserRecord>('/app/auth/phone/bind', input);

/** The password, or a login code sent to the current phone, typed again before a sensitive change. */
export type ReauthenticationProof = { currentPassword: string } | { currentCode: string };

export const changePhone = (input: PhoneInput & { code: string } & ReauthenticationProof) =>
  api.postJson<UserRecord>('/app/auth/phone/change', input);

/** Rotates the session token; the old one stops working. */
export const renewToken = () =>
  api.postJson<{
    token: string;
    tokenExpired: number;
    uniRes: { newToken: { token: string; tokenExpired: number } };
  }>('/app/Login/reNewToken', {}, { isSilent: true });

/** Logging out ends the session here whatever the server answers: no 401 or ban modal on the way out. */
export const logoutOnServer = () =>
  api.postJson<null>('/app/auth/logout', {}, { isSilent: true, isSessionEndHandled: true });

export const fetchCurrentUser = (signal?: AbortSignal) =>
  api.get<UserRecord>('/app/user/selectUserById', { signal, isSilent: true });

export const updateNickname = (nickname: string) => api.postJson<UserRecord>('/app/users/me', { nickname });

export const fetchCancellation = (signal?: AbortSignal) =>
  api.get<CancellationStatus>('/app/users/me/cancellation', { signal });

export const requestCancellation = (proof: ReauthenticationProof) =>
  api.postJson<CancellationStatus>('/app/users/me/cancellation', { confirm: true, ...proof });

export const revokeCancellation = () => api.postJson<CancellationStatus>('/app/users/me/cancellation/revoke');

/** Avatar upload as multipart/form-data, through the request helper (401 and bans behave as anywhere). */
export function uploadAvatar(file: Blob, fileName: string): Promise<UserRecord> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.postMultipart<UserRecord>('/app/users/me/avatar', form);
}
