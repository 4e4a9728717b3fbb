import type { AppVersionRecord } from '@sabai/shared/platform/platform.schemas';
import { api } from '../../../lib/api-client';

/** Spec section 7: GET /app/user/selectNewApp?classify=N, the published versions of a variant. */
export const fetchAppVersions = (classify: number) =>
  api.get<AppVersionRecord[]>('/app/user/selectNewApp', { query: { classify }, isSilent: true });

export const appVersionsKey = (classify: number) => ['appVersions', classify] as const;
