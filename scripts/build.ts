// `npm run build [app...]`: production builds of every front-end app (or the named ones).
import { FRONTENDS } from './lib/apps';
import { buildApps } from './lib/build';

const names = process.argv.slice(2);
const chosen = names.length ? FRONTENDS.filter((a) => names.includes(a.dir) || names.includes(a.key)) : FRONTENDS;
if (names.length && chosen.length !== names.length) {
  console.error(`unknown app in: ${names.join(', ')}; known: ${FRONTENDS.map((a) => a.dir).join(', ')}`);
  process.exit(2);
}
await buildApps(chosen);
