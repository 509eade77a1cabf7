export * from './auth';
export * from './common';
export * from './hall';
export * from './health';
export * from './queue';
export * from './restaurant';
export * from './user';
export * from './validation';
