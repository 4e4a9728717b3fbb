import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { createLocalStorage } from '../../lib/storage';
import { createTranslator, readerTranslator } from '../../lib/translator/translator';
import type { BookingApi } from '../booking';
import { createCallsRepository } from './calls.repository';
import { callsRoutes } from './calls.routes';
import { createCallsService, type IncomingCallNotifier, socketOnlyCallNotifier } from './calls.service';
import { createChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { createChatService } from './chat.service';
import { createChatGroupsRepository } from './chat-groups.repository';
import { createChatMessagesRepository } from './chat-messages.repository';
import { createChatOrdersRepository } from './chat-orders.repository';
import { createConversationsRepository } from './conversations.repository';
import { createMessageTranslationsService } from './message-translations.service';
import { orderEndedNotice } from './order-ended-notice';
import { createPhrasesRepository } from './phrases.repository';
import { createPhrasesService } from './phrases.service';

export type { IncomingCallNotifier } from './calls.service';

/**
 * Chat (issue #15, decision 048): single conversations, messages with a per-conversation sequence,
 * common phrases and forbidden words. `chat:<id>` is a realtime topic for the two members only.
 * Voice calls (decision 057) ride on the same conversations and rules. Who sees an order is
 * booking's one policy (`needs.orderAccess`, decision 102); whether a chat is open is chat's gate.
 */
export function createChatModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'outbox' | 'topics' | 'bus' | 'log'>,
  needs: {
    /** Who sees an order (decision 102): the order's chat button and order cards ask it. */
    orderAccess: BookingApi['orderAccess'];
    /** Rings a callee whose app is in the background (Web Push); without it only the in-app ring. */
    incomingCallNotifier?: IncomingCallNotifier;
  },
): AppModule<undefined> {
  const repositories = {
    chat: createChatRepository(context.db, context.outbox),
    conversations: createConversationsRepository(context.db),
    messages: createChatMessagesRepository(context.db),
    groups: createChatGroupsRepository(context.db),
    orders: createChatOrdersRepository(context.db),
  };
  const chat = createChatService({
    repositories,
    orderAccess: needs.orderAccess,
    clock: context.clock,
    outbox: context.outbox,
    storage: createLocalStorage(path.join(context.config.DATA_DIR, 'uploads')),
  });
  const calls = createCallsService({
    calls: createCallsRepository(context.db),
    clock: context.clock,
    outbox: context.outbox,
    bus: context.bus,
    chat,
    ice: {
      stunUrls: context.config.ICE_STUN_URLS,
      turnUrls: context.config.TURN_URLS,
      turnSecret: context.config.TURN_SECRET,
      ttlSeconds: context.config.TURN_CREDENTIAL_TTL_SECONDS,
    },
    notifier: needs.incomingCallNotifier ?? socketOnlyCallNotifier,
    log: context.log,
  });
  const phrases = createPhrasesService({
    phrases: createPhrasesRepository(context.db),
    clock: context.clock,
  });
  const translations = createMessageTranslationsService({
    messages: repositories.messages,
    clock: context.clock,
    translate: readerTranslator(createTranslator(context.config), context.log),
  });
  context.topics.declare('chat', (user, id) => chat.canFollow(user, id));
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(chatRoutes, { chat, phrases, translations });
    await api.register(callsRoutes, { calls });
  };
  return {
    name: 'chat',
    api: undefined,
    routes,
    // The backstop for calls whose clients vanished (their own timers end the rest).
    sweeps: [{ name: 'expire-voice-calls', everyMs: 5_000, run: (now) => calls.expire(now) }],
    // An order's end reaches the pages of the conversations it opened (decision 103, follow-up).
    subscriptions: [orderEndedNotice({ orders: repositories.orders, outbox: context.outbox })],
  };
}
