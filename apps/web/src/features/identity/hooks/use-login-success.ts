import type { Session } from '@sabai/shared/identity/identity.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../components/ui/feedback';
import * as paths from '../../../lib/paths';
import { saveSession } from '../session';
import { safeRedirect } from '../validation';
import { useAccountGuard } from './use-account-guard';
import { CURRENT_USER_KEY } from './use-identity';

export const LOGIN_TOAST_MS = 3000;

/**
 * Spec section 4, after a successful login: toast for 3 s, refresh the user info, then go to the
 * redirect URL if given, else back, else home. A pending cancellation goes to its screen instead.
 */
export function useLoginSuccess() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const guard = useAccountGuard();

  return useCallback(
    async (session: Session, message = t('login.success')) => {
      saveSession(session);
      queryClient.setQueryData(CURRENT_USER_KEY, session.user);
      if (!(await guard({ user: session.user }))) return;
      showToast(message, LOGIN_TOAST_MS);
      await new Promise((resolve) => setTimeout(resolve, LOGIN_TOAST_MS));
      const redirect = safeRedirect(params.get('redirect'));
      const state = window.history.state as { idx?: number } | null;
      if (redirect) await navigate(redirect, { replace: true });
      else if (state?.idx && state.idx > 0) await navigate(-1);
      else await navigate(paths.home.href(), { replace: true });
    },
    [guard, navigate, params, queryClient, t],
  );
}
