import multipart from '@fastify/multipart';
import {
  ErrorDetail,
  FontInfo,
  GlobalAlert,
  GlobalAlertBody,
  MessageKey,
  Org,
  OrgCreateBody,
  PageQuery,
  RestaurantComments,
  RestaurantParams,
  RestaurantStyle,
  SchemeHistoryPage,
  SchemeSaveBody,
  SchemeVersion,
  SchemeVersionParams,
  SchemeView,
  StyleSaveBody,
  SuperSetup,
} from '@stolik/contracts';
import { FONT_MAX_BYTES } from '@stolik/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { pageLinks } from '../../shared/pagination';
import { perAddress } from '../../shared/rate-limit';
import type { PlatformService } from './platform.service';
import type { RestaurantContentService } from './restaurant-content.service';
import type { SchemeService } from './scheme.service';

const errors = errorReplies;
const tags = ['static content'];

const fontTooLarge = () =>
  new HttpError(
    413,
    'errors.hall.fontTooLarge',
    'file_too_large',
    {},
    {},
    {
      megabytes: FONT_MAX_BYTES / 1024 / 1024,
    },
  );

/**
 * The static-content service of spec §7 as routes of this API: the hall scheme and its history,
 * the guest forms' style (palette and font), preset comments, organisations, the super setup and
 * the global alert. The scheme editor and the style are the superuser's (spec §6); the comments
 * are the restaurant managers'.
 */
export const staticContentRoutes: FastifyPluginAsyncZod<{
  schemes: SchemeService;
  content: RestaurantContentService;
  platform: PlatformService;
}> = async (app, { schemes, content, platform }) => {
  // Multipart only here (this plugin is encapsulated): the font upload is the API's one file.
  await app.register(multipart, {
    limits: { fileSize: FONT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/api/restaurant/:id/scheme/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'The hall scheme: the newest version, each table where it stands now',
        params: RestaurantParams,
        response: { 200: SchemeView, ...errors },
      },
    },
    (request) => schemes.current(request.params.id),
  );
  app.post(
    '/api/restaurant/:id/scheme/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'content.scheme.save', entity: 'scheme', values: 'none' },
      },
      schema: {
        tags,
        summary: 'Save the scheme as a new version (and the tables at their new places)',
        description:
          "Every table on the scheme must be one of the restaurant's, once; every zone area a zone of it. With `base_version`, 409 when someone saved in between.",
        params: RestaurantParams,
        body: SchemeSaveBody,
        response: { 201: SchemeView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await schemes.save(viewerOf(request), request.params.id, request.body)),
  );
  app.get(
    '/api/restaurant/:id/scheme/history/',
    {
      config: { access: access.superuser },
      schema: {
        tags,
        summary: 'Every saved version of the scheme, newest first',
        params: RestaurantParams,
        querystring: PageQuery,
        response: { 200: SchemeHistoryPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const found = await schemes.history(request.params.id, page, page_size);
      return { ...found, ...pageLinks(request, found.count, page, page_size) };
    },
  );
  app.get(
    '/api/restaurant/:id/scheme/history/:version/',
    {
      config: { access: access.superuser },
      schema: {
        tags,
        summary: 'One saved version, exactly as it was saved',
        params: SchemeVersionParams,
        response: { 200: SchemeVersion, ...errors },
      },
    },
    (request) => schemes.version(request.params.id, request.params.version),
  );
  app.post(
    '/api/restaurant/:id/scheme/history/:version/restore/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'content.scheme.restore', entity: 'scheme', id: 'params.version' },
      },
      schema: {
        tags,
        summary: 'Bring an older version back: it is saved again as the newest',
        params: SchemeVersionParams,
        response: { 201: SchemeView, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await schemes.restore(viewerOf(request), request.params.id, request.params.version)),
  );

  app.get(
    '/api/public/restaurant/:id/style/',
    {
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags: ['guests', ...tags],
        summary: "The guest forms' palette and font ('css json')",
        params: RestaurantParams,
        response: { 200: RestaurantStyle, ...errors },
      },
    },
    (request) => content.style(request.params.id),
  );
  app.post(
    '/api/restaurant/:id/style/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'content.style.save', entity: 'restaurant', id: 'params.id', values: 'settings' },
      },
      schema: {
        tags,
        summary: "Save the guest forms' palette ('css save'): colours as #rgb, #rrggbb or #rrggbbaa",
        params: RestaurantParams,
        body: StyleSaveBody,
        response: { 200: RestaurantStyle, ...errors },
      },
    },
    (request) => content.savePalette(request.params.id, request.body.palette),
  );

  app.post(
    '/api/restaurant/:id/font/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'content.font.upload', entity: 'restaurant', id: 'params.id' },
      },
      schema: {
        tags,
        summary: "Upload the guest forms' font (multipart/form-data, one file)",
        description: `WOFF2, WOFF, TTF or OTF, told by the file's bytes; at most ${FONT_MAX_BYTES} bytes (413 beyond).`,
        params: RestaurantParams,
        response: { 201: FontInfo, 413: ErrorDetail, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new FieldValidationError({ file: [MessageKey.required] });
      const part = await request.file();
      if (!part) throw new FieldValidationError({ file: [MessageKey.required] });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fontTooLarge();
        throw error;
      }
      const font = await content.uploadFont(viewerOf(request), request.params.id, bytes, part.filename);
      return reply.code(201).send(font);
    },
  );
  app.delete(
    '/api/restaurant/:id/font/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'content.font.delete', entity: 'restaurant', id: 'params.id' },
      },
      schema: {
        tags,
        summary: "Remove the guest forms' font (back to the product's own)",
        params: RestaurantParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await content.removeFont(request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/public/restaurant/:id/font/',
    {
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags: ['guests', ...tags],
        summary: "The guest forms' font file (font/woff2, font/woff, font/ttf or font/otf)",
        params: RestaurantParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: z.any().describe('the font file'), 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const font = await content.font(request.params.id);
      const etag = `"${font.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type(font.contentType).send(font.data);
    },
  );

  app.get(
    '/api/restaurant/:id/comments/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'Preset comments staff add with one tap',
        params: RestaurantParams,
        response: { 200: RestaurantComments, ...errors },
      },
    },
    (request) => content.comments(request.params.id),
  );
  app.post(
    '/api/restaurant/:id/comments/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'content.comments.save', entity: 'restaurant', id: 'params.id', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Replace the preset comments',
        params: RestaurantParams,
        body: RestaurantComments,
        response: { 200: RestaurantComments, ...errors },
      },
    },
    (request) => content.saveComments(request.params.id, request.body.comments),
  );

  app.get(
    '/api/static/super-setup/',
    {
      // The app needs it before anyone signs in: the test-stand warning, installing on the main host.
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags,
        summary: 'The super setup: test stand, main host',
        response: { 200: SuperSetup, ...errors },
      },
    },
    () => platform.superSetup(),
  );
  app.post(
    '/api/static/super-setup/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'platform.super_setup', entity: 'platform', id: 'none', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Change the super setup (all of it)',
        body: SuperSetup,
        response: { 200: SuperSetup, ...errors },
      },
    },
    (request) => platform.setSuperSetup(viewerOf(request), request.body),
  );

  app.get(
    '/api/static/orgs/',
    {
      config: { access: access.superuser },
      schema: {
        tags,
        summary: 'Every restaurant, with the size of its hall and staff',
        response: { 200: z.array(Org), ...errors },
      },
    },
    () => platform.orgs(),
  );
  app.post(
    '/api/static/orgs/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'platform.orgs', entity: 'restaurant', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Open a new restaurant',
        body: OrgCreateBody,
        response: { 201: Org, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await platform.createOrg(request.body)),
  );

  app.get(
    '/api/static/global-alert/',
    {
      config: { access: access.authenticated },
      schema: {
        tags,
        summary: 'The global alert (empty text: none)',
        response: { 200: GlobalAlert, ...errors },
      },
    },
    () => platform.globalAlert(),
  );
  app.post(
    '/api/static/global-alert/',
    {
      config: {
        access: access.superuser,
        audit: { action: 'platform.global_alert', entity: 'platform', id: 'none', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Set the global alert (empty text takes it down)',
        body: GlobalAlertBody,
        response: { 200: GlobalAlert, ...errors },
      },
    },
    (request) => platform.setGlobalAlert(viewerOf(request), request.body.text),
  );
};
