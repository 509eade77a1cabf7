import {
  AuditLogPage,
  AuditLogQuery,
  GuestEraseBody,
  GuestErasure,
  GuestExport,
  GuestExportQuery,
  GuestStillActive,
  RestaurantParams,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { pageLinks } from '../../shared/pagination';
import type { AuditLogService } from './audit-log.service';
import type { GuestDataService } from './guest-data.service';

const errors = errorReplies;
const tags = ['privacy'];

/**
 * Guest privacy, for the restaurant's admins: one guest's data exported or erased by phone, and
 * the audit log. (The retention period is a restaurant setting: PATCH /api/restaurant/{id}/.)
 */
export const privacyRoutes: FastifyPluginAsyncZod<{
  guests: GuestDataService;
  auditLog: AuditLogService;
}> = async (app, { guests, auditLog }) => {
  app.get(
    '/api/restaurant/:id/guests/export/',
    {
      // Reading a guest's data is itself worth a line in the log: who looked, when.
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'guest.export', entity: 'guest', id: 'none' },
      },
      schema: {
        tags,
        summary: 'Everything held about one guest (by phone): queue entries and bookings, with history',
        params: RestaurantParams,
        querystring: GuestExportQuery,
        response: { 200: GuestExport, ...errors },
      },
    },
    (request) => guests.export(request.params.id, request.query.phone),
  );

  app.post(
    '/api/restaurant/:id/guests/erase/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'guest.erase', entity: 'guest', id: 'none', reply: ['queue_entries', 'bookings'] },
      },
      schema: {
        tags,
        summary:
          "Erase one guest's name, phone, comment and chat here (409 while they wait or have a booking ahead)",
        params: RestaurantParams,
        body: GuestEraseBody,
        response: { 200: GuestErasure, ...errors, 409: GuestStillActive },
      },
    },
    (request) => guests.erase(request.params.id, request.body.phone),
  );

  app.get(
    '/api/restaurant/:id/audit-log/',
    {
      config: { access: access.restaurantAdmin() },
      schema: {
        tags,
        summary: 'What staff did to guests, bookings and settings here, newest first',
        params: RestaurantParams,
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const found = await auditLog.list(request.params.id, request.query);
      return { ...found, ...pageLinks(request, found.count, page, page_size) };
    },
  );
};
