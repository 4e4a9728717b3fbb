import type { Language } from '@sabai/shared/i18n';
import { INTL_SERVICES, type IntlService } from './intl-data';

type Loader = () => Promise<unknown>;
type PolyfilledLanguage = Exclude<Language, 'en'>;

/**
 * FormatJS's classes and their data for one language each, as separate chunks. Each data file
 * registers itself through `Intl.<Service>.__addLocaleData`, which the bridge below forwards.
 */
const polyfills: Record<IntlService, Loader> = {
  NumberFormat: () => import('@formatjs/intl-numberformat').then((module) => module.NumberFormat),
  PluralRules: () => import('@formatjs/intl-pluralrules').then((module) => module.PluralRules),
  DateTimeFormat: () => import('@formatjs/intl-datetimeformat').then((module) => module.DateTimeFormat),
  RelativeTimeFormat: () => import('@formatjs/intl-relativetimeformat').then((module) => module.default),
  DisplayNames: () => import('@formatjs/intl-displaynames').then((module) => module.DisplayNames),
};
const localeData: Record<IntlService, Record<PolyfilledLanguage, Loader>> = {
  NumberFormat: {
    km: () => import('@formatjs/intl-numberformat/locale-data/km.js'),
    th: () => import('@formatjs/intl-numberformat/locale-data/th.js'),
    vi: () => import('@formatjs/intl-numberformat/locale-data/vi.js'),
    'zh-CN': () => import('@formatjs/intl-numberformat/locale-data/zh.js'),
    'zh-TW': () => import('@formatjs/intl-numberformat/locale-data/zh-Hant.js'),
  },
  PluralRules: {
    km: () => import('@formatjs/intl-pluralrules/locale-data/km.js'),
    th: () => import('@formatjs/intl-pluralrules/locale-data/th.js'),
    vi: () => import('@formatjs/intl-pluralrules/locale-data/vi.js'),
    'zh-CN': () => import('@formatjs/intl-pluralrules/locale-data/zh.js'),
    'zh-TW': () => import('@formatjs/intl-pluralrules/locale-data/zh.js'),
  },
  DateTimeFormat: {
    km: () => import('@formatjs/intl-datetimeformat/locale-data/km.js'),
    th: () => import('@formatjs/intl-datetimeformat/locale-data/th.js'),
    vi: () => import('@formatjs/intl-datetimeformat/locale-data/vi.js'),
    'zh-CN': () => import('@formatjs/intl-datetimeformat/locale-data/zh.js'),
    'zh-TW': () => import('@formatjs/intl-datetimeformat/locale-data/zh-Hant.js'),
  },
  RelativeTimeFormat: {
    km: () => import('@formatjs/intl-relativetimeformat/locale-data/km.js'),
    th: () => import('@formatjs/intl-relativetimeformat/locale-data/th.js'),
    vi: () => import('@formatjs/intl-relativetimeformat/locale-data/vi.js'),
    'zh-CN': () => import('@formatjs/intl-relativetimeformat/locale-data/zh.js'),
    'zh-TW': () => import('@formatjs/intl-relativetimeformat/locale-data/zh-Hant.js'),
  },
  DisplayNames: {
    km: () => import('@formatjs/intl-displaynames/locale-data/km.js'),
    th: () => import('@formatjs/intl-displaynames/locale-data/th.js'),
    vi: () => import('@formatjs/intl-displaynames/locale-data/vi.js'),
    'zh-CN': () => import('@formatjs/intl-displaynames/locale-data/zh.js'),
    'zh-TW': () => import('@formatjs/intl-displaynames/locale-data/zh-Hant.js'),
  },
};

// Formatters are built with (locales, options) and queried with supportedLocalesOf.
type Service = {
  new (locales?: string | string[], options?: object): object;
  supportedLocalesOf(locales: string | string[], options?: object): string[];
  __addLocaleData?: (...data: unknown[]) => void;
};
const nativeDateTimeFormat = Intl.DateTimeFormat;

/** The UTC offset ("+07:00") of a time zone at a moment, from the browser's own zone data. */
function offsetOf(timeZone: string | undefined, at: Date): string {
  const part = new nativeDateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((each) => each.type === 'timeZoneName')?.value;
  const offset = part?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/**
 * The polyfilled DateTimeFormat knows no time zones without a 0.8 MB database. The browser's own
 * Intl does: an IANA zone (or, without one, the phone's zone) becomes its UTC offset now. Sabai's
 * cities keep no daylight saving time, so the offset holds for the dates the app shows.
 */
function withOffsetZone(options: Intl.DateTimeFormatOptions | undefined): Intl.DateTimeFormatOptions {
  const zone = options?.timeZone;
  if (zone && /^(UTC|Etc\/UTC|GMT|[+-]\d{2}:?\d{2})$/i.test(zone)) return options ?? {};
  try {
    return { ...options, timeZone: offsetOf(zone, new Date()) };
  } catch {
    return options ?? {};
  }
}

/**
 * Puts the polyfill beside the browser's own service, for the languages the browser lacks only:
 * every other language (English for numeric helpers, the languages it has) stays native.
 */
function bridge(service: IntlService, polyfill: Service): void {
  const native = Intl[service] as unknown as Service;
  const usePolyfill = (locales?: string | string[]) =>
    locales !== undefined &&
    native.supportedLocalesOf(locales).length === 0 &&
    polyfill.supportedLocalesOf(locales).length > 0;
  const bridged = function (this: unknown, locales?: string | string[], options?: object) {
    if (!usePolyfill(locales)) return new native(locales, options);
    const adjusted =
      service === 'DateTimeFormat' ? withOffsetZone(options as Intl.DateTimeFormatOptions) : options;
    return new polyfill(locales, adjusted);
  } as unknown as Service;
  bridged.supportedLocalesOf = (locales, options) => [
    ...new Set([
      ...native.supportedLocalesOf(locales, options),
      ...polyfill.supportedLocalesOf(locales, options),
    ]),
  ];
  bridged.__addLocaleData = (...data) => polyfill.__addLocaleData?.(...data);
  Object.defineProperty(bridged, 'prototype', { value: native.prototype });
  Object.defineProperty(Intl, service, { value: bridged, writable: true, configurable: true });
}

const bridged = new Set<IntlService>();

/**
 * Holds the data files' registrations on the browser's own services until the polyfill is bridged:
 * each data file registers itself through `Intl.<Service>.__addLocaleData` when it runs, and runs
 * as soon as it arrives, which may be before its polyfill class.
 */
function queueLocaleData(services: IntlService[]): { flush(service: IntlService): void; release(): void } {
  const queued = new Map<IntlService, unknown[][]>();
  for (const service of services) {
    queued.set(service, []);
    (Intl[service] as unknown as Service).__addLocaleData = (...data) => queued.get(service)?.push(data);
  }
  return {
    flush(service) {
      for (const data of queued.get(service) ?? [])
        (Intl[service] as unknown as Service).__addLocaleData?.(...data);
      queued.delete(service);
    },
    release() {
      for (const service of services) delete (nativeServices[service] as Partial<Service>).__addLocaleData;
    },
  };
}

const nativeServices = Object.fromEntries(INTL_SERVICES.map((service) => [service, Intl[service]])) as Record<
  IntlService,
  unknown
>;

export async function polyfillIntl(language: Language, missing: IntlService[]): Promise<void> {
  if (language === 'en') return;
  const services = INTL_SERVICES.filter((each) => missing.includes(each) && !bridged.has(each));
  // One round trip, not two: the classes and the language's data are fetched together (before the
  // first render on a browser without the language's data, each round trip on a phone's network
  // delays the first screen). A data file that runs before its class is held and handed over
  // when the class is bridged.
  const pending = queueLocaleData(services);
  try {
    const [classes] = await Promise.all([
      Promise.all(services.map((service) => polyfills[service]())),
      Promise.all(
        INTL_SERVICES.filter((each) => missing.includes(each)).map((service) =>
          localeData[service][language](),
        ),
      ),
    ]);
    services.forEach((service, index) => {
      bridge(service, classes[index] as Service);
      bridged.add(service);
      pending.flush(service);
    });
  } finally {
    pending.release();
  }
  await preparePolyfills(language, services);
}

/** Options each service needs to be built at all (DisplayNames has no default type). */
const WARM_OPTIONS: Partial<Record<IntlService, object>> = { DisplayNames: { type: 'currency' } };

/**
 * A polyfill's first formatter in a language prepares that language's data (the date polyfill
 * parses every skeleton: tens of milliseconds on a phone). Built here, one service per task,
 * before the first render, so that work is not added to the render's longest task (decision 095).
 */
async function preparePolyfills(language: Language, services: IntlService[]): Promise<void> {
  for (const service of services) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const Service = Intl[service] as unknown as Service;
      new Service(language, WARM_OPTIONS[service]);
    } catch {
      // A service the polyfill could not build: the app's own use will fall back as before.
    }
  }
}
