/**
 * Content rules of a customer ↔ therapist chat (decision 048): contact and payment details are
 * masked so the parties keep talking and paying through the app. Customer service chats are not
 * masked (customer service asks for such details on purpose).
 */
const MASK = '***';

/** Seven or more digits, allowing the separators people type in phone and account numbers. */
const DIGIT_RUN = /\+?\d(?:[\s().-]*\d){6,}/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** `@handle` (Telegram, Instagram…). */
const AT_HANDLE = /(^|[^\w])@[A-Za-z0-9_.]{3,}/g;
/** A messaging app or payment rail named, followed by an id: the name stays, the id goes. */
const NAMED_HANDLE =
  /\b(telegram|tg|line|wechat|weixin|wx|whatsapp|viber|zalo|facebook|fb|instagram|ig|aba|wing|bakong|paypal|iban|swift)(\s*(?:id|account|acc|no\.?|number)?\s*[:：=]?\s*)([A-Za-z0-9_.-]{4,})/gi;

export function maskContactDetails(text: string): string {
  return text
    .replace(EMAIL, MASK)
    .replace(NAMED_HANDLE, (_match, name: string, glue: string) => `${name}${glue}${MASK}`)
    .replace(AT_HANDLE, (_match, before: string) => `${before}${MASK}`)
    .replace(DIGIT_RUN, MASK);
}

/** Whether the text holds one of the words (stored lower-case), case-insensitively. */
export function containsForbiddenWord(text: string, words: readonly string[]): boolean {
  const lower = text.toLocaleLowerCase();
  return words.some((word) => word && lower.includes(word));
}
