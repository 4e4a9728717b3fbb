export * from './catalog';
export * from './engagement';
export * from './geo';
export * from './identity';
export * from './jobs';
export * from './outbox';
export * from './platform';
export * from './realtime';
