import multipart from '@fastify/multipart';
import {
  chatGroupDetailSchema,
  chatMessageSchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSchema,
  conversationSettingsSchema,
  forbiddenWordSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageTranslationSchema,
  newForbiddenWordSchema,
  openConversationSchema,
  phraseOrderSchema,
  phraseSchema,
  phraseTextSchema,
  sendImageQuerySchema,
  sendMessageSchema,
  sendVoiceQuerySchema,
  unreadTotalSchema,
  VOICE_MAX_BYTES,
} from '@sabai/shared/chat/chat.schemas';
import { idSchema } from '@sabai/shared/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { ok, okResponse } from '../../http/envelope';
import { readSingleUpload } from '../../http/uploads';
import { AppError } from '../../lib/app-error';
import { CHAT_IMAGE_MAX_BYTES, type ChatService } from './chat.service';
import type { MessageTranslationsService } from './message-translations.service';
import type { PhrasesService } from './phrases.service';

const STAFF = ['customer_service', 'admin'] as const;
const idParams = z.object({ id: idSchema });

/** Chat (decision 048): my conversations, their messages, my phrases; staff edit forbidden words. */
export const chatRoutes: FastifyPluginAsyncZod<{
  chat: ChatService;
  phrases: PhrasesService;
  translations: MessageTranslationsService;
}> = async (app, { chat, phrases, translations }) => {
  const tags = ['chat'];
  const security = [{ token: [] }];
  const access = 'user' as const;
  await app.register(multipart, {
    limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/chat/conversations',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'My conversations (chat/list): pinned first, then newest first, 30 a page',
        querystring: conversationListQuerySchema,
        response: okResponse(conversationPageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.list(requireUser(request), request.query.page, request.lang)),
  );
  app.post(
    '/chat/conversations',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary:
          'Open (or find) my conversation with a user (chat/index?to_uid), with the other party of my order, or of my team group (groupId)',
        body: openConversationSchema,
        response: okResponse(conversationSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { toUid, orderId, groupId } = request.body;
      if (groupId !== undefined) return ok(request.lang, await chat.openGroup(me, groupId, request.lang));
      if (toUid !== undefined) return ok(request.lang, await chat.open(me, toUid, request.lang));
      if (orderId !== undefined) return ok(request.lang, await chat.openForOrder(me, orderId, request.lang));
      throw new AppError('chatTargetUnknown');
    },
  );
  app.get(
    '/chat/unread-count',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Unread messages over my conversations (the tab badge)',
        response: okResponse(unreadTotalSchema),
      },
    },
    async (request) => ok(request.lang, await chat.unreadTotal(requireUser(request))),
  );
  app.get(
    '/chat/conversations/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'One of my conversations',
        params: idParams,
        response: okResponse(conversationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.get(requireUser(request), request.params.id, request.lang)),
  );
  app.get(
    '/chat/groups/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'A team group of mine (group info page): name, members, my pin and mute',
        params: idParams,
        response: okResponse(chatGroupDetailSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.groupDetail(requireUser(request), request.params.id, request.lang)),
  );
  app.put(
    '/chat/conversations/:id/settings',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Pin, mute or hide one of my conversations',
        params: idParams,
        body: conversationSettingsSchema,
        response: okResponse(conversationSchema),
      },
    },
    async (request) =>
      ok(
        request.lang,
        await chat.updateSettings(requireUser(request), request.params.id, request.body, request.lang),
      ),
  );
  app.post(
    '/chat/conversations/:id/read',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Mark the conversation read on all my devices',
        params: idParams,
        response: okResponse(conversationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.markRead(requireUser(request), request.params.id, request.lang)),
  );
  app.get(
    '/chat/conversations/:id/messages',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Messages oldest first: the newest 30, 30 before a sequence, or all since one',
        params: idParams,
        querystring: messageListQuerySchema,
        response: okResponse(messagePageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.messages(requireUser(request), request.params.id, request.query)),
  );
  app.post(
    '/chat/conversations/:id/messages',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Send a text or an order card (a resend with the same uniqueId answers the first)',
        params: idParams,
        body: sendMessageSchema,
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) =>
      ok(request.lang, await chat.send(requireUser(request), request.params.id, request.body)),
  );
  app.post(
    '/chat/conversations/:id/images',
    {
      config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Send an image (multipart field "file", up to 5 MB; re-encoded, metadata stripped)',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: sendImageQuerySchema,
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      const buffer = await readSingleUpload(request, CHAT_IMAGE_MAX_BYTES);
      return ok(request.lang, await chat.sendImage(me, request.params.id, request.query.uniqueId, buffer));
    },
  );
  app.post(
    '/chat/conversations/:id/voice',
    {
      config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Send a voice message (multipart field "file": WebM, Ogg or MP4 audio up to 1 MB; durationMs 1000–60000)',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: sendVoiceQuerySchema,
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) => {
      const me = requireUser(request);
      // The plugin's limit is the pictures' 5 MB; a voice message has its own, smaller one.
      const buffer = await readSingleUpload(request, CHAT_IMAGE_MAX_BYTES);
      if (buffer.length > VOICE_MAX_BYTES) {
        throw new AppError('chatVoiceTooLarge', { limit: `${VOICE_MAX_BYTES / 1024 / 1024} MB` });
      }
      return ok(request.lang, await chat.sendVoice(me, request.params.id, request.query, buffer));
    },
  );
  app.post(
    '/chat/messages/:id/revoke',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Recall a message for everyone (own within 2 minutes; customer service any time)',
        params: idParams,
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) => ok(request.lang, await chat.revoke(requireUser(request), request.params.id)),
  );
  app.get(
    '/chat/messages/:id/translation',
    {
      // A real provider is paid per call: a reader taps, nobody needs more than this.
      config: { access, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'A text message of my conversation in my language (the lang header); kept per language',
        params: idParams,
        response: okResponse(messageTranslationSchema),
      },
    },
    async (request) =>
      ok(request.lang, await translations.translate(requireUser(request), request.params.id, request.lang)),
  );
  app.delete(
    '/chat/messages/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Delete a message for me only',
        params: idParams,
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) => ok(request.lang, await chat.deleteForMe(requireUser(request), request.params.id)),
  );

  const phraseList = okResponse(z.array(phraseSchema));
  app.get(
    '/chat/phrases',
    {
      config: { access },
      schema: { tags, security, summary: 'My common phrases, in order', response: phraseList },
    },
    async (request) => ok(request.lang, await phrases.list(requireUser(request))),
  );
  app.post(
    '/chat/phrases',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Add a common phrase at the end',
        body: phraseTextSchema,
        response: phraseList,
      },
    },
    async (request) => ok(request.lang, await phrases.add(requireUser(request), request.body.text)),
  );
  app.put(
    '/chat/phrases/order',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Reorder my phrases (every id once)',
        body: phraseOrderSchema,
        response: phraseList,
      },
    },
    async (request) => ok(request.lang, await phrases.reorder(requireUser(request), request.body.ids)),
  );
  app.put(
    '/chat/phrases/:id',
    {
      config: { access },
      schema: {
        tags,
        security,
        summary: 'Edit a phrase',
        params: idParams,
        body: phraseTextSchema,
        response: phraseList,
      },
    },
    async (request) =>
      ok(request.lang, await phrases.edit(requireUser(request), request.params.id, request.body.text)),
  );
  app.delete(
    '/chat/phrases/:id',
    {
      config: { access },
      schema: { tags, security, summary: 'Delete a phrase', params: idParams, response: phraseList },
    },
    async (request) => ok(request.lang, await phrases.remove(requireUser(request), request.params.id)),
  );

  const wordList = okResponse(z.array(forbiddenWordSchema));
  app.get(
    '/chat/forbidden-words',
    {
      config: { access: STAFF },
      schema: { tags, security, summary: 'Forbidden words per language (staff)', response: wordList },
    },
    async (request) => ok(request.lang, await phrases.forbiddenWords()),
  );
  app.post(
    '/chat/forbidden-words',
    {
      config: { access: STAFF },
      schema: {
        tags,
        security,
        summary: 'Add a forbidden word (staff)',
        body: newForbiddenWordSchema,
        response: wordList,
      },
    },
    async (request) =>
      ok(request.lang, await phrases.addForbiddenWord(request.body.language, request.body.word)),
  );
  app.delete(
    '/chat/forbidden-words/:id',
    {
      config: { access: STAFF },
      schema: {
        tags,
        security,
        summary: 'Remove a forbidden word (staff)',
        params: idParams,
        response: wordList,
      },
    },
    async (request) => ok(request.lang, await phrases.removeForbiddenWord(request.params.id)),
  );
};
