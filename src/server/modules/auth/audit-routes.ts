import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema } from '../../../shared/schemas/user-admin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminOnly } from '../../plugins/authorize';
import { setPaginationHeaders } from './admin-routes';
import { listAudit } from './audit';

/** `GET /api/admin/audit`: the audit log every admin action writes to (issue 19), for admins. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/admin/audit',
    {
      ...adminOnly,
      schema: {
        tags: ['auth admin'],
        summary: 'The audit log, newest first: who did what to whom, when and from where (page, per_page, filter on either e-mail)',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage, filter } = request.query;
      const list = await listAudit(db, request.query);
      setPaginationHeaders(reply, `${config.publicUrl}/api/admin/audit`, page, perPage, list.total, { filter });
      return list;
    },
  );
};
