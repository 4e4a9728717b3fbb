export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export { REALTIME_PATH, registerRealtime } from './realtime.plugin';
