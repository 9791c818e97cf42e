import path from 'node:path';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import { accessRoutes } from './modules/access/routes';
import { AuthService } from './modules/auth/service';
import { extractiveAnswerProvider } from './modules/assistant/answer-provider';
import { createGenerativeAnswerProvider } from './modules/assistant/llm-answer';
import { createEmbedder, EmbeddingBackfill, loggingEmbedder } from './modules/standards/embeddings';
import { chatRoutes } from './modules/assistant/routes';
import { auditRoutes } from './modules/auth/audit-routes';
import { compareRoutes } from './modules/compare/routes';
import { authRoutes } from './modules/auth/routes';
import { UserAdmin } from './modules/auth/user-admin';
import { SigningKeys } from './modules/auth/signing-keys';
import { configRoutes } from './modules/config/routes';
import { forumRoutes } from './modules/forum/routes';
import { healthRoutes } from './modules/health/routes';
import { knowledgeRoutes } from './modules/knowledge/routes';
import { leadRoutes } from './modules/leads/routes';
import { categoryRoutes } from './modules/categories/routes';
import { requirementsRoutes } from './modules/checks/requirements/routes';
import { logRequirementsReport } from './modules/checks/requirements/startup';
import { checkRoutes } from './modules/checks/routes';
import { CheckRunner } from './modules/checks/runner';
import { exportRoutes } from './modules/exports/routes';
import { ExportRunner } from './modules/exports/runner';
import { createStorageDriver } from './modules/uploads/service';
import { podcastFeedRoutes, podcastRoutes } from './modules/podcasts/routes';
import { profileRoutes } from './modules/profiles/routes';
import { roleRoutes } from './modules/roles/routes';
import { standardsAdminRoutes } from './modules/standards/admin-routes';
import { standardEditionRoutes } from './modules/standards/edition-routes';
import { standardsRoutes } from './modules/standards/routes';
import { followRoutes } from './modules/follows/routes';
import { EditionChangeAnnouncer } from './modules/follows/service';
import { noticeRoutes } from './modules/notices/routes';
import { uploadsPlugin } from './modules/uploads/routes';
import { vitalRoutes } from './modules/vitals/routes';
import { authenticatePlugin } from './plugins/authenticate';
import { authorizePlugin, BEARER_SCHEME } from './plugins/authorize';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redactingLoggerOptions } from './lib/log-redaction';
import { inlineScriptHashes, spaPlugin } from './plugins/spa';
import { projectRoot } from './project-root';

export const defaultWebRoot = path.join(projectRoot, 'dist/web');

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP_URL's transport, or the log. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
  /** The server-side build of the web app (scripts/build-web.ts); defaults to `../ssr/entry-server.js` beside webRoot. */
  ssrEntry?: string;
  /** Prefix for shared rate-limit counters (tests isolate themselves with it). */
  rateLimitNameSpace?: string;
}

export interface AppServices {
  auth: AuthService;
  /** Invitations and user administration (the admin API, the command line's user:* commands). */
  users: UserAdmin;
  keys: SigningKeys;
  /** Keeps clauses embedded when an embeddings endpoint is configured (main.ts schedules it after start). */
  embeddings: EmbeddingBackfill | null;
  /** Runs queued document checks in worker threads; started when the app is ready, stopped when it closes. */
  checks: CheckRunner;
  /**
   * Tells followers of a standard about each new edition (in-app notices, e-mail when SMTP_URL is
   * set): scheduled when the app is ready and after every import.
   */
  editionNotices: EditionChangeAnnouncer;
  /** Prepares "Download my data" zips off the request path (the data_exports table is its queue). */
  exports: ExportRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** The longest a client may take to send one request, body included. */
const WHOLE_REQUEST_TIMEOUT_MS = 10 * 60_000;

const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Builds the whole application without listening: infrastructure plugins, then modules under /api. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false ? false : { level: config.logLevel, ...(typeof options.logger === 'object' ? options.logger : {}), ...redactingLoggerOptions },
    connectionTimeout: config.requestIdleTimeoutMs,
    // A whole request (an 80 MB upload on a slow line included) arrives within this, however it trickles.
    requestTimeout: WHOLE_REQUEST_TIMEOUT_MS,
    // A hop count as proxy-addr reads it: the first `n` addresses from the socket back are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const keys = new SigningKeys(database.db, config.accessTokenTtlSeconds);
  const authDeps = { db: database.db, config, keys, mailer, log: app.log };
  const auth = new AuthService(authDeps);
  const users = new UserAdmin(authDeps, auth);
  const embeddingLog = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
  const embedder = config.embeddings ? loggingEmbedder(createEmbedder(config.embeddings), embeddingLog) : undefined;
  const stopEmbedding = new AbortController();
  const embeddings = embedder ? new EmbeddingBackfill(database.db, embedder, embeddingLog, stopEmbedding.signal) : null;
  app.addHook('onClose', async () => {
    stopEmbedding.abort();
    await embeddings?.idle();
  });
  const checks = new CheckRunner({
    db: database.db,
    driver: database.driver,
    config: config.checks,
    llm: config.llm,
    log: app.log.child({ module: 'checks' }),
  });
  // Ready: after every plugin has loaded; close: before the caller closes the database, so
  // checks in flight are handed back to the queue while it still answers.
  app.addHook('onReady', () => checks.start());
  app.addHook('onClose', () => checks.stop());
  const exportStorage = createStorageDriver(config);
  const exports = new ExportRunner({ db: database.db, storage: exportStorage, log: app.log.child({ module: 'exports' }), driver: database.driver });
  app.addHook('onReady', () => exports.start());
  app.addHook('onClose', () => exports.stop());
  const editionLog = app.log.child({ module: 'editions' });
  const editionNotices = new EditionChangeAnnouncer(database.db, editionLog, {
    mail: config.smtpUrl ? { mailer, publicUrl: config.publicUrl, log: app.log } : undefined,
    // Requirements are verified against the edition in force at each check's load; the report says which a new edition disabled.
    onAnnounced: () => logRequirementsReport(database.db, { info: (m) => editionLog.info(m), warn: (m) => editionLog.warn(m) }),
  });
  // Changes recorded while no server ran (the CLI on DATABASE_URL) or left by a crash are announced at start.
  app.addHook('onReady', () => void editionNotices.schedule());
  app.addHook('onClose', () => editionNotices.idle());
  app.decorate('services', { auth, users, keys, embeddings, checks, editionNotices, exports });

  const webRoot = options.webRoot ?? defaultWebRoot;
  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only where the browser reached Trackside over HTTPS (see below): sent over plain HTTP it
    // is meaningless at best, and pins a name to HTTPS that may not serve it.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, nameSpace: options.rateLimitNameSpace });
  await app.register(authenticatePlugin, { auth });
  await app.register(authorizePlugin, { db: database.db });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trackside API', version: '0.1.0' },
      components: { securitySchemes: { [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(uploadsPlugin, { config, db: database.db, auth });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(configRoutes, { config });
      await api.register(authRoutes, { prefix: '/auth', auth, users, config, db: database.db });
      await api.register(exportRoutes, { prefix: '/auth', db: database.db, runner: exports, storage: exportStorage, users });
      await api.register(auditRoutes, { db: database.db, config });
      await api.register(profileRoutes, { prefix: '/profiles', db: database.db });
      await api.register(roleRoutes, { db: database.db });
      await api.register(standardsRoutes, { prefix: '/standards', db: database.db });
      await api.register(standardEditionRoutes, { prefix: '/standards', db: database.db });
      await api.register(standardsAdminRoutes, {
        prefix: '/admin/standards',
        db: database.db,
        onImported: () => {
          void embeddings?.schedule();
          void editionNotices.schedule();
        },
      });
      await api.register(followRoutes, { prefix: '/follows', db: database.db });
      await api.register(noticeRoutes, { prefix: '/notices', db: database.db });
      await api.register(requirementsRoutes, { prefix: '/requirements', db: database.db });
      await api.register(checkRoutes, { prefix: '/checks', db: database.db, runner: checks });
      const answers = config.llm ? createGenerativeAnswerProvider(config.llm, app.log.child({ module: 'assistant' })) : extractiveAnswerProvider;
      if (config.llm) app.log.info({ model: config.llm.model, baseUrl: config.llm.baseUrl }, 'Compliance Assistant: generative answers');
      if (embedder)
        app.log.info({ model: embedder.model, baseUrl: config.embeddings?.baseUrl }, 'Compliance Assistant: embeddings fused with full-text ranking');
      await api.register(chatRoutes, { prefix: '/chat', db: database.db, answers, embedder });
      await api.register(compareRoutes, { prefix: '/compare', db: database.db, publicUrl: config.publicUrl, embedder });
      await api.register(podcastRoutes, { prefix: '/podcasts', db: database.db });
      await api.register(categoryRoutes, { prefix: '/categories', db: database.db });
      await api.register(knowledgeRoutes, { prefix: '/knowledge', db: database.db });
      await api.register(forumRoutes, { prefix: '/forum', db: database.db, llm: config.llm });
      await api.register(leadRoutes, { db: database.db });
      await api.register(accessRoutes, { db: database.db });
      await api.register(vitalRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  await app.register(podcastFeedRoutes, { db: database.db, config });
  await app.register(spaPlugin, { webRoot, ssrEntry: options.ssrEntry ?? path.resolve(webRoot, '../ssr/entry-server.js') });
  return app;
}
