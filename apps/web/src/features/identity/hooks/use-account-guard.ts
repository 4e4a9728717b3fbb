import { ERROR_CODES } from '@sabai/shared/error-codes';
import { IS_LOGOUT, USER_STATUS } from '@sabai/shared/identity/identity.rules';
import type { UserRecord } from '@sabai/shared/identity/identity.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import * as paths from '../../../lib/paths';
import { forgetSession } from '../session';

export const CANCELLATION_STATUS_PATH = paths.cancelAccount.href({ step: 3 });

/**
 * Spec section 4, for a user record that reaches a page (an error answer 2017 / 2018 is handled
 * globally by the request helper's hook): a banned account (status 2) sees the appeal message, storage is cleared and the
 * user goes back to login; a cancelled one (isLogout 3) sees a message and is logged out; a pending
 * cancellation (isLogout 2) opens the cancellation screen, where it can be withdrawn.
 * Answers true when the account may carry on.
 */
export function useAccountGuard() {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useCallback(
    async ({ user, error }: { user?: UserRecord | undefined; error?: unknown }): Promise<boolean> => {
      // The request helper already showed the banned / cancelled modal and logged out (api-ui-setup).
      if (isApiError(error) && error.kind === 'account') return false;
      const code = isApiError(error) ? error.code : undefined;
      const serverMessage = isApiError(error) ? error.message : undefined;
      const isBanned = user?.status === USER_STATUS.banned || code === ERROR_CODES.accountBanned.code;
      const isCancelled =
        user?.isLogout === IS_LOGOUT.cancelled || code === ERROR_CODES.accountCancelled.code;
      if (isBanned || isCancelled) {
        const { alert } = await import('../../../components/ui/feedback');
        await alert(
          serverMessage ?? t(isBanned ? 'account.bannedMessage' : 'account.cancelledMessage'),
          t('common:actions.confirm'),
        );
        forgetSession();
        queryClient.removeQueries({ queryKey: ['identity'] });
        await navigate(paths.login.href(), { replace: true });
        return false;
      }
      if (user?.isLogout === IS_LOGOUT.pending) {
        await navigate(CANCELLATION_STATUS_PATH, { replace: true });
        return false;
      }
      return true;
    },
    [navigate, queryClient, t],
  );
}
