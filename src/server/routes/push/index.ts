import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import {
  NewPushSubscriptionSchema,
  PUSH_DEVICES_MAX,
  PushPublicKeySchema,
  PushSubscriptionChangeSchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionResultSchema,
  PushSubscriptionSchema,
} from '#shared/push.ts'
import type { Config } from '../../env.ts'
import { HttpError } from '../../plugins/errors.ts'
import { deviceName } from '../../push/device-name.ts'
import { checkEndpoint, EndpointRefused } from '../../push/endpoint-address.ts'
import { WRITE_LIMIT } from '../listings/index.ts'
import type { PushRepository } from './push-repository.ts'

export const MESSAGES = {
  missing: 'Push subscription not found.',
  full: `At most ${PUSH_DEVICES_MAX} devices receive notifications; remove one to add another.`,
}

const NotFound = ApiErrorSchema.describe('No push subscription of the caller has this id.')
const Message = z.object({ message: z.string() })

/** Web Push (docs/api.md, Push): the site's VAPID key, and a person's devices, seen and changed by them only. */
export const pushRoutes =
  (devices: PushRepository, push: Config['push']): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/push/public-key',
      {
        config: { auth: 'public', cache: 'public' },
        schema: { response: { 200: PushPublicKeySchema } },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600')
        return { publicKey: push.vapid.publicKey }
      },
    )

    app.get(
      '/api/push/subscriptions',
      {
        config: { auth: 'signed-in' },
        schema: { response: { 200: z.array(PushSubscriptionSchema) } },
      },
      async (request) => devices.list(request.user.id),
    )

    app.post(
      '/api/push/subscriptions',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewPushSubscriptionSchema,
          response: {
            201: PushSubscriptionResultSchema,
            409: ApiErrorSchema.describe(`The caller already has ${PUSH_DEVICES_MAX} devices.`),
          },
        },
      },
      async (request, reply) => {
        const { endpoint, keys, kinds } = request.body
        try {
          await checkEndpoint(endpoint, push.testEndpoints)
        } catch (error) {
          if (error instanceof EndpointRefused) throw new HttpError(400, error.message)
          throw error
        }
        const created = await devices.create(request.user.id, {
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          kinds,
          device: deviceName(request.headers['user-agent']),
        })
        if (created === 'full') throw new HttpError(409, MESSAGES.full)
        return reply.status(201).send({ subscription: created })
      },
    )

    app.patch(
      '/api/push/subscriptions/:id',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: PushSubscriptionParamsSchema,
          body: PushSubscriptionChangeSchema,
          response: { 200: PushSubscriptionResultSchema, 404: NotFound },
        },
      },
      async (request) => {
        const changed = await devices.change(request.user.id, request.params.id, request.body.kinds)
        if (!changed) throw new HttpError(404, MESSAGES.missing)
        return { subscription: changed }
      },
    )

    app.delete(
      '/api/push/subscriptions/:id',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: { params: PushSubscriptionParamsSchema, response: { 200: Message, 404: NotFound } },
      },
      async (request) => {
        if (!(await devices.remove(request.user.id, request.params.id)))
          throw new HttpError(404, MESSAGES.missing)
        return { message: 'Device removed.' }
      },
    )
  }
