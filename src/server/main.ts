import { buildApp } from './app';
import { startControlSocket } from './cli/control-socket';
import { loadConfig } from './config';
import { migrateWhenReachable, openConfiguredDatabase } from './db/open';
import { logRequirementsReport } from './modules/checks/requirements/startup';
import { seedForumContent } from './modules/forum/seed';
import { seedDemoContent } from './modules/knowledge/seed';
import { seedStandardCatalogue } from './modules/standards/service';
import { startStandards } from './modules/standards/startup';
import { seedInitialAdmin } from './seed';

/** Starts Trackside: migrate, seed on first run, serve web + API, stop cleanly on a signal. */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrateWhenReachable(database, (line) => console.warn(line));
  const app = await buildApp({
    config,
    database,
    // Readable logs for a person at a terminal; JSON lines for log collectors everywhere else.
    logger: process.stdout.isTTY ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : undefined,
  });
  await seedInitialAdmin(database.db, app.services.auth, config, app.log);
  await seedStandardCatalogue(database.db);
  await seedDemoContent(database.db, app.log, { media: app.uploads });
  await seedForumContent(database.db, app.log);
  const standardsAbort = new AbortController();
  const startupLog = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
  const standards = await startStandards({ db: database.db, config, log: startupLog, signal: standardsAbort.signal });
  // Embeddings (when configured) follow the library: now, and again once the eCFR update is done;
  // so do the notices of new editions to followers, and the requirements report, since a new
  // edition may have changed a quoted clause.
  void app.services.embeddings?.schedule();
  void app.services.editionNotices.schedule();
  void standards.background.then(async () => {
    app.services.embeddings?.schedule();
    void app.services.editionNotices.schedule();
    if (config.standardsAutofetch && !standardsAbort.signal.aborted) await logRequirementsReport(database.db, startupLog);
  });
  const control = database.driver === 'pglite' ? await startControlSocket({ config, database, app }) : undefined;

  // Replaced once listening by the requirements report over the library as imported (below).
  let requirementsReport = Promise.resolve();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // Requests still running at the deadline are cut: a stalled upload must not hold the process
    // (and the data directory) open; its handler removes the partial file as the body errors.
    setTimeout(() => {
      app.log.warn(`requests still running after ${config.shutdownTimeoutMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs).unref();
    standardsAbort.abort();
    await standards.background;
    await requirementsReport;
    await control?.close();
    await app.close();
    await database.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Trackside is running at ${config.publicUrl} (database: ${database.driver})`);
  // Every requirement's quote is checked against the library as imported; the report says what is
  // off and why. After listening, since nothing waits on it (a check loads requirements itself)
  // and on a restart its first query and cold code take 0.1-0.3 s on this machine.
  requirementsReport = logRequirementsReport(database.db, startupLog);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
