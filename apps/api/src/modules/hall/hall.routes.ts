import {
  CreateGroupsBody,
  DeleteGroupTableQuery,
  GroupIdQuery,
  GroupPatchBody,
  GroupTableBody,
  RestaurantCodeQuery,
  RestaurantParams,
  Table,
  TableCreateBody,
  TableGroup,
  TablePatchBody,
  TablePkQuery,
  Zone,
  ZoneCreateBody,
  ZoneParams,
  ZonePatchBody,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { TableGroupsService } from './table-groups.service';
import type { TablesService } from './tables.service';
import type { ZonesService } from './zones.service';

const errors = errorReplies;

/**
 * The hall (spec §7 tables and /api/connection_table/ groups, and zones): reading is for members,
 * changing for the restaurant's managers. Routes that name the restaurant in a body or name a
 * table or group by id declare 'admin somewhere', and the service narrows it to that restaurant.
 */
export const hallRoutes: FastifyPluginAsyncZod<{
  tables: TablesService;
  groups: TableGroupsService;
  zones: ZonesService;
}> = async (app, { tables, groups, zones }) => {
  app.get(
    '/api/tables/',
    {
      config: { access: access.member('query', 'restaurant_code') },
      schema: {
        tags: ['hall'],
        summary: "The restaurant's tables",
        querystring: RestaurantCodeQuery,
        response: { 200: z.array(Table), ...errors },
      },
    },
    (request) => tables.list(request.query.restaurant_code),
  );
  app.post(
    '/api/tables/',
    {
      config: {
        access: access.admin,
        audit: { action: 'hall.table.create', entity: 'table', values: 'settings' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Add a table',
        body: TableCreateBody,
        response: { 201: Table, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await tables.create(viewerOf(request), request.body)),
  );
  app.patch(
    '/api/tables/',
    {
      config: {
        access: access.admin,
        audit: { action: 'hall.table.update', entity: 'table', id: 'query.pk', values: 'settings' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Change a table (only the fields sent)',
        querystring: TablePkQuery,
        body: TablePatchBody,
        response: { 200: Table, ...errors },
      },
    },
    (request) => tables.update(viewerOf(request), request.query.pk, request.body),
  );
  app.delete(
    '/api/tables/',
    {
      config: {
        access: access.admin,
        audit: { action: 'hall.table.delete', entity: 'table', id: 'query.pk' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Remove a table (409 while guests sit at it or a booking holds it)',
        querystring: TablePkQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await tables.remove(viewerOf(request), request.query.pk);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/connection_table/get-groups/',
    {
      config: { access: access.member('query', 'restaurant_code') },
      schema: {
        tags: ['hall'],
        summary: "The restaurant's table groups",
        querystring: RestaurantCodeQuery,
        response: { 200: z.array(TableGroup), ...errors },
      },
    },
    (request) => groups.list(request.query.restaurant_code),
  );
  app.post(
    '/api/connection_table/create-groups/',
    {
      config: {
        access: access.admin,
        audit: { action: 'hall.group.create', entity: 'table_group', id: 'none', values: 'settings' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Make one or more table groups (all or none)',
        body: CreateGroupsBody,
        response: { 201: z.array(TableGroup), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(viewerOf(request), request.body)),
  );
  app.post(
    '/api/connection_table/group-table/',
    {
      config: {
        access: access.admin,
        audit: {
          action: 'hall.group.add_table',
          entity: 'table_group',
          id: 'body.group_id',
          values: 'settings',
        },
      },
      schema: {
        tags: ['hall'],
        summary: 'Put a table into a group',
        body: GroupTableBody,
        response: { 200: TableGroup, ...errors },
      },
    },
    (request) => groups.addTable(viewerOf(request), request.body.group_id, request.body.table_id),
  );
  app.patch(
    '/api/connection_table/patch-group/',
    {
      config: {
        access: access.admin,
        audit: {
          action: 'hall.group.update',
          entity: 'table_group',
          id: 'query.group_id',
          values: 'settings',
        },
      },
      schema: {
        tags: ['hall'],
        summary: "Change a group's name, seats or tables",
        querystring: GroupIdQuery,
        body: GroupPatchBody,
        response: { 200: TableGroup, ...errors },
      },
    },
    (request) => groups.update(viewerOf(request), request.query.group_id, request.body),
  );
  app.delete(
    '/api/connection_table/delete-group-table/',
    {
      config: {
        access: access.admin,
        audit: {
          action: 'hall.group.remove_table',
          entity: 'table_group',
          id: 'query.group_id',
          values: 'settings',
        },
      },
      schema: {
        tags: ['hall'],
        summary: 'Take a table out of a group (table_id), or delete the group',
        querystring: DeleteGroupTableQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await groups.remove(viewerOf(request), request.query.group_id, request.query.table_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/restaurant/:id/zones/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['hall'],
        summary: "The restaurant's zones, in their order",
        params: RestaurantParams,
        response: { 200: z.array(Zone), ...errors },
      },
    },
    (request) => zones.list(request.params.id),
  );
  app.post(
    '/api/restaurant/:id/zones/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'hall.zone.create', entity: 'zone', values: 'settings' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Add a zone',
        params: RestaurantParams,
        body: ZoneCreateBody,
        response: { 201: Zone, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await zones.create(request.params.id, request.body)),
  );
  app.patch(
    '/api/restaurant/:id/zones/:zoneId/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'hall.zone.update', entity: 'zone', id: 'params.zoneId', values: 'settings' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Rename or reorder a zone',
        params: ZoneParams,
        body: ZonePatchBody,
        response: { 200: Zone, ...errors },
      },
    },
    (request) => zones.update(request.params.id, request.params.zoneId, request.body),
  );
  app.delete(
    '/api/restaurant/:id/zones/:zoneId/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'hall.zone.delete', entity: 'zone', id: 'params.zoneId' },
      },
      schema: {
        tags: ['hall'],
        summary: 'Remove a zone (409 while it has tables)',
        params: ZoneParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await zones.remove(request.params.id, request.params.zoneId);
      return reply.code(204).send(null);
    },
  );
};
