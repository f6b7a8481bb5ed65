import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../types.js';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Weight tracker API',
    version: '1.0.0',
    description:
      'JSON API of the weight tracker. Authenticate with `Authorization: Bearer <accessToken>` (15 minutes); ' +
      'refresh it with GET /api/auth/token, which reads the HttpOnly refresh cookie set by register/login. ' +
      'Errors: `{ error: { message, details: [{ field, issue }], requestId } }`.',
    license: { name: 'Proprietary: all rights reserved by the Weightwise team', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [{ url: '/' }],
} as const;

/** Registers /openapi.json (generated from the route zod schemas) and /docs (HTML rendered server-side). */
export function registerDocs(app: OpenAPIHono<AppEnv>, prefix: string) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  let cached: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const doc = () => (cached ??= app.getOpenAPI31Document(OPENAPI_INFO as never));

  app.get(`${prefix}/openapi.json`, (c) => c.json(doc() as object));
  app.get(`${prefix}/docs`, (c) => {
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    return c.html(renderDocs(doc() as unknown as OpenApiDoc));
  });
}

type Schema = Record<string, unknown>;
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const schemaName = (s?: Schema): string => {
  if (!s) return '';
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop()!;
  if (s.type === 'array' && s.items) return `${schemaName(s.items as Schema)}[]`;
  return JSON.stringify(s);
};

export function renderDocs(doc: OpenApiDoc): string {
  const ops: string[] = [];
  const toc: string[] = [];
  let n = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = `op${n++}`;
      toc.push(`<li><a href="#${id}"><code>${esc(method.toUpperCase())} ${esc(path)}</code></a> ${esc(op.summary ?? '')}</li>`);
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(
              schemaName(p.schema),
            )}</code> ${esc(p.description ?? '')}</td></tr>`,
        )
        .join('');
      const body = Object.entries(op.requestBody?.content ?? {})
        .map(([type, v]) => `<p>Body (<code>${esc(type)}</code>): <code>${esc(schemaName(v.schema))}</code></p>`)
        .join('');
      const responses = Object.entries(op.responses ?? {})
        .map(
          ([status, r]) =>
            `<li><strong>${esc(status)}</strong> ${esc(r.description ?? '')}${Object.entries(r.content ?? {})
              .map(([t, v]) => ` — <code>${esc(t)}</code> <code>${esc(schemaName(v.schema))}</code>`)
              .join('')}</li>`,
        )
        .join('');
      ops.push(
        `<section id="${id}"><h3><code>${esc(method.toUpperCase())} ${esc(path)}</code></h3>` +
          `<p>${esc(op.summary ?? '')}${op.security?.length ? ' <em>(bearer token required)</em>' : ' <em>(public)</em>'}</p>` +
          (op.description ? `<p>${esc(op.description)}</p>` : '') +
          (params
            ? `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${params}</tbody></table>`
            : '') +
          body +
          `<ul>${responses}</ul></section>`,
      );
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3><pre>${esc(JSON.stringify(s, null, 2))}</pre></section>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} ${esc(doc.info.version)}</title></head>
<body><main>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description ?? '')}</p>
<p>Machine-readable document: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>Operations</h2><ul>${toc.join('')}</ul>
${ops.join('\n')}
<h2>Schemas</h2>
${schemas}
</main></body></html>`;
}
