import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../types.js';
import { validationHook } from '../lib/validation.js';
import { ApiError } from '../lib/errors.js';
import { ErrorBodySchema } from '@app/contract';
import { turnOff } from '../repositories/reminders.js';
import { verifyUnsubscribeToken, type UnsubscribeKind } from '../reminders/unsubscribe.js';

const WHAT: Record<UnsubscribeKind, string> = { daily: 'daily reminder e-mails', weekly: 'weekly report e-mails' };
// a page of its own: no script, styles inline, forms only to this origin
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(c: Context, status: 200 | 400, title: string, body: string) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; background: #fff; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<main><h1 style="font-size: 1.5rem">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
  return c.html(html, status, { 'Content-Security-Policy': CSP });
}

const TokenParam = z.object({ token: z.string().openapi({ param: { name: 'token', in: 'path' }, description: 'From the e-mail' }) });
const htmlResponse = (description: string) => ({ content: { 'text/html': { schema: z.string() } }, description });
const INVALID_LINK = 'This unsubscribe link is not valid';
const invalidResponse = {
  content: { 'text/html': { schema: z.string() }, 'application/json': { schema: ErrorBodySchema } },
  description: 'Not a valid link: a page for a browser (Accept: text/html), else the usual error',
};

/**
 * One-click unsubscribe (RFC 8058), without signing in: the e-mail's List-Unsubscribe header points at the POST,
 * which a mail client sends with `List-Unsubscribe=One-Click`; the link in the e-mail opens the GET page, whose
 * button sends the same POST (a GET never unsubscribes, so link scanners cannot).
 */
export function unsubscribeRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const settingsUrl = `${(config.publicUrl ?? '').replace(/\/+$/, '')}/dashboard/settings`;
  // a person's browser gets a page; any other client the API's usual error
  const invalid = (c: Context) => {
    if (!/text\/html/.test(c.req.header('Accept') ?? '')) throw new ApiError(400, INVALID_LINK, [{ field: 'token', issue: INVALID_LINK }]);
    return page(
      c,
      400,
      'This link does not work',
      `<p>${INVALID_LINK}. Sign in and turn e-mails off in <a href="${escapeHtml(settingsUrl)}">Settings → Reminders</a>.</p>`,
    );
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/unsubscribe/{token}',
      operationId: 'unsubscribePage',
      security: [],
      tags: ['reminders'],
      summary: 'The page an unsubscribe link opens',
      description: 'Shows what the link turns off and a button that does it (POST). Changes nothing by itself.',
      request: { params: TokenParam },
      responses: { 200: htmlResponse('The confirmation page'), 400: invalidResponse },
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      const target = verifyUnsubscribeToken(config.jwtSecret, token);
      if (!target) return invalid(c);
      return page(
        c,
        200,
        'Unsubscribe',
        `<p>Stop getting ${WHAT[target.kind]}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 0; background: #0f5f66; color: #fff; cursor: pointer">Unsubscribe</button></form>`,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/unsubscribe/{token}',
      operationId: 'unsubscribe',
      security: [],
      tags: ['reminders'],
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        'Turns off the kind of e-mail the link was made for (daily reminder or weekly report), whatever the body says ' +
        '(mail clients send `List-Unsubscribe=One-Click` as a form). Doing it again changes nothing.',
      request: { params: TokenParam },
      responses: { 200: htmlResponse('Unsubscribed'), 400: invalidResponse },
    }),
    async (c) => {
      const { token } = c.req.valid('param');
      const target = verifyUnsubscribeToken(config.jwtSecret, token);
      if (!target) return invalid(c);
      await turnOff(db, target.userId, target.kind === 'weekly' ? 'weeklyReport' : 'dailyEmail', clock.now());
      return page(
        c,
        200,
        'You are unsubscribed',
        `<p>You will no longer get ${WHAT[target.kind]}. You can turn them on again in <a href="${escapeHtml(settingsUrl)}">Settings → Reminders</a>.</p>`,
      );
    },
  );

  return app;
}
