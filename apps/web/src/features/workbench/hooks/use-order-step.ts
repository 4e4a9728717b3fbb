import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../../../components/ui/feedback';
import { isApiError } from '../../../lib/api-client';
import { type StepBody, stepOrder, workbenchKeys } from '../api/workbench-api';

/** One step of an order with the lists and the order refreshed after it; a refusal shows the server's message. */
export function useOrderStep(options: { onRefused?: (error: unknown, body: StepBody) => boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StepBody }) => stepOrder(id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(workbenchKeys.order(order.id), (previous: unknown) =>
        previous && typeof previous === 'object' ? { ...previous, ...order } : order,
      );
    },
    onError: (error, { body }) => {
      // The caller may take the refusal over (ask for a reason); otherwise the server says why.
      if (options.onRefused?.(error, body)) return;
      if (isApiError(error)) showToast(error.message, 3000);
    },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workbenchKeys.allOrders }),
        queryClient.invalidateQueries({ queryKey: workbenchKeys.order(id) }),
        queryClient.invalidateQueries({ queryKey: workbenchKeys.store }),
      ]),
  });
}
