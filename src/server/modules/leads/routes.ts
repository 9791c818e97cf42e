import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { leadInputSchema, leadListQuerySchema, leadReceiptSchema, leadSchema } from '../../../shared/schemas/leads';
import type { Db } from '../../db/client';
import { adminOnly } from '../../plugins/authorize';
import { listLeads, recordLead } from './service';

/** A person sends one or two; more from one address in an hour is a script. */
export const LEADS_PER_IP_PER_HOUR = 5;

/** `POST /api/leads` from /contact and /request-demo; the admin dashboard lists them. */
export const leadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const perIp = app.limiter({
    name: 'leads-ip',
    max: LEADS_PER_IP_PER_HOUR,
    timeWindowMs: 3_600_000,
    key: (r) => r.ip,
    message: messages.leads.tooMany,
  });

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
