import type { Database } from '@stolik/db';
import type { Context } from 'grammy';
import type { ChatActions } from './chat-actions';

/** What the features need besides the update: the database and the product's services. */
export interface FeatureDeps {
  db: Database;
  /** The address people open (links and Mini App buttons); undefined: no buttons. */
  publicUrl: () => string | undefined;
  /** The Mini App's short name at @BotFather, for t.me/<bot>/<app>?startapp= links; undefined: none. */
  miniAppShortName: string | undefined;
  /** Changes of bookings and queue entries from chat; undefined: those buttons answer that they do not work. */
  actions: ChatActions | undefined;
}

export interface BotContext extends Context {
  /** The bot's texts come from the shared i18n resources, like the mini-app's. */
  t: (key: string, params?: Record<string, unknown>) => string;
  deps: FeatureDeps;
}
