import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import { createLocalStorage } from '../../lib/storage';
import { createTranslator, readerTranslator } from '../../lib/translator/translator';
import { chatRoutes } from './chat.routes';
import { createChatService } from './chat.service';
import { createMessageTranslationsService } from './message-translations.service';
import { createPhrasesService } from './phrases.service';

/**
 * Chat (issue #15, decision 048): single conversations, messages with a per-conversation sequence,
 * common phrases and forbidden words. `chat:<id>` is a realtime topic for the two members only.
 */
export function createChatModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'outbox' | 'topics' | 'log'>,
): AppModule<undefined> {
  const chat = createChatService({
    db: context.db,
    clock: context.clock,
    outbox: context.outbox,
    storage: createLocalStorage(path.join(context.config.DATA_DIR, 'uploads')),
  });
  const phrases = createPhrasesService({ db: context.db, clock: context.clock });
  const translations = createMessageTranslationsService({
    db: context.db,
    clock: context.clock,
    translate: readerTranslator(createTranslator(context.config), context.log),
  });
  context.topics.declare('chat', (user, id) => chat.canFollow(user, id));
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(chatRoutes, { chat, phrases, translations });
  };
  return { name: 'chat', api: undefined, routes };
}
