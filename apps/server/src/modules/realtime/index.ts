export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export { publishToRealtime } from './outbox-publisher';
export { registerRealtime } from './realtime.plugin';
