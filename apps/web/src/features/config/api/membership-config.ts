import { useQuery } from '@tanstack/react-query';
import { type ConfigRecord, configObject, fetchConfigRecord } from '../../../lib/config-record';

/** Config type 3099: the VIP membership switch. `data.value` is itself a JSON string. */
export const MEMBERSHIP_CONFIG_TYPE = 3099;

export interface MembershipConfig {
  isOpen: boolean;
  link: string;
}

const CLOSED: MembershipConfig = { isOpen: false, link: '' };

export function parseMembershipConfig(record: ConfigRecord | null | undefined): MembershipConfig {
  const value = configObject(record);
  if (!value) return CLOSED;
  const { isOpen, link } = value;
  return { isOpen: isOpen === true, link: typeof link === 'string' ? link : '' };
}

export async function fetchMembershipConfig(signal?: AbortSignal): Promise<MembershipConfig> {
  return parseMembershipConfig(await fetchConfigRecord(MEMBERSHIP_CONFIG_TYPE, signal));
}

export function useMembershipConfig() {
  return useQuery({
    queryKey: ['config', MEMBERSHIP_CONFIG_TYPE],
    queryFn: ({ signal }) => fetchMembershipConfig(signal),
    staleTime: 5 * 60_000,
  });
}
