export { createLocalEventBus, createRedisEventBus, type EventBus, type RealtimeEvent } from './event-bus';
export { realtimeRoutes } from './realtime.routes';
