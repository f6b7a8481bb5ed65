import openapiTS, { astToString } from 'openapi-typescript';
import { createApp } from '../app.js';
import type { Db } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../config.js';

/** Where the generated types of the API's client live (committed, checked in sync by a test). */
export const CLIENT_TYPES_FILE = new URL('./client-types.generated.ts', import.meta.url);

/** The OpenAPI document as the API serves it (no database is touched to build it). */
export async function openApiDocument(config: Config): Promise<Record<string, unknown>> {
  const app = createApp({ db: {} as Db, config, clock: systemClock, log: () => {} });
  return (await (await app.request('/api/openapi.json')).json()) as Record<string, unknown>;
}

/** TypeScript types of every path and component, as openapi-typescript generates them for any client. */
export async function generateClientTypes(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as never);
  return `// Generated from /api/openapi.json by openapi-typescript; regenerate with \`npm run openapi:client --workspace api\`.\n\n${astToString(ast)}`;
}
