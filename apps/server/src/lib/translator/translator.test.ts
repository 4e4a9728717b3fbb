import { LANGUAGES } from '@sabai/shared/i18n';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env';
import { createDevTranslator, createHttpTranslator, createTranslator, TranslationError } from './translator';

/** A LibreTranslate-style stand-in on 127.0.0.1: records requests, answers per `state`. */
const received: unknown[] = [];
const state = {
  status: 200,
  answer: { translatedText: 'สวัสดี', detectedLanguage: { language: 'en' } } as unknown,
};
const provider = Fastify({ logger: false, forceCloseConnections: true });
provider.post('/translate', async (request, reply) => {
  received.push(request.body);
  return reply.status(state.status).send(state.answer);
});
await provider.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => provider.close());
const address = provider.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/translate`;

describe('the HTTP translator (LibreTranslate shape)', () => {
  const translator = createHttpTranslator({ url, apiKey: 'key-1', timeoutMs: 2_000 });

  it('posts the text with the target language code and reads the detected source', async () => {
    expect(await translator.translate('Hello', 'th')).toEqual({ text: 'สวัสดี', sourceLang: 'en' });
    state.answer = { translatedText: '你好', detectedLanguage: { language: 'zh-Hant' } };
    expect(await translator.translate('Hello', 'zh-CN')).toEqual({ text: '你好', sourceLang: 'zh-TW' });
    expect(received).toEqual([
      { q: 'Hello', source: 'auto', target: 'th', format: 'text', api_key: 'key-1' },
      { q: 'Hello', source: 'auto', target: 'zh-Hans', format: 'text', api_key: 'key-1' },
    ]);
  });

  it('throws TranslationError on an error status, an answer without text, or no provider', async () => {
    state.status = 500;
    await expect(translator.translate('Hello', 'km')).rejects.toBeInstanceOf(TranslationError);
    state.status = 200;
    state.answer = { error: 'nothing' };
    await expect(translator.translate('Hello', 'km')).rejects.toBeInstanceOf(TranslationError);
    const nowhere = createHttpTranslator({ url: 'http://127.0.0.1:9/translate', timeoutMs: 500 });
    await expect(nowhere.translate('Hello', 'km')).rejects.toBeInstanceOf(TranslationError);
  });

  it('is what TRANSLATOR_PROVIDER=http asks for, and needs its URL', () => {
    expect(createTranslator(testConfig({ TRANSLATOR_PROVIDER: 'http', TRANSLATOR_HTTP_URL: url })).kind).toBe(
      'http',
    );
    expect(createTranslator(testConfig()).kind).toBe('dev');
    expect(() => testConfig({ TRANSLATOR_PROVIDER: 'http' })).toThrow(/TRANSLATOR_HTTP_URL/);
  });
});

describe('the development phrase table', () => {
  const dev = createDevTranslator();

  it('translates known phrases sentence by sentence, whatever the case and punctuation', async () => {
    expect(await dev.translate('hello!  where are you?', 'km')).toEqual({
      text: 'សួស្តី! តើអ្នកនៅឯណា?',
      sourceLang: 'en',
    });
    expect(await dev.translate('ฉันมาถึงแล้ว', 'en')).toEqual({ text: 'I have arrived', sourceLang: 'th' });
    expect(await dev.translate('谢谢！', 'vi')).toEqual({ text: 'Cảm ơn!', sourceLang: 'zh-CN' });
  });

  it('fails the whole text when any sentence is unknown', async () => {
    await expect(dev.translate('Hello. The blue door', 'th')).rejects.toBeInstanceOf(TranslationError);
  });
});

describe('the demo data', () => {
  it('has every demo review translatable into every language', async () => {
    const { REVIEW_TEXTS } = await import('../../demo/catalog-texts');
    const dev = createDevTranslator();
    for (const text of REVIEW_TEXTS) {
      for (const lang of LANGUAGES) {
        await expect(dev.translate(text, lang)).resolves.toMatchObject({ text: expect.any(String) });
      }
    }
  });
});
