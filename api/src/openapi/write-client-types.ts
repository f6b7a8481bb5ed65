// `npm run openapi:client --workspace api`: regenerates the client types from the current routes.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { testConfig } from '../test/harness.js';
import { CLIENT_TYPES_FILE, generateClientTypes, openApiDocument } from './client-types.js';

await writeFile(CLIENT_TYPES_FILE, await generateClientTypes(await openApiDocument(testConfig())));
console.log(`wrote ${fileURLToPath(CLIENT_TYPES_FILE)}`);
