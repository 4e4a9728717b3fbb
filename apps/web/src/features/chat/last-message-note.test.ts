import type { ChatMessage } from '@sabai/shared/chat/chat.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import './chat-strings';
import { lastMessageNote, previewText } from './last-message-note';

const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  msgId: 1,
  uniqueId: 'abcdefgh',
  conversationId: 1,
  seq: 1,
  fromUid: 2,
  toUid: 1,
  type: 1,
  body: '',
  imageUrl: null,
  orderId: null,
  aboutMsgId: null,
  createTime: '2026-11-24T10:00:00.000Z',
  clientCreateTime: null,
  isRevoke: false,
  isDelete: false,
  ...fields,
});

describe('the last-message note (spec section 3)', () => {
  beforeAll(async () => {
    await changeLanguage('en');
    await i18n.loadNamespaces(['chat']);
  });
  const t = () => i18n.getFixedT('en', 'chat');
  const note = (input: Partial<Parameters<typeof lastMessageNote>[1]>) =>
    lastMessageNote(t(), { message: null, meId: 1, peerName: 'Dara', ...input });

  it('cuts text to 30 characters without line breaks, never splitting an emoji', () => {
    expect(previewText('line one\nline two')).toBe('line one line two');
    const long = `${'😀'.repeat(29)}ab`;
    expect(previewText(long)).toBe(`${'😀'.repeat(29)}a…`);
    expect(note({ message: message({ body: 'x'.repeat(40) }) }).text).toBe(`${'x'.repeat(30)}…`);
  });

  it('says so when empty, marks media, and notes recalled and deleted messages', () => {
    expect(note({}).text).toBe('No messages yet');
    expect(note({ message: message({ type: 2 }) }).text).toBe('[Picture]');
    expect(note({ message: message({ type: 3, voiceDurationMs: 4200 }) }).text).toBe('[Voice]');
    expect(note({ message: message({ type: 4, orderId: 3 }) }).text).toBe('[Order]');
    expect(note({ message: message({ isRevoke: true, fromUid: 1 }) }).text).toBe('You recalled a message');
    expect(note({ message: message({ isRevoke: true, fromUid: 2 }) }).text).toBe('Dara recalled a message');
    expect(note({ message: message({ isDelete: true, body: '' }) }).text).toBe('Message deleted');
  });

  it('names a call outcome, with the call duration for a call that connected', () => {
    const callNote = (body: object) =>
      note({
        message: message({ type: 5, body: JSON.stringify({ callId: 1, durationSeconds: 0, ...body }) }),
      }).text;
    expect(callNote({ outcome: 'completed', durationSeconds: 65 })).toBe('[Voice call] Call duration 1:05');
    expect(callNote({ outcome: 'cancelled' })).toBe('[Voice call] Call cancelled');
    expect(callNote({ outcome: 'rejected' })).toBe('[Voice call] Call declined');
    expect(callNote({ outcome: 'notAnswered' })).toBe('[Voice call] No answer');
    expect(callNote({ outcome: 'notConnected' })).toBe('[Voice call] Call not connected');
  });

  it('previews a draft while the conversation is not open', () => {
    const last = message({ body: 'See you soon' });
    expect(note({ message: last, draft: 'I will be\nlate' })).toEqual({
      text: '[Draft] I will be late',
      isDraft: true,
    });
    expect(note({ message: last, draft: 'I will be late', isOpen: true }).text).toBe('See you soon');
    expect(note({ message: last, draft: '   ' }).text).toBe('See you soon');
  });

  it('is localised', async () => {
    await changeLanguage('km');
    await i18n.loadNamespaces(['chat']);
    expect(
      lastMessageNote(i18n.getFixedT('km', 'chat'), { message: null, meId: 1, peerName: 'Dara' }).text,
    ).toBe('មិនទាន់មានសារនៅឡើយទេ');
    await changeLanguage('en');
  });
});
