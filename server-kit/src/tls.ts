import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TestCert = {
  key: string;
  cert: string;
  keyFile: string;
  certFile: string;
  dir: string;
  /** base64 SHA-256 of the public key, for Chromium's --ignore-certificate-errors-spki-list */
  spki: string;
};

/**
 * A self-signed certificate for localhost and 127.0.0.1, made with openssl for this run only, in `dir` (a new
 * temporary folder unless given).
 */
export function selfSignedCert(dir = mkdtempSync(join(tmpdir(), 'tls-'))): TestCert {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const publicKey = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert,
    keyFile,
    certFile,
    dir,
    spki: createHash('sha256').update(publicKey).digest('base64'),
  };
}
