import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/** Unsent text per conversation, kept on this device so the list can show a draft preview. */
const readAll = () => readStored<Record<string, string>>(STORAGE_KEYS.chatDrafts) ?? {};

export const readDraft = (conversationId: number): string => readAll()[conversationId] ?? '';

export function writeDraft(conversationId: number, text: string): void {
  const all = readAll();
  if (text.trim()) all[conversationId] = text;
  else delete all[conversationId];
  writeStored(STORAGE_KEYS.chatDrafts, all);
}
