import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/authorize';
import { profileSchema, profileUpdateSchema } from '../../../shared/schemas/profile';
import type { Db } from '../../db/client';
import { getOrCreateProfile, updateMyProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/me',
    { ...signedIn, schema: { tags: ['profiles'], summary: 'My profile with its completion score', response: { 200: profileSchema } } },
    async (request) => {
      const me = await request.requireUser();
      return getOrCreateProfile(db, me.userId, me.email);
    },
  );

  app.patch(
    '/me',
    {
      ...signedIn,
      schema: { tags: ['profiles'], summary: 'Update my profile', body: profileUpdateSchema, response: { 200: profileSchema } },
    },
    async (request) => {
      const me = await request.requireUser();
      return updateMyProfile(db, me.userId, me.email, request.body);
    },
  );
};
