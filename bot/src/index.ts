export { type BotDeps, createBot, type StolikBot } from './bot';
export type { BotContext } from './context';
