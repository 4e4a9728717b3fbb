export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export { publishToRealtime } from './outbox-publisher';
export { registerRealtime } from './realtime.plugin';
export { createTopicAccess, type TopicAccess, type TopicAuthorizer } from './topic-access';
export { createTopicLog, pruneTopicLog, type TopicLog } from './topic-log';
