import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PlaceSchema, PlacesQuerySchema } from '#shared/place.ts'
import type { Gazetteer } from '../../places/gazetteer.ts'
import { precompiledSerializer } from '../../plugins/json-serializer.ts'

/** The place box's autocomplete: asked on every keystroke, answered from memory. */
export const placeRoutes =
  (gazetteer: Gazetteer): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/places',
      {
        config: { auth: 'public', cache: 'public' },
        schema: { querystring: PlacesQuerySchema, response: { 200: z.array(PlaceSchema) } },
        serializerCompiler: precompiledSerializer,
      },
      async (request, reply) => {
        // The gazetteer only changes with a release: a browser may reuse an answer for a day.
        reply.header('Cache-Control', 'public, max-age=86400')
        return gazetteer.search(request.query.q, request.query.limit)
      },
    )
  }
