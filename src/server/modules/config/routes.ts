import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/config';
import type { Config } from '../../config';

export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('/config', { schema: { tags: ['config'], summary: 'Public settings for the web app', response: { 200: publicConfigSchema } } }, async () => ({
    signupEnabled: config.signupEnabled,
    externalUrls: config.externalUrls,
    site: config.site,
  }));
};
