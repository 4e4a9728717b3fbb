import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Config type 3099: the VIP membership switch. `data.value` is itself a JSON string. */
export const MEMBERSHIP_CONFIG_TYPE = 3099;

export interface MembershipConfig {
  isOpen: boolean;
  link: string;
}

interface ConfigRecord {
  value?: unknown;
}

const CLOSED: MembershipConfig = { isOpen: false, link: '' };

export function parseMembershipConfig(record: ConfigRecord | null | undefined): MembershipConfig {
  const raw = record?.value;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return CLOSED;
    }
  }
  if (typeof value !== 'object' || value === null) return CLOSED;
  const { isOpen, link } = value as { isOpen?: unknown; link?: unknown };
  return { isOpen: isOpen === true, link: typeof link === 'string' ? link : '' };
}

export async function fetchMembershipConfig(signal?: AbortSignal): Promise<MembershipConfig> {
  const record = await api.get<ConfigRecord | null>(`/app/common/type/${MEMBERSHIP_CONFIG_TYPE}`, {
    signal,
    isSilent: true,
  });
  return parseMembershipConfig(record);
}

export function useMembershipConfig() {
  return useQuery({
    queryKey: ['config', MEMBERSHIP_CONFIG_TYPE],
    queryFn: ({ signal }) => fetchMembershipConfig(signal),
    staleTime: 5 * 60_000,
  });
}
