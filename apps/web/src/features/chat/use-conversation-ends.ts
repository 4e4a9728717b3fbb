import { CHAT_ORDER_ENDED_EVENT } from '@sabai/shared/chat/chat.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopic } from '../../lib/realtime/use-realtime-topic';
import { chatKeys } from './api/chat-api';

/**
 * An open conversation follows its orders' ends (decision 103, follow-up): when an order between its
 * members ends, the server says `chat.orderEnded` on `chat:<id>` and the conversation is read again
 * (`canSend`, `endedOrder`), so the composer gives way to the closed notice without a reload. After
 * a replay gap or a reconnect it is read again too: the end may be what was missed.
 */
export function useConversationEnds(conversationId: number | null) {
  const queryClient = useQueryClient();
  const readAgain = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    void queryClient.invalidateQueries({ queryKey: chatKeys.list });
  };
  useRealtimeTopic(
    conversationId ? `chat:${conversationId}` : null,
    (event) => {
      if (event.type === CHAT_ORDER_ENDED_EVENT) readAgain();
    },
    { onResync: readAgain },
  );
}
