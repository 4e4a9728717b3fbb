import { VOICE_MAX_BYTES } from '@sabai/shared/chat/chat.schemas';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/identity-helpers';
import { at, createOrderScenario } from '../../../test/order-scenario';
import { queryRows } from '../../db/client';
import { audioContainerOf } from './message-view';

const s = await createOrderScenario();
const { app, customer, therapist, stranger, clock } = s;

const order = await s.book(at(25, '10:00'));
await s.settle();
// The order's chat opens once it is paid and accepted.
await s.payments.systemTransition(order.id, 'pay');
if ((await s.step(order.id, 'accept', therapist.token)).code !== 0) throw new Error('accept failed');

/** The first bytes of a WebM file as Chrome's MediaRecorder writes it (EBML header), then "audio". */
const webmRecording = (size = 4096) => {
  const data = Buffer.alloc(size, 0x42);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]).copy(data, 0);
  return data;
};
const countMessages = async () =>
  (await queryRows<{ n: number }>(s.database.db, sql`select count(*)::int as n from chat_messages`))[0]?.n;

const boundary = '----sabai-voice-boundary';
const uploadVoice = (
  conversationId: number,
  file: Buffer,
  query: { uniqueId: string; durationMs: number | string },
  token = customer.token,
  lang = 'en-US',
) =>
  call(app, {
    method: 'POST',
    url: `/app/chat/conversations/${conversationId}/voice?uniqueId=${query.uniqueId}&durationMs=${query.durationMs}`,
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, lang },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="voice.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });

describe('voice messages (decision 060)', () => {
  const conversation = { id: 0 };
  beforeAll(async () => {
    const opened = (
      await call(app, {
        method: 'POST',
        url: '/app/chat/conversations',
        token: customer.token,
        payload: { toUid: therapist.userId },
      })
    ).json();
    if (opened.code !== 0) throw new Error(JSON.stringify(opened));
    conversation.id = opened.data.id;
  });

  it('recognises the containers browsers record, and nothing else', () => {
    expect(audioContainerOf(webmRecording())).toBe('webm');
    expect(audioContainerOf(Buffer.from('OggS\0\x02\0\0\0\0\0\0\0\0'))).toBe('ogg');
    expect(audioContainerOf(Buffer.from('\0\0\0\x1cftypM4A \0\0\0\0'))).toBe('m4a');
    expect(audioContainerOf(Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR'))).toBeNull();
    expect(audioContainerOf(Buffer.from('OggS'))).toBeNull();
  });

  it('sends a voice message that reaches the other member with its duration, and plays as audio', async () => {
    clock.advance(11_000);
    const sent = (
      await uploadVoice(conversation.id, webmRecording(), { uniqueId: 'voice-0001', durationMs: 4200 })
    ).json();
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ type: 3, voiceDurationMs: 4200, imageUrl: null, body: '' });
    expect(sent.data.voiceUrl).toMatch(/^\/app\/uploads\/chat\/\d+-[0-9a-f]{32}\.webm$/);

    const theirs = (await s.get(`/app/chat/conversations/${conversation.id}/messages`, therapist.token))
      .data as {
      items: { msgId: number; type: number; voiceUrl: string | null; voiceDurationMs: number | null }[];
    };
    expect(theirs.items.find((item) => item.msgId === sent.data.msgId)).toMatchObject({
      type: 3,
      voiceDurationMs: 4200,
      voiceUrl: sent.data.voiceUrl,
    });
    const served = await app.inject({ method: 'GET', url: sent.data.voiceUrl });
    expect(served.headers['content-type']).toBe('audio/webm');
    expect(served.rawPayload.equals(webmRecording())).toBe(true);

    // A resend after a lost answer never shows twice.
    const again = (
      await uploadVoice(conversation.id, webmRecording(), { uniqueId: 'voice-0001', durationMs: 4200 })
    ).json();
    expect(again.data.msgId).toBe(sent.data.msgId);
  });

  it('refuses a recording under one second with the localised error, storing nothing', async () => {
    clock.advance(11_000);
    const before = await countMessages();
    const short = (
      await uploadVoice(conversation.id, webmRecording(), { uniqueId: 'voice-short-1', durationMs: 999 })
    ).json();
    expect(short.code).toBe(ERROR_CODES.chatVoiceTooShort.code);
    expect(short.msg).toBe('The voice message is under one second and was not sent.');
    const shortKm = (
      await uploadVoice(
        conversation.id,
        webmRecording(),
        { uniqueId: 'voice-short-2', durationMs: 0 },
        customer.token,
        'km',
      )
    ).json();
    expect(shortKm.code).toBe(ERROR_CODES.chatVoiceTooShort.code);
    expect(shortKm.msg).toBe('សារជាសំឡេងខ្លីជាងមួយវិនាទី ហើយមិនត្រូវបានផ្ញើទេ។');
    // Not a number at all: refused at the boundary.
    const nan = (
      await uploadVoice(conversation.id, webmRecording(), { uniqueId: 'voice-short-3', durationMs: 'abc' })
    ).json();
    expect(nan.code).not.toBe(0);
    const long = (
      await uploadVoice(conversation.id, webmRecording(), { uniqueId: 'voice-long-1', durationMs: 60_001 })
    ).json();
    expect(long.code).toBe(ERROR_CODES.chatVoiceTooLong.code);
    expect(await countMessages()).toBe(before);
  });

  it('refuses a file that is not audio, and one over the size limit, storing nothing', async () => {
    clock.advance(11_000);
    const before = await countMessages();
    const html = (
      await uploadVoice(conversation.id, Buffer.from('<html><script>alert(1)</script></html>'), {
        uniqueId: 'voice-html-1',
        durationMs: 3000,
      })
    ).json();
    expect(html.code).toBe(ERROR_CODES.chatVoiceNotAudio.code);
    expect(html.msg).toBe('That file is not a voice recording.');
    const huge = (
      await uploadVoice(conversation.id, webmRecording(VOICE_MAX_BYTES + 1), {
        uniqueId: 'voice-big-1',
        durationMs: 3000,
      })
    ).json();
    expect(huge.code).toBe(ERROR_CODES.chatVoiceTooLarge.code);
    expect(huge.msg).toBe('The voice message is too large (limit 1 MB).');
    expect(await countMessages()).toBe(before);
  });

  it('answers a stranger as not found', async () => {
    clock.advance(11_000);
    const before = await countMessages();
    const foreign = (
      await uploadVoice(
        conversation.id,
        webmRecording(),
        { uniqueId: 'voice-stranger-1', durationMs: 3000 },
        stranger.token,
      )
    ).json();
    expect(foreign.code).toBe(ERROR_CODES.notFound.code);
    expect(await countMessages()).toBe(before);
  });
});
