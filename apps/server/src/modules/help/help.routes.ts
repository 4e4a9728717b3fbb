import {
  acceptAgreementsBodySchema,
  agreementDocumentSchema,
  agreementKindParamsSchema,
  agreementStatusSchema,
  agreementVersionSchema,
  customerServiceContactSchema,
  helpArticleBodySchema,
  helpArticleIdParamsSchema,
  helpArticleListQuerySchema,
  helpArticleListSchema,
  helpArticleSchema,
  helpAuditEntrySchema,
  helpAuditQuerySchema,
  helpPublishBodySchema,
  publishAgreementBodySchema,
  staffHelpArticleSchema,
} from '@sabai/shared/help/help.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import type { AgreementsService } from './agreements.service';
import type { ArticlesService } from './articles.service';
import type { HelpRepository } from './help.repository';

const STAFF = ['customer_service', 'admin'] as const;

/** The help centre and the agreements (issue #16 items 4, 5 and their staff side, decision 054). */
export const helpRoutes: FastifyPluginAsyncZod<{
  articles: ArticlesService;
  agreements: AgreementsService;
  repository: HelpRepository;
}> = async (app, { articles, agreements, repository }) => {
  const tags = ['help'];
  app.get(
    '/help/articles',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          "Help articles by category in the reader's language (my/help/feedbackIndex); `q` searches titles and texts",
        querystring: helpArticleListQuerySchema,
        response: okResponse(helpArticleListSchema),
      },
    },
    async (request) => ok(request.lang, await articles.list(request.lang, request.query)),
  );
  app.get(
    '/help/articles/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One published help article (my/help/helpDetail)',
        params: helpArticleIdParamsSchema,
        response: okResponse(helpArticleSchema),
      },
    },
    async (request) => ok(request.lang, await articles.detail(request.lang, request.params.id)),
  );
  app.get(
    '/help/customer-service',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          '"Contact customer service": the agent to open the support chat with (POST /app/chat/conversations {toUid})',
        response: okResponse(customerServiceContactSchema),
      },
    },
    async (request) => ok(request.lang, await articles.customerServiceContact(requireUser(request))),
  );

  const agreementTags = ['agreements'];
  app.get(
    '/agreements/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: agreementTags,
        summary:
          'My standing per agreement: current version, the version I accepted, and whether I must accept again',
        response: okResponse(z.array(agreementStatusSchema)),
      },
    },
    async (request) => ok(request.lang, await agreements.statusOf(requireUser(request), request.lang)),
  );
  app.post(
    '/agreements/accept',
    {
      config: { access: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: agreementTags,
        summary:
          'Accept the current versions named (the prompt after a new version); a version that is not current is refused',
        body: acceptAgreementsBodySchema,
        response: okResponse(z.null()),
      },
    },
    async (request) => {
      await agreements.accept(requireUser(request), request.body);
      return ok(request.lang, null);
    },
  );
  app.get(
    '/agreements/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags: agreementTags,
        summary:
          "The current version of the user agreement, privacy policy or order agreement in the reader's language",
        params: agreementKindParamsSchema,
        response: okResponse(agreementDocumentSchema),
      },
    },
    async (request) => ok(request.lang, await agreements.current(request.params.kind, request.lang)),
  );

  // ── staff (customer service) ───────────────────────────────────────────────────────────────
  const staffTags = ['help', 'staff'];
  app.get(
    '/staff/help/articles',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary: 'Every help article, published or not, with all its languages',
        response: okResponse(z.array(staffHelpArticleSchema)),
      },
    },
    async (request) => ok(request.lang, await articles.listForStaff()),
  );
  app.post(
    '/staff/help/articles',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary:
          'Write a help article (English required, other languages optional); published at once; audited',
        body: helpArticleBodySchema,
        response: okResponse(staffHelpArticleSchema),
      },
    },
    async (request) => ok(request.lang, await articles.create(requireUser(request), request.body)),
  );
  app.put(
    '/staff/help/articles/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary:
          "Change a help article's category, order and texts (the languages sent replace the old ones); audited",
        params: helpArticleIdParamsSchema,
        body: helpArticleBodySchema,
        response: okResponse(staffHelpArticleSchema),
      },
    },
    async (request) =>
      ok(request.lang, await articles.update(requireUser(request), request.params.id, request.body)),
  );
  app.post(
    '/staff/help/articles/:id/publish',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary: 'Publish or unpublish a help article; audited',
        params: helpArticleIdParamsSchema,
        body: helpPublishBodySchema,
        response: okResponse(staffHelpArticleSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await articles.setPublished(requireUser(request), request.params.id, request.body.isPublished),
      ),
  );
  app.post(
    '/staff/agreements/:kind/versions',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary:
          'Publish a new version (all six languages, a higher number); users are asked to accept it; audited',
        params: agreementKindParamsSchema,
        body: publishAgreementBodySchema,
        response: okResponse(agreementVersionSchema),
      },
    },
    async (request) =>
      ok(request.lang, await agreements.publish(requireUser(request), request.params.kind, request.body)),
  );
  app.get(
    '/staff/help/audit',
    {
      config: { access: STAFF },
      schema: {
        tags: staffTags,
        summary: 'The audit trail of a help article or agreement version: who, when, before and after',
        querystring: helpAuditQuerySchema,
        response: okResponse(z.array(helpAuditEntrySchema)),
      },
    },
    async (request) => {
      const rows = await repository.auditOf(request.query.subject, request.query.id);
      return ok(
        request.lang,
        rows.map((row) => ({
          id: row.id,
          staffId: row.staffId,
          action: row.action,
          before: row.before ?? null,
          after: row.after,
          at: row.at.toISOString(),
        })),
      );
    },
  );
};
