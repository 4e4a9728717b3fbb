import type { Conversation } from '@sabai/shared/chat/chat.schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as paths from '../../../lib/paths';

/**
 * In place of the composer (and its call button) when the member may not send: why (the service
 * ended, the order was cancelled, or the chat is not open yet), and for the customer of the order
 * that ended, what next: feedback on that order, or booking its therapist (or store) again.
 */
export function ChatClosedNotice({ conversation, meId }: { conversation: Conversation; meId: number }) {
  const { t } = useTranslation('chat');
  const ended = conversation.closedReason === 'chatClosed' ? conversation.endedOrder : null;
  const reason =
    ended?.endedBy === 'cancelled' ? 'orderCancelled' : (conversation.closedReason ?? 'chatNotOpen');
  const isCustomer = ended?.customerId === meId;
  // The same feedback form as the order's page (decision 053): the spec's instoreFeedback for an in-store visit.
  const feedback = ended?.storeId
    ? paths.instoreFeedback.href(ended.orderId)
    : ended
      ? paths.orderFeedback.href(ended.orderId)
      : null;
  const bookAgain = ended?.storeId
    ? paths.storeDetail.href(ended.storeId)
    : ended?.therapistId
      ? paths.therapistDetail.href(ended.therapistId)
      : null;
  return (
    <section className="chat-conversation__closed" role="note" data-testid="chat-closed">
      <p className="chat-closed__reason">{t(`closed.${reason}`)}</p>
      {isCustomer && feedback ? (
        <div className="chat-closed__actions">
          <Link className="chat-closed__action" to={feedback}>
            {t('closed.feedback')}
          </Link>
          {bookAgain ? (
            <Link className="chat-closed__action chat-closed__action--primary" to={bookAgain}>
              {t('closed.bookAgain')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
