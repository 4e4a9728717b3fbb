import { isLanguage, LANGUAGES, type Language } from '@sabai/shared/i18n';
import { AppError } from '../app-error';
import { DEV_PHRASES } from './dev-phrase-table';

export interface Translation {
  text: string;
  /** The language the text was written in, when the translator could tell. */
  sourceLang: Language | null;
}

/**
 * Translates user-written text (chat messages, reviews) into a reader's language. A real provider
 * implements this; anything it cannot do is a `TranslationError`, which callers answer as
 * "translation failed" and never cache.
 */
export interface Translator {
  readonly kind: string;
  translate(text: string, to: Language): Promise<Translation>;
}

export class TranslationError extends Error {
  override name = 'TranslationError';
}

/** Case, spaces and punctuation do not change which phrase it is. */
const phraseKey = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, '');

/** Sentence ends in the six languages' scripts (Khmer's khan ។ and bariyoosan ៕ too). */
const SENTENCE_END = /([.!?。！？។៕\n]+)/u;
const isChinese = (lang: Language) => lang === 'zh-CN' || lang === 'zh-TW';
const TO_CJK: Record<string, string> = { '.': '。', '!': '！', '?': '？' };
const FROM_CJK: Record<string, string> = { '。': '.', '！': '!', '？': '?', '។': '.', '៕': '.' };

/** Full stops by script: Thai writes none (a space parts sentences), Khmer its khan. */
const FULL_STOP: Partial<Record<Language, string>> = { th: '', km: '។' };

/** End punctuation in the target script: "？" after Chinese, "?" after the others. */
function punctuationFor(delimiter: string, to: Language) {
  const chars = [...delimiter].map((char) => {
    if (char === '\n') return char;
    if (isChinese(to)) return TO_CJK[char] ?? char;
    const plain = FROM_CJK[char] ?? char;
    return plain === '.' ? (FULL_STOP[to] ?? plain) : plain;
  });
  return chars.join('');
}

/**
 * The development translator: sentence by sentence through the phrase table. Every sentence must
 * be a known phrase, else the whole text fails — a half-translated message would read as nonsense.
 */
export function createDevTranslator(phrases: readonly Record<Language, string>[] = DEV_PHRASES): Translator {
  const index = new Map<string, { phrase: Record<Language, string>; langs: Language[] }>();
  for (const phrase of phrases) {
    for (const lang of LANGUAGES) {
      const key = phraseKey(phrase[lang]);
      const entry = index.get(key) ?? { phrase, langs: [] };
      entry.langs.push(lang);
      index.set(key, entry);
    }
  }
  return {
    kind: 'dev',
    async translate(text, to) {
      let sourceLang: Language | null = null;
      const raw = text.split(SENTENCE_END);
      const parts = raw.map((part, position) => {
        if (position % 2 === 1) return punctuationFor(part, to);
        if (part.trim() === '') return part;
        const entry = index.get(phraseKey(part));
        if (!entry) throw new TranslationError('the development phrase table does not know this text');
        // A phrase spelled alike in two languages (Chinese) is read as the reader's own when it can be.
        sourceLang ??= entry.langs.includes(to) ? to : (entry.langs[0] ?? null);
        const afterLineBreak = raw[position - 1]?.endsWith('\n') ?? true;
        const lead = isChinese(to) || afterLineBreak ? '' : ' ';
        return lead + entry.phrase[to];
      });
      return { text: parts.join('').trim(), sourceLang };
    },
  };
}

/** Language codes of LibreTranslate-style APIs (Chinese by script). */
const PROVIDER_CODES: Record<Language, string> = {
  en: 'en',
  km: 'km',
  th: 'th',
  vi: 'vi',
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
};

function languageFromProvider(code: unknown): Language | null {
  if (typeof code !== 'string') return null;
  const lower = code.toLowerCase();
  if (lower === 'zh-hant' || lower === 'zt' || lower === 'zh-tw') return 'zh-TW';
  if (lower.startsWith('zh')) return 'zh-CN';
  return isLanguage(lower) ? lower : null;
}

/**
 * A generic HTTP translate API in the LibreTranslate shape (self-hosted LibreTranslate, or any
 * gateway in front of a cloud translator that speaks it): POST `url` with JSON
 * `{q, source: "auto", target, format: "text", api_key?}`, answered `{translatedText,
 * detectedLanguage?: {language}}`. A non-2xx answer, a network error, a timeout or an answer without
 * text throws `TranslationError`.
 */
export function createHttpTranslator(options: {
  url: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
}): Translator {
  const send = options.fetch ?? fetch;
  return {
    kind: 'http',
    async translate(text, to) {
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q: text,
            source: 'auto',
            target: PROVIDER_CODES[to],
            format: 'text',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        throw new TranslationError(`translator ${reason} (${options.timeoutMs} ms limit)`, { cause: error });
      }
      if (!response.ok) {
        const body = (await response.text().catch(() => '')).slice(0, 200);
        throw new TranslationError(`translator answered HTTP ${response.status}: ${body}`);
      }
      const answer = (await response.json().catch(() => null)) as {
        translatedText?: unknown;
        detectedLanguage?: { language?: unknown };
      } | null;
      if (typeof answer?.translatedText !== 'string' || answer.translatedText.trim() === '') {
        throw new TranslationError('translator answered without a translation');
      }
      return {
        text: answer.translatedText,
        sourceLang: languageFromProvider(answer.detectedLanguage?.language),
      };
    },
  };
}

/** The translator the configuration asks for. */
export function createTranslator(config: {
  TRANSLATOR_PROVIDER: 'dev' | 'http';
  TRANSLATOR_HTTP_URL?: string | undefined;
  TRANSLATOR_HTTP_KEY?: string | undefined;
  TRANSLATOR_HTTP_TIMEOUT_MS: number;
}): Translator {
  if (config.TRANSLATOR_PROVIDER === 'http') {
    if (!config.TRANSLATOR_HTTP_URL) throw new Error('TRANSLATOR_HTTP_URL is required');
    return createHttpTranslator({
      url: config.TRANSLATOR_HTTP_URL,
      apiKey: config.TRANSLATOR_HTTP_KEY,
      timeoutMs: config.TRANSLATOR_HTTP_TIMEOUT_MS,
    });
  }
  return createDevTranslator();
}

/**
 * The translator as routes use it: a provider's failure is logged for whoever runs the service and
 * answered to the reader as "translation failed" (their text is not logged).
 */
export function readerTranslator(
  translator: Translator,
  log: { warn(details: object, message: string): void },
) {
  return async (text: string, to: Language): Promise<Translation> => {
    try {
      return await translator.translate(text, to);
    } catch (error) {
      if (!(error instanceof TranslationError)) throw error;
      log.warn({ translator: translator.kind, to, reason: error.message }, 'translation failed');
      throw new AppError('translationFailed');
    }
  };
}
