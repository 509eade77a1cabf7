export { type BotDeps, type BotLogger, botCommands, createBot, type StolikBot } from './bot';
export { type CallbackAction, callbackData, parseCallbackData } from './callback-data';
export type { ActionOutcome, ChatActions } from './chat-actions';
export type { BotContext } from './context';
export { escapeHtml } from './html';
export {
  type MiniAppAddress,
  type MiniAppPlaces,
  miniAppAddress,
  miniAppButton,
  openButton,
  productUrl,
  startAppUrl,
} from './keyboards/mini-app-button';
export { startUpdates, type UpdateMode, type UpdatesHandle } from './run';
export {
  readNotificationSettings,
  replaceNotificationSettings,
  toggleNotificationStatus,
} from './store/notification-settings';
