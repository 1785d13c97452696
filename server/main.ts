/**
 * Starts the API (and the built SPA when there is one) on one port: `node dist-server/main.js` once built
 * (`npm run build`), or `npx tsx server/main.ts` from the sources.
 */
import { buildApp, prepareData } from './app';
import { ConfigError, loadConfig } from './config';
import { handleProcessFaults, shutdown } from './lifecycle';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp(config, { scheduledJobs: true, sendMessages: true });
  } catch (error) {
    console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  let closing = false;
  const stop = (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    void shutdown(app, reason, {
      deadlineMs: config.shutdownTimeoutSeconds * 1000,
      exit: (code) => process.exit(code === 0 ? exitCode : code),
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  handleProcessFaults(app.log, () => stop('uncaught exception', 1));

  try {
    await prepareData(app);
    // A signal during start-up (a deploy replaced this process before it was ready): it never starts listening.
    if (closing) return;
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (closing) return;
    app.log.error({ err: error }, 'failed to start');
    await app.close().catch(() => {});
    process.exit(1);
  }

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [`Gut shop is running at http://${shownHost}:${port}`];
  if (config.demoData && config.firebaseAuthEmulatorHost) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`, ...DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(12)} ${a.email}`));
  }
  console.log(lines.join('\n'));
}

void main();
