import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { publicBaseUrl, type Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { createLogger, type Logger } from './lib/logger.js';
import { ApiError, describeError, isConcurrentChange, isDatabaseUnavailable } from './lib/errors.js';
import { allowedMethods } from './lib/methods.js';
import { errorResponse } from './lib/respond.js';
import { UserTurns } from './lib/user-turns.js';
import { ReadCache } from './lib/read-cache.js';
import type { SessionCache } from './auth/session-cache.js';
import { PasswordWork } from './auth/password-work.js';
import { validationHook } from './lib/validation.js';
import { requestContext } from './middleware/request-context.js';
import { cors } from './middleware/cors.js';
import type { AppEnv, Deps } from './types.js';
import { authRoutes } from './routes/auth.js';
import { userRoutes } from './routes/users.js';
import { avatarRoutes } from './routes/avatars.js';
import { weightRoutes } from './routes/weights.js';
import { goalRoutes } from './routes/goals.js';
import { accountRoutes } from './routes/account.js';
import { healthRoutes } from './routes/health.js';
import { registerDocs } from './routes/docs.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { externalAuthRoutes } from './routes/external-auth.js';
import { importRoutes } from './routes/imports.js';
import { tokenRoutes } from './routes/tokens.js';
import { createMailTransport, type MailTransport } from './mail/transport.js';
import { webPushSender, type PushSender } from './push/sender.js';
import { ReminderService } from './reminders/service.js';
import { reminderRoutes } from './routes/reminders.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';

export type CreateAppOptions = {
  db: Db;
  config: Config;
  clock: Clock;
  /** Defaults to JSON lines on stdout at config.logLevel. */
  log?: Logger;
  /** Readiness probe; defaults to `select 1` through db. */
  ping?: () => Promise<void>;
  /** Where e-mails go; defaults to the transport named by config.mail (console). */
  mail?: MailTransport;
  /** Sends web push; defaults to web-push with config.push's keys (none when push is off). */
  push?: PushSender;
  /** The reminder service the job queue also runs (main.ts shares one); made here when absent. */
  reminders?: ReminderService;
  /** Sessions checked lately (main.ts keeps it in step with the database's notices); none: every request asks. */
  sessionCache?: SessionCache;
};

/** Builds the Hono app. Pure: no I/O happens here or at import time. */
export function createApp({ db, config, clock, log, ping, mail, push, reminders, sessionCache }: CreateAppOptions) {
  const deps: Deps = {
    db,
    config,
    clock,
    log: log ?? createLogger(config.logLevel),
    ping,
    readCache: new ReadCache(config.readCacheBytes),
    sessionCache,
    userTurns: new UserTurns(),
    passwordWork: new PasswordWork(config.passwordWork),
  };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use('*', requestContext(deps));
  app.use('*', cors(config.allowedOrigins));

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.route('/', healthRoutes(deps));
  api.route('/', authRoutes(deps));
  const mailTransport = mail ?? createMailTransport(config.mail, config.mailFrom);
  const pushSender = push ?? (config.push ? webPushSender(config.push) : undefined);
  const reminderService =
    reminders ??
    new ReminderService({
      db,
      mail: mailTransport,
      push: pushSender,
      log: deps.log,
      jwtSecret: config.jwtSecret,
      publicUrl: publicBaseUrl(config),
    });
  api.route('/', passwordResetRoutes(deps, mailTransport));
  api.route('/', externalAuthRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', userRoutes(deps, mailTransport));
  api.route('/', avatarRoutes(deps));
  api.route('/', weightRoutes(deps));
  api.route('/', goalRoutes(deps));
  api.route('/', importRoutes(deps));
  api.route('/', tokenRoutes(deps, mailTransport));
  api.route('/', reminderRoutes(deps, reminderService, pushSender?.publicKey ?? null));
  api.route('/', unsubscribeRoutes(deps));
  app.route('/api', api);
  registerDocs(app, '/api');

  const methodsAt = allowedMethods(app.routes);
  app.notFound((c) => {
    const allow = methodsAt(c.req.path);
    return allow.length
      ? errorResponse(c, 405, `${c.req.method} is not allowed here`, [], { Allow: allow.join(', ') })
      : errorResponse(c, 404, 'No such route');
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err.status, err.message, err.details, err.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      return errorResponse(c, status, status === 400 ? 'Malformed request' : undefined);
    }
    // the driver's error is under drizzle's: its code tells a lost connection from a timeout or a bug
    if (isDatabaseUnavailable(err)) {
      deps.log('error', { msg: 'database unavailable', requestId: c.get('requestId'), ...describeError(err) });
      return errorResponse(c, 503, 'Service temporarily unavailable', [], { 'Retry-After': '5' });
    }
    if (isConcurrentChange(err)) {
      deps.log('warn', { msg: 'concurrent change', requestId: c.get('requestId'), ...describeError(err) });
      return errorResponse(c, 409, 'Another change to the same data was saved at the same moment: nothing was saved, try again', [], {
        'Retry-After': '1',
      });
    }
    deps.log('error', { msg: 'unhandled error', requestId: c.get('requestId'), ...describeError(err) });
    return errorResponse(c, 500, 'Internal server error');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
