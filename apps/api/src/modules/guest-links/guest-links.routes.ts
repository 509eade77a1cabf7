import { GuestLinks, RestaurantParams } from '@stolik/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { notFound } from '../../shared/http-errors';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';
import { guestLinks } from './guest-links';

export const guestLinksRoutes: FastifyPluginAsyncZod<{
  /** The product's address for links in the reply to this request (app.ts, public-url.ts). */
  linksFor: (request: FastifyRequest) => string;
  miniAppShortName: string | undefined;
}> = async (app, { linksFor, miniAppShortName }) => {
  const restaurants = createRestaurantsRepository(app.database.db);

  app.get(
    '/api/restaurant/:id/guest-links/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['restaurants'],
        summary: "The guest forms' links: web page, bot deep link, Mini App (for QR codes and the door sign)",
        description:
          'Every member of the restaurant may read them (the hostess shows the QR code at the door). ' +
          'The bot links are null without a bot, or while Telegram cannot be reached; `booking` is ' +
          'null while the restaurant takes no bookings.',
        params: RestaurantParams,
        response: { 200: GuestLinks, ...errorReplies },
      },
    },
    async (request) => {
      const restaurant = await restaurants.findById(request.params.id);
      if (!restaurant) throw notFound();
      // A bot that cannot reach Telegram still leaves the web links: the sign never waits on it.
      const botUsername = await (request.server.telegram?.botUsername() ?? Promise.resolve(null)).catch(
        () => null,
      );
      return guestLinks({ publicUrl: linksFor(request), botUsername, miniAppShortName }, restaurant);
    },
  );
};
