import type {
  AgreementDocument,
  AgreementStatus,
  HelpArticle,
  HelpArticleList,
} from '@sabai/shared/help/help.schemas';
import type { AgreementKind, HelpCategory } from '@sabai/shared/help/help-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';

export type { AgreementDocument, AgreementStatus, HelpArticle, HelpArticleList };

export const helpKeys = {
  articles: (language: string, query: string) => ['help', 'articles', language, query] as const,
  article: (language: string, id: number) => ['help', 'article', language, id] as const,
  agreement: (language: string, kind: AgreementKind) => ['agreements', kind, language] as const,
  mine: (language: string) => ['agreements', 'mine', language] as const,
};

/** Published articles by category in the app's language; `query` searches them. */
export function useHelpArticles(query: string, category?: HelpCategory) {
  const { i18n } = useTranslation();
  const q = query.trim();
  return useQuery({
    queryKey: [...helpKeys.articles(i18n.language, q), category ?? 'all'],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (category) search.set('category', category);
      const text = search.toString();
      return api.get<HelpArticleList>(`/app/help/articles${text ? `?${text}` : ''}`, {
        signal,
        isSilent: true,
      });
    },
    placeholderData: (previous) => previous,
  });
}

export function useHelpArticle(id: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.article(i18n.language, id ?? 0),
    queryFn: ({ signal }) => api.get<HelpArticle>(`/app/help/articles/${id}`, { signal, isSilent: true }),
    enabled: id !== undefined,
  });
}

/** "Contact customer service": the agent whose chat to open. */
export function fetchCustomerServiceAgent(): Promise<{ agentUid: number }> {
  return api.get<{ agentUid: number }>('/app/help/customer-service');
}

export function useAgreement(kind: AgreementKind) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.agreement(i18n.language, kind),
    queryFn: ({ signal }) =>
      api.get<AgreementDocument>(`/app/agreements/${kind}`, { signal, isSilent: true }),
    staleTime: 5 * 60_000,
  });
}

/** My standing per agreement (signed in only). */
export function useMyAgreements(isEnabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: helpKeys.mine(i18n.language),
    queryFn: ({ signal }) => api.get<AgreementStatus[]>('/app/agreements/mine', { signal, isSilent: true }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useAcceptAgreements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accepted: { kind: AgreementKind; version: number }[]) =>
      api.postJson<null>('/app/agreements/accept', { accepted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agreements'] }),
  });
}
