export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export { registerRealtime } from './realtime.plugin';
