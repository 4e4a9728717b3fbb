import type { Language } from '@sabai/shared/i18n';

export type LegalKind = 'user' | 'privacy';

export interface LegalDocument {
  title: string;
  updated: string;
  sections: { heading: string; body: string[] }[];
}

type LegalTexts = Record<LegalKind, LegalDocument>;

// The texts are long: each language is its own chunk, fetched only by the agreement pages.
const loaders = import.meta.glob<LegalTexts>('./*.json', { import: 'default' });

/** The user agreement or privacy policy in the language, falling back to English. */
export async function loadLegalDocument(language: Language, kind: LegalKind): Promise<LegalDocument> {
  const load = loaders[`./${language}.json`] ?? loaders['./en.json'];
  if (!load) throw new Error('legal texts missing');
  return (await load())[kind];
}
