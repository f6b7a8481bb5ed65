import type { Socket } from 'node:net';
import type { NodeFetch } from './drain';

/** Requests of one HTTP/1.1 connection handled at once; the rest of a pipelined batch waits its turn. */
export const PIPELINE_LIMIT = 4;

type Turns = { active: number; waiting: Array<() => void>; watching: boolean };

/**
 * Wraps a fetch handler so that one HTTP/1.1 connection has at most `limit` requests in hand at a time. Node starts
 * every request of a pipelined batch at once, so a single connection writing two thousand requests in one packet
 * would take every database connection of the pool and leave other people's requests waiting until they failed.
 * Answers of a pipelined connection go out in order anyway, so waiting costs such a client nothing; browsers never
 * pipeline. A request still waiting when its connection closes is not run. HTTP/2 streams are left to HTTP/2's own
 * limits.
 */
export function pipelineGate(fetch: NodeFetch, limit = PIPELINE_LIMIT): NodeFetch {
  const bySocket = new WeakMap<Socket, Turns>();
  return async (req, env) => {
    const incoming = env.incoming;
    if (incoming.httpVersionMajor !== 1) return fetch(req, env);
    const socket = incoming.socket;
    let turns = bySocket.get(socket);
    if (!turns) bySocket.set(socket, (turns = { active: 0, waiting: [], watching: false }));
    if (turns.active >= limit) {
      if (!turns.watching) {
        turns.watching = true;
        socket.once('close', () => turns.waiting.splice(0).forEach((wake) => wake()));
      }
      await new Promise<void>((resolve) => turns.waiting.push(resolve));
      // nobody is left to read the answer
      if (socket.destroyed) return new Response(null, { status: 503, headers: { connection: 'close' } });
    }
    turns.active++;
    try {
      return await fetch(req, env);
    } finally {
      turns.active--;
      turns.waiting.shift()?.();
    }
  };
}
