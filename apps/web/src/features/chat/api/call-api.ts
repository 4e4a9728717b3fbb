import type { Call, CallSignal, IceServers } from '@sabai/shared/chat/call.schemas';
import { api } from '../../../lib/api-client';

export type { Call, CallSignal, IceServers };

/** Voice calls (decision 057): each step is a request; the other side hears it over the socket. */
export const callApi = {
  start: (conversationId: number, deviceId: string) =>
    api.postJson<Call>('/app/chat/calls', { conversationId, deviceId }, { isSilent: true }),
  get: (callId: number) => api.get<Call>(`/app/chat/calls/${callId}`, { isSilent: true }),
  current: () => api.get<Call | null>('/app/chat/calls/current', { isSilent: true }),
  accept: (callId: number, deviceId: string) =>
    api.postJson<Call>(`/app/chat/calls/${callId}/accept`, { deviceId }, { isSilent: true }),
  connected: (callId: number) =>
    api.postJson<Call>(`/app/chat/calls/${callId}/connected`, {}, { isSilent: true }),
  end: (callId: number) => api.postJson<Call>(`/app/chat/calls/${callId}/end`, {}, { isSilent: true }),
  signal: (callId: number, signal: CallSignal) =>
    api.postJson<null>(`/app/chat/calls/${callId}/signal`, signal, { isSilent: true }),
  iceServers: () => api.get<IceServers>('/app/chat/calls/ice-servers', { isSilent: true }),
};

const DEVICE_KEY = 'sabai.callDevice';

/** This tab's id for calls: the answering tab gets the signals, the user's other tabs stop ringing. */
export function callDeviceId(): string {
  try {
    const stored = sessionStorage.getItem(DEVICE_KEY);
    if (stored) return stored;
    const made = crypto.randomUUID().replaceAll('-', '');
    sessionStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID().replaceAll('-', '');
  }
}
