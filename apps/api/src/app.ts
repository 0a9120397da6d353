import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RawServerDefault, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBankDirectory, SANDBOX_BANK_PREFIX } from './adapters/payments/register-bank-directory';
import { registerPaymentGateway } from './adapters/payments/register-payment-gateway';
import { registerProviders } from './adapters/providers/registry';
import type { Config } from './config';
import { openDb } from './db/client';
import { ensureOpsToken, type OpsToken } from './lib/ops-token';
import { serializeErrorSafely } from './lib/serialize-error-safely';
import { serializeRequestSafely } from './lib/serialize-request-safely';
import { type Clock, systemClock } from './lib/time';
import { registerAgencyResolver } from './modules/agency/agency-resolver';
import { agencyRoutes } from './modules/agency/agency-routes';
import { manifestRoutes } from './modules/agency/manifest-routes';
import { opsAgenciesRoutes } from './modules/agency/ops-agencies-routes';
import { opsAgencyRoutes } from './modules/agency/ops-agency-routes';
import { opsPaymentChannelsRoutes } from './modules/agency/ops-payment-channels-routes';
import { seedDemoAgency } from './modules/agency/seed-demo-agency';
import { approvalsRoutes } from './modules/approvals/approvals-routes';
import { bankAccountRoutes } from './modules/bank/bank-account-routes';
import { bankRoutes } from './modules/bank/bank-routes';
import { bankPaymentsRoutes } from './modules/bank-payments/bank-payments-routes';
import { benchRoutes } from './modules/bench/bench-routes';
import { creditsRoutes } from './modules/credits/credits-routes';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes';
import { bankWebhookRoutes } from './modules/deposits/bank-webhook-routes';
import { depositsRoutes } from './modules/deposits/deposits-routes';
import { eventsRoutes } from './modules/events/events-routes';
import { opsEventsRoutes } from './modules/events/ops-events-routes';
import { registerOrderEvents } from './modules/events/register-order-events';
import { registerSessionEnds } from './modules/events/session-ends';
import { fingerprintRoutes } from './modules/fingerprint/fingerprint-routes';
import { gamesRoutes } from './modules/games/games-routes';
import { healthRoutes } from './modules/health/health-routes';
import { opsDoctorRoutes } from './modules/health/ops-doctor-routes';
import { registerMetrics } from './modules/metrics/register-metrics';
import { opsAuditRoutes } from './modules/ops/ops-audit-routes';
import { opsDepositsRoutes } from './modules/ops/ops-deposits-routes';
import { opsPlayerBlockRoutes } from './modules/ops/ops-player-block-routes';
import { opsPlayersRoutes } from './modules/ops/ops-players-routes';
import { opsPromotionsRoutes } from './modules/ops/ops-promotions-routes';
import { opsWithdrawalsRoutes } from './modules/ops/ops-withdrawals-routes';
import { registerAuditContext } from './modules/ops/record-audit';
import { playLimitsRoutes } from './modules/play-limits/play-limits-routes';
import { opsPlayerPageRoutes } from './modules/player-page/ops-player-page-routes';
import { accountRoutes } from './modules/players/account-routes';
import { authRoutes } from './modules/players/auth-routes';
import { promotionsRoutes } from './modules/promotions/promotions-routes';
import { seedDemoPromotions } from './modules/promotions/seed-demo-promotions';
import { protocolDocsRoutes } from './modules/provider-protocols/protocol-docs-routes';
import { opsProviderSettingsRoutes } from './modules/provider-settings/ops-provider-settings-routes';
import { providerSettingsSource } from './modules/provider-settings/provider-settings-repository';
import { opsRatesRoutes } from './modules/rates/ops-rates-routes';
import { ratesRoutes } from './modules/rates/rates-routes';
import { seedDemoRates } from './modules/rates/seed-demo-rates';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation-routes';
import { reportsRoutes } from './modules/reports/reports-routes';
import { noticesRoutes } from './modules/security/notices-routes';
import { sessionsRoutes } from './modules/security/sessions-routes';
import { totpRoutes } from './modules/security/totp-routes';
import { staffRoutes } from './modules/staff/staff-routes';
import { staffSessionRoutes } from './modules/staff/staff-session-routes';
import { transfersRoutes } from './modules/transfers/transfers-routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals-routes';
import { registerDb } from './plugins/db';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerOpsAuth } from './plugins/ops-auth';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecrets } from './plugins/secrets';
import {
  registerCsrfGuard,
  registerJsonParser,
  registerNoStore,
  registerSecurityHeaders,
  registerTextGuard,
} from './plugins/security';
import { registerSession } from './plugins/session';
import { registerSpa } from './plugins/spa';
import { sandboxBankRoutes } from './sandbox/bank/sandbox-bank-routes';
import { registerSandboxFaults } from './sandbox/faults';
import { registerSandboxFundTransfer } from './sandbox/fundtransfer/register-sandbox-fundtransfer';
import { seedDemoFundTransfer } from './sandbox/fundtransfer/seed-demo-fundtransfer';
import { registerSandboxProviders } from './sandbox/providers/register-sandbox-providers';
import { seedSandboxGames } from './sandbox/providers/seed-sandbox-games';
import { registerWorker } from './worker/register-worker';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The app's clock: use it instead of `new Date()` so tests can move time. */
    now: Clock;
    opsToken: OpsToken;
  }
}

export type AppDeps = {
  /** Injected clock (tests move time to check session expiry, throttles, deposit expiry). */
  now?: Clock;
  /** Where log lines go (default stdout); tests capture them to prove secrets stay out. */
  logStream?: { write: (line: string) => void };
  /** Called for every route as it is added (tests enumerate the whole API from it). */
  onRoute?: (route: RouteOptions) => void;
};

export type App = FastifyInstance<RawServerDefault>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
export const BODY_LIMIT = 64 * 1024;

// No secret reaches the logs: passwords, tokens, cookies, authorization and bank account numbers.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-ops-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.confirmNewPassword',
  '*.token',
  '*.accountNumber',
];

/** Builds the whole API (database opened and migrated, sandbox seed applied); call `app.close()` to release. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      // A failed query's error carries its SQL and bound values (password hashes, account numbers): never logged;
      // nor a secret a client put in a query string.
      serializers: { err: serializeErrorSafely, req: serializeRequestSafely },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Router refusals (a malformed or over-long path) answer in the contract's error shape too.
    frameworkErrors: answerFrameworkError,
    // Accept a well-formed incoming id (from a proxy) so logs line up; otherwise make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('now', deps.now ?? systemClock);
  app.decorate('opsToken', ensureOpsToken(config.opsToken, config.dataDir));
  // A timeout fault stalls past the provider client's timeout, so the client really gives up.
  registerSandboxFaults(app, config.sandbox ? config.sandboxFaults : {}, config.providerTimeoutMs + 1000);
  // Before the adapters (they time their calls through it) and the routes (their latency is recorded).
  registerMetrics(app);
  registerSecrets(app);
  registerProviders(app, providerSettingsSource(app));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const handle = await openDb(config);
  registerDb(app, handle);
  try {
    await handle.migrate();
    if (config.sandbox) {
      await seedDemoAgency(handle.db, config.agencyHosts);
      await seedSandboxGames(handle.db);
      await seedDemoRates(handle.db, app.now());
      await seedDemoPromotions(handle.db, app.now());
      await seedDemoFundTransfer(app, config.sandboxFundTransferProviders);
    }
    await registerOrderEvents(app, handle);
    await registerSessionEnds(app, handle);
  } catch (error) {
    await handle.close();
    throw error;
  }

  registerErrorHandler(app);
  registerJsonParser(app);
  await registerSecurityHeaders(app, { isHttps: config.sessionSecure });
  registerNoStore(app);
  registerCsrfGuard(app);
  registerTextGuard(app);
  await registerSession(app, { secure: config.sessionSecure });
  registerOpsAuth(app, { secure: config.sessionSecure });
  registerAuditContext(app);
  registerAgencyResolver(app);
  await registerRateLimit(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(protocolDocsRoutes);
  await app.register(agencyRoutes);
  await app.register(manifestRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(fingerprintRoutes);
  await app.register(totpRoutes);
  await app.register(sessionsRoutes);
  await app.register(noticesRoutes);
  await app.register(eventsRoutes);
  await app.register(playLimitsRoutes);
  registerBankDirectory(app);
  await app.register(bankRoutes);
  await app.register(bankAccountRoutes);
  await app.register(ratesRoutes);
  await app.register(opsRatesRoutes);
  await app.register(opsProviderSettingsRoutes);
  await app.register(creditsRoutes);
  await app.register(gamesRoutes);
  registerPaymentGateway(app);
  await app.register(depositsRoutes);
  await app.register(bankWebhookRoutes);
  await app.register(opsPlayersRoutes);
  await app.register(opsPlayerPageRoutes);
  await app.register(opsPlayerBlockRoutes);
  await app.register(opsPromotionsRoutes);
  await app.register(reconciliationRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(transfersRoutes);
  await app.register(promotionsRoutes);
  await app.register(opsWithdrawalsRoutes);
  await app.register(opsDepositsRoutes);
  await app.register(bankPaymentsRoutes);
  await app.register(opsPaymentChannelsRoutes);
  await app.register(opsAgencyRoutes);
  await app.register(opsAgenciesRoutes);
  await app.register(opsDoctorRoutes);
  await app.register(reportsRoutes);
  await app.register(staffSessionRoutes);
  await app.register(staffRoutes);
  await app.register(approvalsRoutes);
  await app.register(opsAuditRoutes);
  await app.register(opsEventsRoutes);
  await app.register(dashboardRoutes);
  registerWorker(app);
  if (config.benchRoutes) await app.register(benchRoutes);
  if (config.sandbox) await app.register(sandboxBankRoutes, { prefix: SANDBOX_BANK_PREFIX });
  if (config.sandbox) await registerSandboxProviders(app);
  if (config.sandbox) await registerSandboxFundTransfer(app);
  await registerSpa(app, {
    webDist: config.webDist,
    backofficeDist: config.backofficeDist,
    // Built beside the web app's dist/ (apps/web/vite.first-paint.config.ts).
    firstPaintModule: path.join(path.dirname(config.webDist), 'dist-server', 'first-paint.js'),
  });

  await app.ready();
  return app;
}
