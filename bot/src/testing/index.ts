export * from './fake-bot-api';
export * from './updates';
