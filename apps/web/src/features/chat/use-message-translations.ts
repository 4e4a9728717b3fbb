import { useCallback, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { chatApi, type MessageTranslation } from './api/chat-api';

export type TranslationState =
  | { status: 'loading' }
  | { status: 'done'; translation: MessageTranslation }
  | { status: 'failed'; error: string | null }
  | { status: 'closed'; translation: MessageTranslation };

/**
 * Translations the reader asked for in this conversation, per message and language (a change of
 * language asks again). The server keeps them, so reopening the conversation costs one cheap read.
 */
export function useMessageTranslations(language: string) {
  const [states, setStates] = useState<Record<string, TranslationState>>({});
  const keyOf = useCallback((msgId: number) => `${msgId}:${language}`, [language]);

  const translate = useCallback(
    async (msgId: number) => {
      const key = keyOf(msgId);
      setStates((all) => ({ ...all, [key]: { status: 'loading' } }));
      try {
        const translation = await chatApi.translate(msgId);
        setStates((all) => ({ ...all, [key]: { status: 'done', translation } }));
      } catch (error) {
        const message = isApiError(error) ? error.message : null;
        setStates((all) => ({ ...all, [key]: { status: 'failed', error: message } }));
      }
    },
    [keyOf],
  );

  /** Hides a shown translation (the original stays); showing it again needs no request. */
  const toggle = useCallback(
    (msgId: number) => {
      const key = keyOf(msgId);
      setStates((all) => {
        const state = all[key];
        if (state?.status === 'done')
          return { ...all, [key]: { status: 'closed', translation: state.translation } };
        if (state?.status === 'closed')
          return { ...all, [key]: { status: 'done', translation: state.translation } };
        return all;
      });
    },
    [keyOf],
  );

  return { stateOf: (msgId: number) => states[keyOf(msgId)], translate, toggle };
}
