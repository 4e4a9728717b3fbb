/**
 * Intl formatters, built once per constructor, locale and options (decision 090). Building one is
 * the costly part of formatting (the engine resolves the locale and loads its data; the FormatJS
 * polyfills parse theirs), and a list of twenty cards formats hundreds of ratings, prices, counts
 * and distances per render: a new formatter each time was most of a Khmer list's script time on a
 * slow phone. Keyed by the constructor itself, so a polyfill installed later (lib/intl-polyfill.ts
 * replaces `Intl.NumberFormat` and the others) gets formatters of its own, never the engine's.
 */
type IntlConstructor<Formatter, Options> = new (locales: string | string[], options: Options) => Formatter;

const built = new WeakMap<object, Map<string, unknown>>();

export function intlFormatter<Formatter, Options>(
  Constructor: IntlConstructor<Formatter, Options>,
  locales: string | string[],
  options: Options,
): Formatter {
  let byArguments = built.get(Constructor);
  if (!byArguments) {
    byArguments = new Map();
    built.set(Constructor, byArguments);
  }
  const key = JSON.stringify([locales, options]);
  let formatter = byArguments.get(key) as Formatter | undefined;
  if (!formatter) {
    // A constructor that throws (an unknown time zone) caches nothing: the caller's fallback runs.
    formatter = new Constructor(locales, options);
    byArguments.set(key, formatter);
  }
  return formatter;
}
