import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Certificate {
  cert: string;
  key: string;
  /** base64 SHA-256 of the public key, for Chromium's --ignore-certificate-errors-spki-list */
  spki: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, made for one run in `dir` (openssl, as Debian ships it). */
export function selfSignedCertificate(dir: string): Certificate {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '7',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' }); // prettier-ignore
  const spki = new X509Certificate(readFileSync(cert)).publicKey.export({ type: 'spki', format: 'der' });
  return { cert, key, spki: createHash('sha256').update(spki).digest('base64') };
}
