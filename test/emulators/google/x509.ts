import { createPublicKey, KeyObject, sign } from 'node:crypto';

/**
 * A self-signed X.509 certificate (DER written by hand: Node reads certificates but does not
 * make them) for the emulator's signing key, in the PEM form Google serves at
 * `https://www.googleapis.com/oauth2/v1/certs` (kid → certificate), which google-auth-library's
 * verifyIdToken reads on Node.
 */
const der = (tag: number, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const length =
    body.length < 0x80 ? Buffer.from([body.length]) : (() => {
      const bytes: number[] = [];
      for (let n = body.length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
      return Buffer.from([0x80 | bytes.length, ...bytes]);
    })();
  return Buffer.concat([Buffer.from([tag]), length, body]);
};

const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const integer = (bytes: Buffer) => der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk: number[] = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
};
const utcTime = (at: Date) => der(0x17, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
const name = (commonName: string) => sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName, 'utf8')))));

const SHA256_WITH_RSA = sequence(oid('1.2.840.113549.1.1.11'), der(0x05));
const DAY_MS = 24 * 60 * 60 * 1000;

/** PEM of a certificate for `privateKey`'s public half, valid from a day ago for two weeks. */
export const selfSignedCertificate = (privateKey: CryptoKey | KeyObject, commonName: string, serial: Buffer, now = new Date()): string => {
  const key = privateKey instanceof KeyObject ? privateKey : KeyObject.from(privateKey);
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name(commonName),
    sequence(utcTime(new Date(now.getTime() - DAY_MS)), utcTime(new Date(now.getTime() + 14 * DAY_MS))),
    name(commonName),
    spki,
  );
  const signature = sign('sha256', tbs, key);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g)!;
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};
