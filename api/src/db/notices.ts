/**
 * The database's notices of changed users (channel `user_changed`), heard by every API process, so what one of them
 * keeps about a user is dropped when any other changes it. Triggers send the user's id at the commit of a change to
 * their row or sessions; an API process sends `data:` and the id after it committed a change to their entries.
 */
export const USER_CHANGED = 'user_changed';
export const DATA_CHANGED_PREFIX = 'data:';

/** What a notice says changed: the user's row or sessions, or only their weight data (and so its version). */
export type ChangeKind = 'user' | 'data';

export type NoticeHandlers = {
  notice(userId: string, kind: ChangeKind): void;
  /** Whether notices are being heard: false while the connection is lost (notices may be missed), true again after. */
  live(isLive: boolean): void;
};

export type NoticeListener = { close(): Promise<void> };

type Log = (line: Record<string, unknown>) => void;

function hear(handlers: NoticeHandlers, payload: string): void {
  if (payload.startsWith(DATA_CHANGED_PREFIX)) handlers.notice(payload.slice(DATA_CHANGED_PREFIX.length), 'data');
  else handlers.notice(payload, 'user');
}

/** Listens on a PostgreSQL connection of its own, and connects again after losing it (1 s, then up to 10 s apart). */
export async function listenPostgres(databaseUrl: string, handlers: NoticeHandlers, log: Log): Promise<NoticeListener> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  let retryMs = 1_000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lost = (c: InstanceType<typeof pg.Client>) => {
    if (client !== c) return;
    client = undefined;
    handlers.live(false);
    c.end().catch(() => {});
    if (closed) return;
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    c.on('error', (err) => {
      log({ level: 'warn', msg: 'user change notices lost', code: (err as { code?: string }).code ?? null });
      lost(c);
    });
    c.on('end', () => lost(c));
    c.on('notification', (m) => {
      if (m.channel === USER_CHANGED && m.payload) hear(handlers, m.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${USER_CHANGED}`);
      if (closed || client !== c) return void c.end().catch(() => {});
      retryMs = 1_000;
      handlers.live(true);
    } catch (err) {
      log({ level: 'warn', msg: 'user change notices not heard', code: (err as { code?: string }).code ?? null });
      lost(c);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      handlers.live(false);
      await c?.end().catch(() => {});
    },
  };
}

type PgliteLike = import('@electric-sql/pglite').PGliteInterface;

/** The embedded database runs in this process: its notices are always heard. */
export async function listenPglite(client: PgliteLike, handlers: NoticeHandlers): Promise<NoticeListener> {
  const unlisten = await client.listen(USER_CHANGED, (payload) => {
    if (payload) hear(handlers, payload);
  });
  handlers.live(true);
  return {
    close: async () => {
      handlers.live(false);
      await unlisten();
    },
  };
}
