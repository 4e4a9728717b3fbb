import type { AppModule, ModuleContext } from '../../app-module';
import type { CallerLookup } from '../../http/auth';
import { publishToRealtime } from './outbox-publisher';
import { registerRealtime } from './realtime.plugin';
import type { AccountsChangedSource } from './session-watch';
import { createTopicLog, pruneTopicLog } from './topic-log.repository';

export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export {
  createTopicAccess,
  type TopicAccess,
  type TopicAuthorizer,
  type TopicDeclaration,
} from './topic-access';

/**
 * The WebSocket endpoint (`/ws`): authenticated topics fed by committed domain events, with a
 * per-topic log a reconnecting client reads what it missed from (decision 016).
 */
export function createRealtimeModule(
  context: Pick<ModuleContext, 'db' | 'clock' | 'bus' | 'topics'>,
  needs: {
    lookupSession: (token: string) => Promise<CallerLookup>;
    /** Identity's word that users' sessions changed (logout, ban, password change), from any process. */
    onAccountsChanged?: AccountsChangedSource;
  },
): AppModule<undefined> {
  const log = createTopicLog(context.db);
  return {
    name: 'realtime',
    api: undefined,
    mount: (app) =>
      registerRealtime(app, {
        bus: context.bus,
        access: context.topics,
        log,
        lookupSession: needs.lookupSession,
        ...(needs.onAccountsChanged ? { onAccountsChanged: needs.onAccountsChanged } : {}),
      }),
    subscriptions: [publishToRealtime({ bus: context.bus, log, clock: context.clock })],
    sweeps: [{ name: 'prune-topic-log', everyMs: 60 * 60_000, run: (now) => pruneTopicLog(context.db, now) }],
  };
}
