import '../identity-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/feedback';

/**
 * Runs a form's submit: checks first (a translated toast for the first problem), then the request,
 * showing the server's localised message when it refuses. `onError` answers true when it handled
 * the refusal itself (the banned modal).
 */
export function useSubmit() {
  const { t } = useTranslation('identity');
  const [isBusy, setBusy] = useState(false);
  const run = async (
    problem: string | null | Promise<string | null>,
    work: () => Promise<void>,
    onError?: (error: unknown) => Promise<boolean>,
  ) => {
    setBusy(true);
    try {
      const found = await problem;
      if (found) {
        showToast(t(found));
        return;
      }
      await work();
    } catch (error) {
      if (onError && (await onError(error))) return;
      showToast((error as Error).message || t('common:errors.unknown'));
    } finally {
      setBusy(false);
    }
  };
  return { isBusy, run };
}
