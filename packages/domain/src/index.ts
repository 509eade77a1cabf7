export * from './dates';
export * from './font-size';
export * from './layout';
export * from './passwords';
export * from './phone';
export * from './queue/queue-status';
export * from './queue/wait-estimate';
export * from './roles';
