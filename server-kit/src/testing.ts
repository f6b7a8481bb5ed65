import http from 'node:http';
import https from 'node:https';

export type UploadResult = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string };

/**
 * Sends a body the way a real client does, in 64 KiB writes with backpressure, on a fresh connection (so
 * `Connection: close` behaves as it does for nginx or curl), and reports what came back or how it failed.
 */
export function upload(
  url: string,
  body: Buffer,
  opts: { method?: string; headers?: Record<string, string>; chunked?: boolean; connection?: 'close' | 'keep-alive' } = {},
): Promise<UploadResult> {
  const headers: Record<string, string | number> = { ...opts.headers };
  if (opts.connection) headers.connection = opts.connection;
  if (!opts.chunked) headers['content-length'] = body.length;
  // https too: the topology run sends the same uploads through nginx over TLS
  const client = url.startsWith('https:') ? https : http;
  const agent = new client.Agent({ keepAlive: opts.connection !== 'close' });
  return new Promise((resolve) => {
    const req = client.request(url, { method: opts.method ?? 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: `response ${e.code ?? e.message}` }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 65536);
        offset += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  }).finally(() => agent.destroy()) as Promise<UploadResult>;
}

/** A multipart/form-data body with one file field. */
export function multipartFile(field: string, filename: string, type: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
