import { AnalyticsQuery, AnalyticsReport, RestaurantParams } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { AnalyticsService } from './analytics.service';
import { analyticsWorkbook } from './analytics-export';

const errors = errorReplies;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The restaurant's analytics (spec §2: admins only) and its underlying tables as a workbook. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ analytics: AnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.get(
    '/api/restaurant/:id/analytics/',
    {
      config: { access: access.restaurantAdmin() },
      schema: {
        tags: ['analytics'],
        summary: "Guests, waits, quote accuracy, bookings and revenue over a range of the restaurant's days",
        params: RestaurantParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsReport, ...errors },
      },
    },
    (request) => analytics.report(request.params.id, request.query),
  );

  app.get(
    '/api/restaurant/:id/analytics/export/',
    {
      config: { access: access.restaurantAdmin() },
      schema: {
        tags: ['analytics'],
        summary: 'The tables of the analytics page, a sheet each (.xlsx)',
        params: RestaurantParams,
        querystring: AnalyticsQuery,
        produces: [XLSX],
        response: { 200: z.any().describe('an .xlsx workbook'), ...errors },
      },
    },
    async (request, reply) => {
      const { start_date, end_date } = request.query;
      const report = await analytics.report(request.params.id, request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="analytics-${start_date}-${end_date}.xlsx"`)
        .send(await analyticsWorkbook(report, app.i18n));
    },
  );
};
