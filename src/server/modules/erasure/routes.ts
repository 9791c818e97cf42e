import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletedSchema, deleteAccountSchema } from '../../../shared/schemas/account';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { signedIn } from '../../plugins/authorize';
import { createStorageDriver } from '../uploads/service';
import { deleteOwnAccount } from './account';

/**
 * Deleting one's own account (issue 19). GoTrue has no such endpoint; it sits under /api/auth
 * beside the sessions. The access token alone is not enough: the password is asked again.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // The account's prepared exports are in upload storage; erasing the account removes them.
  const storage = createStorageDriver(config);
  const attemptsPerUser = app.limiter({ ...RATE_LIMITS.accountDeletionPerUser, key: (r) => r.principal?.userId });

  app.delete(
    '/account',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary:
          'Delete my account and my data, after my password again (and a code when a second factor is enrolled): profile, conversations, checks, sessions go; forum posts stay as "Deleted user" (or go, by ACCOUNT_DELETION_FORUM_POSTS). The last admin is refused (409)',
        body: deleteAccountSchema,
        response: { 200: accountDeletedSchema },
      },
      preHandler: [attemptsPerUser],
    },
    async (request) => {
      const principal = await request.requireUser();
      const result = await deleteOwnAccount(db, storage, principal, request.body, config.deletedAccountForumPosts);
      request.log.info({ reference: result.reference }, 'account deleted by its user');
      return { reference: result.reference, forum_posts: result.forumPosts };
    },
  );
};
