import type { Address, AddressBody } from '@sabai/shared/booking/booking.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadWithProgress } from './upload-with-progress';

/** The customer's addresses (my/address/*): one function per endpoint, and their hooks. */
export type { Address, AddressBody };

export const addressKeys = { all: ['addresses'] as const };

export const fetchAddresses = (signal?: AbortSignal, isFresh = false) =>
  api.get<Address[]>('/app/addresses', {
    signal,
    isSilent: true,
    ...(isFresh ? { headers: { 'cache-control': 'no-cache' } } : {}),
  });
export const createAddress = (body: AddressBody) => api.postJson<Address>('/app/addresses', body);
export const updateAddress = (id: number, body: AddressBody) =>
  api.put<Address>(`/app/addresses/${id}`, body);
export const deleteAddress = (id: number) => api.delete<null>(`/app/addresses/${id}`);
export const makeDefaultAddress = (id: number) => api.postJson<Address>(`/app/addresses/${id}/default`);
export const removeAddressPhoto = (id: number, key: string) =>
  api.delete<Address>(`/app/addresses/${id}/photos`, { query: { key } });
/** One photo (multipart field "file"); `onProgress` gets 0…1 as the bytes go up. */
export const uploadAddressPhoto = (id: number, file: Blob, onProgress: (share: number) => void) =>
  uploadWithProgress<Address>(`/app/addresses/${id}/photos`, file, onProgress);

/** The list, default first (the server's order). Only asked for when logged in. */
export function useAddresses(isEnabled: boolean) {
  return useQuery({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => fetchAddresses(signal),
    enabled: isEnabled,
  });
}

/** One address, read from the list (there is no single-address endpoint; the list is small). */
export function useAddress(id: number | undefined, isEnabled: boolean) {
  const list = useAddresses(isEnabled && id !== undefined);
  return { ...list, address: list.data?.find((address) => address.id === id) };
}

/** Set default and delete: each refreshes the list once it is done. */
export function useAddressActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
  const setDefault = useMutation({ mutationFn: makeDefaultAddress, onSettled: refresh });
  const remove = useMutation({ mutationFn: deleteAddress, onSettled: refresh });
  return { setDefault, remove };
}
