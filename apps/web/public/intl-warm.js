// A dedicated worker the drawn page starts once it has painted (decision 094). A page's first use of
// Intl loads the engine's locale data, 30-190 ms of main-thread time on a phone, and the engine
// keeps that data for the whole renderer process: used here first, on the worker's thread, the
// app's own first formatters and its tests for missing locale data then cost the main thread
// almost nothing.
// Asked {lang, services}: answers the services that lack the language (the drawn page then asks
// for their polyfill files), then builds the formatters the first screens use, in the language and
// in English, and ends.
self.onmessage = (event) => {
  const lang = event.data?.lang || 'en';
  const services = Array.isArray(event.data?.services) ? event.data.services : [];
  const missing = services.filter((service) => {
    try {
      return Intl[service].supportedLocalesOf([lang]).length === 0;
    } catch {
      return true;
    }
  });
  self.postMessage(missing);
  const uses = (locale) => [
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(4.5),
    () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(12500),
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(12),
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'KHR' }).format(12000),
    () => new Intl.PluralRules(locale).select(1),
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0),
    () => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(0),
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'),
    () => new Intl.DisplayNames([locale], { type: 'currency' }).of('USD'),
  ];
  const steps = [
    ...uses(lang),
    ...(lang === 'en' ? [] : uses('en')),
    // The zone data, which the DateTimeFormat polyfill reads offsets from (intl-polyfill.ts).
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Phnom_Penh',
        timeZoneName: 'longOffset',
      }).formatToParts(new Date()),
  ];
  for (const step of steps) {
    try {
      step();
    } catch {
      // A service this engine lacks: nothing to warm.
    }
  }
  self.close();
};
