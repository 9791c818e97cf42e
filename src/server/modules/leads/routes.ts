import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leadInputSchema, leadListQuerySchema, leadReceiptSchema, leadSchema } from '../../../shared/schemas/leads';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { adminOnly } from '../../plugins/authorize';
import { listLeads, recordLead } from './service';

/** `POST /api/leads` from /contact and /request-demo; the admin dashboard lists them. */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const perIp = app.limiter({ ...RATE_LIMITS.leadsByIp, key: (r) => r.ip });

  app.post(
    '/leads',
    {
      preHandler: perIp,
      schema: {
        tags: ['leads'],
        summary: 'Send a contact or demo request',
        description: '`website` is a honeypot: requests that fill it in are answered alike and not stored.',
        body: leadInputSchema,
        response: { 201: leadReceiptSchema },
      },
    },
    async (request, reply) => {
      const { stored } = await recordLead(db, request.body);
      if (stored) request.log.info({ kind: request.body.kind }, 'lead received');
      return reply.status(201).send({ received: true });
    },
  );

  app.get(
    '/admin/leads',
    {
      ...adminOnly,
      schema: {
        tags: ['leads'],
        summary: 'Contact and demo requests, newest first (admin)',
        querystring: leadListQuerySchema,
        response: { 200: z.array(leadSchema) },
      },
    },
    async (request) => listLeads(db, request.query.kind),
  );
};
