import { formatCallDuration, parseCallMessageBody } from '@sabai/shared/chat/call.schemas';
import type { TFunction } from 'i18next';

/** A call outcome message in the reader's language ("Call duration 1:05", "No answer", …). */
export function callOutcomeText(t: TFunction<'chat'>, body: string): string {
  const parsed = parseCallMessageBody(body);
  if (!parsed) return t('note.call');
  if (parsed.outcome === 'completed')
    return t('call.outcome.completed', { duration: formatCallDuration(parsed.durationSeconds) });
  return t(`call.outcome.${parsed.outcome}`);
}
