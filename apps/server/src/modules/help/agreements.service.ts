import type {
  AcceptAgreementsBody,
  AgreementDocument,
  AgreementStatus,
  PublishAgreementBody,
} from '@sabai/shared/help/help.schemas';
import { AGREEMENT_KINDS, type AgreementKind, PROMPTED_AGREEMENTS } from '@sabai/shared/help/help-rules';
import type { Language } from '@sabai/shared/i18n';
import type { Db } from '../../db/client';
import type { StatementPart } from '../../db/one-statement';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AcceptanceContextValue, AgreementTextJson, HelpRepository } from './help.repository';

const textIn = (
  texts: Record<string, AgreementTextJson>,
  language: Language,
): [Language, AgreementTextJson] => {
  const local = texts[language];
  if (local) return [language, local];
  const english = texts.en;
  if (!english) throw new Error('agreement without English text');
  return ['en', english];
};

/**
 * Versioned agreements (decision 054): the current version of each kind, users' acceptances (at
 * sign-up and ordering through `acceptCurrentWithin`, or the prompt after a new version), and
 * customer service publishing a new version.
 *
 * A user with no recorded acceptance of a kind counts as having accepted version 1: sign-up has
 * always required ticking the agreements, and version 1 is the text that was in force before
 * acceptances were recorded. They are asked again only when a later version is published.
 */
export function createAgreementsService(deps: { repository: HelpRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function currentVersionOf(kind: AgreementKind, tx?: Db): Promise<number> {
    const rows = await repository.currentVersions(tx);
    const current = rows.find((row) => row.kind === kind);
    if (!current) throw new Error(`agreement ${kind} has no version`);
    return current.version;
  }

  return {
    async current(kind: AgreementKind, language: Language): Promise<AgreementDocument> {
      const row = await repository.currentDocument(kind);
      if (!row) throw new AppError('notFound');
      const [shown, text] = textIn(row.texts, language);
      return {
        kind,
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        language: shown,
        title: text.title,
        sections: text.sections,
      };
    },

    async statusOf(me: AuthUser, language: Language): Promise<AgreementStatus[]> {
      const [current, accepted] = await Promise.all([
        repository.currentTitles(),
        repository.latestAcceptances(me.id),
      ]);
      return AGREEMENT_KINDS.flatMap((kind) => {
        const version = current.find((row) => row.kind === kind);
        if (!version) return [];
        const mine = accepted.find((row) => row.kind === kind);
        const effective = mine?.version ?? 1;
        return [
          {
            kind,
            title: textIn(version.texts, language)[1].title,
            currentVersion: version.version,
            acceptedVersion: mine?.version ?? null,
            acceptedAt: mine?.acceptedAt.toISOString() ?? null,
            mustAccept: PROMPTED_AGREEMENTS.includes(kind) && effective < version.version,
          },
        ];
      });
    },

    /** The prompt's "I agree": each version named must be the current one, or nothing is stored. */
    async accept(me: AuthUser, body: AcceptAgreementsBody): Promise<void> {
      const now = clock.now();
      await repository.transaction(async (tx) => {
        const current = await repository.currentVersions(tx);
        for (const { kind, version } of body.accepted) {
          if (current.find((row) => row.kind === kind)?.version !== version)
            throw new AppError('agreementVersionNotCurrent');
        }
        await repository.insertAcceptances(
          tx,
          body.accepted.map(({ kind, version }) => ({
            userId: me.id,
            kind,
            version,
            context: 'prompt',
            acceptedAt: now,
          })),
        );
      });
    },

    /** For identity (sign-up) and booking (ordering): in their transaction, the current versions. */
    acceptCurrentWithin(
      tx: Db,
      userId: number,
      kinds: readonly AgreementKind[],
      context: AcceptanceContextValue,
      at: Date,
    ): Promise<unknown> {
      return repository.acceptCurrentWithin(tx, userId, kinds, context, at);
    },

    /** `acceptCurrentWithin` as a part of the caller's one statement (decision 079), after `source`. */
    acceptCurrentPart(
      source: string,
      userId: number,
      kinds: readonly AgreementKind[],
      context: AcceptanceContextValue,
      at: Date,
    ): StatementPart {
      return repository.acceptCurrentPart(source, userId, kinds, context, at);
    },

    /** Customer service publishes a new version; it becomes current at once and users are asked again. */
    async publish(staff: AuthUser, kind: AgreementKind, body: PublishAgreementBody) {
      const now = clock.now();
      return repository.transaction(async (tx) => {
        await repository.lockAgreementKind(tx, kind);
        const current = await currentVersionOf(kind, tx);
        if (body.version <= current) throw new AppError('agreementVersionNotNewer');
        const made = await repository.insertVersion(tx, {
          kind,
          version: body.version,
          texts: body.texts,
          publishedAt: now,
          publishedBy: staff.id,
        });
        await repository.insertAudit(tx, {
          subject: 'agreement',
          subjectId: made.id,
          staffId: staff.id,
          action: 'publish',
          before: { kind, version: current },
          after: { kind, version: body.version, texts: body.texts },
          at: now,
        });
        return { kind: made.kind, version: made.version, publishedAt: made.publishedAt.toISOString() };
      });
    },
  };
}

export type AgreementsService = ReturnType<typeof createAgreementsService>;
