import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { DEFAULT_DRAIN_LIMITS, drainingFetch, type DrainLimits, type NodeFetch } from './drain';
import { pipelineGate } from './pipeline';

export type ServeOptions = {
  /** How the process names itself in messages ("API", "shell", "mf-overview"). */
  name: string;
  fetch: NodeFetch;
  port: number;
  hostname: string;
  /** The environment variable that moves this server to another port, named in the "port is taken" message. */
  portVariable: string;
  drain?: DrainLimits;
  /** A connection with nothing read from it nor written to it for this long is closed (default 60 s). */
  stallMs?: number;
  onListening?: (address: AddressInfo) => void;
  /** Defaults to printing the message and exiting with status 1. */
  onFatal?: (message: string) => void;
};

export const DEFAULT_STALL_MS = 60_000;

/** The sentence a person reads when the server cannot listen, with what to do about it. */
export function listenErrorMessage(
  err: NodeJS.ErrnoException,
  o: Pick<ServeOptions, 'name' | 'port' | 'hostname' | 'portVariable'>,
): string {
  const where = `${o.hostname}:${o.port}`;
  if (err.code === 'EADDRINUSE')
    return (
      `${o.name} cannot start: port ${o.port} (${where}) is already in use, probably by another copy of this app. ` +
      `Stop that process, or choose another port, e.g. ${o.portVariable}=${o.port + 100}.`
    );
  if (err.code === 'EACCES')
    return `${o.name} cannot start: listening on ${where} is not permitted. Choose a port above 1023 with ${o.portVariable}.`;
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND')
    return `${o.name} cannot start: ${o.hostname} is not an address of this machine. Set HOST to one that is (e.g. 127.0.0.1).`;
  return `${o.name} cannot start on ${where}: ${err.message}`;
}

/**
 * Serves a fetch handler on Node: unread request bodies are drained before answering (so an early 413 or 401
 * reaches a client that is still uploading), a pipelining connection has a few requests in hand at a time, and a port that cannot be used ends the process with a clear
 * message and status 1 instead of an unhandled 'error' event.
 */
export function serveOrExit(o: ServeOptions): Server {
  const fatal =
    o.onFatal ??
    ((message: string) => {
      process.stderr.write(`${message}\n`);
      process.exit(1);
    });
  const fetch = pipelineGate(drainingFetch(o.fetch, o.drain ?? DEFAULT_DRAIN_LIMITS));
  const server = serve({ fetch, port: o.port, hostname: o.hostname }, (info) => o.onListening?.(info)) as Server;
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (!server.listening) fatal(listenErrorMessage(err, o));
    else process.stderr.write(`${o.name}: ${err.message}\n`);
  });
  // a client that stops reading its answer (or sending its request) holds the answer in memory: past this long
  // with nothing moving either way, its connection is closed
  server.timeout = o.stallMs ?? DEFAULT_STALL_MS;
  server.on('clientError', answerClientError);
  // an Expect other than 100-continue: Node would answer 417 with no body
  server.on('checkExpectation', (_req, res) => {
    const { headers, body } = errorAnswer('Only Expect: 100-continue is understood');
    res.writeHead(417, headers);
    res.end(body);
  });
  return server;
}

/** The error shape every answer of the product has, its request id in the body and the header; the connection ends. */
function errorAnswer(message: string): { headers: Record<string, string>; body: string } {
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { message, details: [], requestId } });
  return {
    body,
    headers: {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Request-Id': requestId,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    },
  };
}

/** What a request Node's parser refuses before the app sees it gets: its status and message. */
export function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Request header fields too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  return { status: 400, message: 'Malformed request' };
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * A request Node's parser refuses (headers past its limit, a method or line it cannot read) is answered in the
 * product's error shape, as every other error is, rather than with Node's empty status line; then the connection ends.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorStatus(err.code);
  const { headers, body } = errorAnswer(message);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${REASONS[status]}\r\n${lines.join('')}\r\n${body}`);
}
