import { EntryParams, FakeMarkBody, QueueEntry, QueueImportBody } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { EntrySourceCommands } from './entry-source';

/** Staff: entries in the older system's words (README.md here): an import, the Fake mark. */
export const entrySourceRoutes: FastifyPluginAsyncZod<{ entrySources: EntrySourceCommands }> = async (
  app,
  { entrySources },
) => {
  app.post(
    '/api/reservation/import/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.import', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: "Import another system's entry, recorded in the older words (Reserve_Hostme, Fake…)",
        body: QueueImportBody,
        response: { 201: QueueEntry, ...errorReplies },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await entrySources.importEntry(viewerOf(request), request.body)),
  );

  app.put(
    '/api/reservation/:id/fake/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.mark_fake', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'Mark an entry as no real guest (Fake), or take the mark off',
        params: EntryParams,
        body: FakeMarkBody,
        response: { 200: QueueEntry, ...errorReplies },
      },
    },
    (request) => entrySources.markFake(viewerOf(request), request.params.id, request.body),
  );
};
