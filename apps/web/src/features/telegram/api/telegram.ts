import type { TelegramLinkCode, TelegramLinkStatus } from '@sabai/shared/telegram/telegram.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const telegramStatusKey = ['telegram', 'link'] as const;

export const fetchTelegramStatus = () => api.get<TelegramLinkStatus>('/app/telegram/link');
export const requestTelegramCode = () => api.postJson<TelegramLinkCode>('/app/telegram/link-code');
export const unlinkTelegram = () => api.delete<TelegramLinkStatus>('/app/telegram/link');

/** Polled while a code is waiting to be sent to the bot (realtime tells first when connected). */
export function useTelegramStatus({ isWaitingForBot }: { isWaitingForBot: boolean }) {
  return useQuery({
    queryKey: telegramStatusKey,
    queryFn: fetchTelegramStatus,
    refetchInterval: isWaitingForBot ? 5_000 : false,
  });
}

export function useTelegramCode() {
  return useMutation({ mutationFn: requestTelegramCode });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: (status) => queryClient.setQueryData(telegramStatusKey, status),
  });
}
