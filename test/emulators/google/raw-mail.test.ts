import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gmail } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ANCHOR } from '../../fixtures/seed/types';
import { startGoogleEmulator, type GoogleEmulator } from './server';

const MAYA = 'maya@brightwave-agency.com';
const MODIFY = ['openid', 'email', 'https://www.googleapis.com/auth/gmail.modify'];
const INSERT_ONLY = ['openid', 'email', 'https://www.googleapis.com/auth/gmail.insert'];

let emu: GoogleEmulator;
let token: string;
const now = Date.parse(SEED_ANCHOR);

type Part = { partId: string; mimeType: string; filename: string; headers: Array<{ name: string; value: string }>; body: { size: number; data?: string; attachmentId?: string }; parts?: Part[] };

const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
  const res = await fetch(`${emu.url}${path}`, { ...init, headers: { authorization: `Bearer ${init.token ?? token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

const insert = (raw: string | Buffer, extra: Record<string, unknown> = {}, path = '/gmail/v1/users/me/messages') =>
  call(path, { method: 'POST', body: JSON.stringify({ raw: Buffer.from(raw).toString('base64url'), ...extra }) });

const MIXED = [
  'Received: from mx.example by mx.google.com; Tue, 3 Nov 2026 10:00:00 +0000',
  'From: =?UTF-8?Q?J=C3=B6rg_M=C3=BCller?= <joerg@example.de>',
  `To: Maya <${MAYA}>`,
  'Subject: =?ISO-8859-1?Q?Gr=FC=DFe?= aus',
  '  Berlin',
  'Date: Mon, 02 Nov 2026 09:30:00 +0100',
  'Message-ID: <mixed-1@example.de>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="outer"',
  '',
  'preamble is dropped',
  '--outer',
  'Content-Type: multipart/alternative; boundary=inner',
  '',
  '--inner',
  'Content-Type: text/plain; charset=iso-8859-1',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Sch=F6ne Gr=FC=DFe',
  '--inner',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Schöne Grüße</p>').toString('base64'),
  '--inner--',
  '--outer',
  'Content-Type: application/pdf; name="rate card.pdf"',
  'Content-Disposition: attachment; filename*=UTF-8\'\'Preisliste%20%C3%BC.pdf',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 fake').toString('base64'),
  '--outer--',
  '',
].join('\r\n');

beforeAll(async () => {
  emu = await startGoogleEmulator({ clock: () => now, quotaUnitsPerMinute: 1_000_000 });
  token = (await emu.issueTokens(MAYA, { scopes: MODIFY })).access_token;
});
afterAll(async () => {
  await emu.close();
});

describe('users.messages.insert/import with raw RFC 822', () => {
  it('serves format=full as the parsed MIME tree: headers in order, decoded transfer encoding, original charset, attachments by id', async () => {
    const created = await insert(MIXED, { labelIds: ['INBOX'] });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(String), threadId: created.body.id, labelIds: ['INBOX'] });
    const got = await call(`/gmail/v1/users/me/messages/${created.body.id}?format=full`);
    const payload = got.body.payload as Part;
    expect(payload.mimeType).toBe('multipart/mixed');
    expect(payload.headers.map((h) => h.name)).toEqual(['Received', 'From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version', 'Content-Type']);
    expect(payload.headers.find((h) => h.name === 'Subject')!.value).toBe('Grüße aus Berlin');
    const [alt, pdf] = payload.parts!;
    expect(alt!.mimeType).toBe('multipart/alternative');
    const [plain, html] = alt!.parts!;
    expect(plain!.partId).toBe('0.0');
    // Gmail hands over the part's bytes with the transfer encoding removed, in its own charset.
    expect(Buffer.from(plain!.body.data!, 'base64url')).toEqual(Buffer.from('Schöne Grüße', 'latin1'));
    expect(plain!.body.size).toBe(12);
    expect(Buffer.from(html!.body.data!, 'base64url').toString('utf8')).toBe('<p>Schöne Grüße</p>');
    expect(pdf).toMatchObject({ partId: '1', mimeType: 'application/pdf', filename: 'Preisliste ü.pdf', body: { size: 13, attachmentId: expect.any(String) } });
    expect(pdf!.body.data).toBeUndefined();
    const att = await call(`/gmail/v1/users/me/messages/${created.body.id}/attachments/${pdf!.body.attachmentId}`);
    expect(Buffer.from(att.body.data, 'base64url').toString()).toBe('%PDF-1.4 fake');
    expect((await call(`/gmail/v1/users/me/messages/${created.body.id}/attachments/nonsense`)).status).toBe(400);
  });

  it('gives back the original bytes for format=raw, the headers alone for metadata, and ids for minimal', async () => {
    const created = await insert(MIXED);
    const raw = await call(`/gmail/v1/users/me/messages/${created.body.id}?format=raw`);
    expect(Buffer.from(raw.body.raw, 'base64url').toString('utf8')).toBe(MIXED);
    expect(raw.body.sizeEstimate).toBe(Buffer.byteLength(MIXED));
    const meta = await call(`/gmail/v1/users/me/messages/${created.body.id}?format=metadata&metadataHeaders=Subject&metadataHeaders=From`);
    expect(meta.body.payload.headers).toEqual([
      { name: 'From', value: '=?UTF-8?Q?J=C3=B6rg_M=C3=BCller?= <joerg@example.de>' },
      { name: 'Subject', value: 'Grüße aus Berlin' },
    ]);
    expect(meta.body.payload.parts).toBeUndefined();
    const found = await call(`/gmail/v1/users/me/messages?q=${encodeURIComponent('from:joerg@example.de rfc822msgid:mixed-1@example.de')}`);
    expect(found.body.messages.map((m: { id: string }) => m.id)).toContain(created.body.id);
    const minimal = await call(`/gmail/v1/users/me/messages/${created.body.id}?format=minimal`);
    expect(minimal.body.payload).toBeUndefined();
    expect(minimal.body.snippet).toBe('Schöne Grüße');
  });

  it('insert dates by receive time, import by the Date header; import files delivered mail in the inbox', async () => {
    const inserted = await insert(MIXED);
    const imported = await insert(MIXED, {}, '/gmail/v1/users/me/messages/import');
    const a = await call(`/gmail/v1/users/me/messages/${inserted.body.id}?format=minimal`);
    const b = await call(`/gmail/v1/users/me/messages/${imported.body.id}?format=minimal`);
    expect(Number(a.body.internalDate)).toBe(now);
    expect(Number(b.body.internalDate)).toBe(Date.parse('2026-11-02T08:30:00Z'));
    expect(a.body.labelIds).toEqual([]);
    expect(b.body.labelIds).toEqual(expect.arrayContaining(['INBOX', 'UNREAD']));
    const byHeader = await call('/gmail/v1/users/me/messages?internalDateSource=dateHeader', { method: 'POST', body: JSON.stringify({ raw: Buffer.from(MIXED).toString('base64url') }) });
    expect(Number((await call(`/gmail/v1/users/me/messages/${byHeader.body.id}?format=minimal`)).body.internalDate)).toBe(Date.parse('2026-11-02T08:30:00Z'));
  });

  it('threads a reply that references a message there with the same subject, and advances historyId', async () => {
    const first = await insert('From: a@x.example\r\nTo: maya@brightwave-agency.com\r\nSubject: Rates\r\nMessage-ID: <t1@x>\r\n\r\nHello');
    const before = (await call('/gmail/v1/users/me/profile')).body.historyId;
    const reply = await insert('From: a@x.example\r\nSubject: AW: Re: Rates\r\nIn-Reply-To: <t1@x>\r\nReferences: <t1@x>\r\nMessage-ID: <t2@x>\r\n\r\nYes');
    const otherSubject = await insert('From: a@x.example\r\nSubject: Something else\r\nIn-Reply-To: <t1@x>\r\n\r\nNo');
    const asked = await insert('From: a@x.example\r\nSubject: Re: Rates\r\nReferences: <t2@x>\r\n\r\nThird', { threadId: first.body.threadId });
    expect(reply.body.threadId).toBe(first.body.threadId);
    expect(asked.body.threadId).toBe(first.body.threadId);
    expect(otherSubject.body.threadId).toBe(otherSubject.body.id);
    expect(Number((await call('/gmail/v1/users/me/profile')).body.historyId)).toBeGreaterThan(Number(before));
    const thread = await call(`/gmail/v1/users/me/threads/${first.body.threadId}?format=full`);
    expect(thread.body.messages.map((m: { id: string }) => m.id)).toEqual([first.body.id, reply.body.id, asked.body.id]);
    expect((await insert('From: a@x.example\r\nSubject: x\r\n\r\ny', { threadId: 'ffffffffffffffff' })).status).toBe(404);
  });

  it('takes a message/rfc822 media upload byte for byte (8-bit Shift_JIS)', async () => {
    const sjis = Buffer.concat([Buffer.from('From: taro@example.jp\r\nSubject: test\r\nContent-Type: text/plain; charset=Shift_JIS\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'), Buffer.from([0x82, 0xa0, 0x82, 0xa2])]);
    const res = await fetch(`${emu.url}/upload/gmail/v1/users/me/messages?uploadType=media`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'message/rfc822' }, body: sjis });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const got = await call(`/gmail/v1/users/me/messages/${id}?format=full`);
    expect(Buffer.from(got.body.payload.body.data, 'base64url')).toEqual(Buffer.from([0x82, 0xa0, 0x82, 0xa2]));
    const wrongType = await fetch(`${emu.url}/upload/gmail/v1/users/me/messages?uploadType=media`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: sjis });
    expect(wrongType.status).toBe(400);
  });

  it("takes the official client's multipart upload (users.messages.import with media) and its JSON insert", async () => {
    const auth = new OAuth2Client();
    auth.setCredentials({ access_token: token });
    const g = gmail({ version: 'v1', auth, rootUrl: `${emu.url}/` });
    const bytes = Buffer.from(MIXED, 'latin1');
    const imported = await g.users.messages.import(
      { userId: 'me', requestBody: { labelIds: ['STARRED'] }, media: { mimeType: 'message/rfc822', body: Readable.from([bytes]) } },
      // the client builds the upload URL from the per-call rootUrl only
      { rootUrl: `${emu.url}/` },
    );
    expect(imported.data.labelIds).toEqual(expect.arrayContaining(['INBOX', 'STARRED']));
    const raw = await g.users.messages.get({ userId: 'me', id: imported.data.id!, format: 'raw' });
    expect(Buffer.from(raw.data.raw!, 'base64url').equals(bytes)).toBe(true);
    const inserted = await g.users.messages.insert({ userId: 'me', requestBody: { raw: bytes.toString('base64url'), labelIds: ['INBOX'] } });
    expect(emu.log.filter((e) => e.operation === 'gmail.users.messages.insert').at(-1)).toMatchObject({ status: 200, quotaUnits: 25 });
    expect(inserted.data.labelIds).toEqual(['INBOX']);
  });

  it('refuses bad input and missing scopes with Google-shaped 4xx', async () => {
    expect((await call('/gmail/v1/users/me/messages', { method: 'POST', body: '{}' })).status).toBe(400);
    expect((await call('/gmail/v1/users/me/messages', { method: 'POST', body: JSON.stringify({ raw: 'not base64!' }) })).status).toBe(400);
    expect((await insert(MIXED, { labelIds: ['NOPE'] })).status).toBe(400);
    const readonly = (await emu.issueTokens(MAYA)).access_token;
    expect((await call('/gmail/v1/users/me/messages', { method: 'POST', token: readonly, body: JSON.stringify({ raw: 'QQ' }) })).status).toBe(403);
    const insertOnly = (await emu.issueTokens(MAYA, { scopes: INSERT_ONLY })).access_token;
    expect((await call('/gmail/v1/users/me/messages', { method: 'POST', token: insertOnly, body: JSON.stringify({ raw: Buffer.from(MIXED).toString('base64url') }) })).status).toBe(200);
  });
});

describe('raw mail beyond the Gmail API', () => {
  it('is filed through the control API and kept, parsed the same, across a restart with a snapshot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'google-emu-'));
    const snapshotFile = join(dir, 'snapshot.json');
    const first = await startGoogleEmulator({ clock: () => now, snapshotFile });
    const filed = await fetch(`${first.url}/__emulator/messages/raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mailbox: MAYA, raw: Buffer.from(MIXED).toString('base64url') }) });
    expect(filed.status).toBe(200);
    const { id } = (await filed.json()) as { id: string };
    const read = async (emulator: GoogleEmulator) => {
      const t = (await emulator.issueTokens(MAYA)).access_token;
      const res = await fetch(`${emulator.url}/gmail/v1/users/me/messages/${id}?format=full`, { headers: { authorization: `Bearer ${t}` } });
      return (await res.json()) as { internalDate: string; payload: Part };
    };
    const before = await read(first);
    expect(before.internalDate).toBe(String(Date.parse('2026-11-02T08:30:00Z')));
    await first.close();
    const second = await startGoogleEmulator({ clock: () => now, snapshotFile });
    try {
      expect(await read(second)).toEqual(before);
    } finally {
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('publishes a Gmail push for mail imported through the API, with its historyId', async () => {
    const receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push`;
    try {
      const topic = 'projects/threadline-test/topics/raw-push';
      expect((await fetch(`${emu.url}/v1/${topic}`, { method: 'PUT' })).status).toBe(200);
      const sub = await fetch(`${emu.url}/v1/projects/threadline-test/subscriptions/raw-push`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic, pushConfig: { pushEndpoint: endpoint } }) });
      expect(sub.status).toBe(200);
      expect((await call('/gmail/v1/users/me/watch', { method: 'POST', body: JSON.stringify({ topicName: topic, labelIds: ['INBOX'] }) })).status).toBe(200);
      const imported = await insert(MIXED, {}, '/gmail/v1/users/me/messages/import');
      await emu.pubsub.settle();
      const historyId = Number((await call(`/gmail/v1/users/me/messages/${imported.body.id}?format=minimal`)).body.historyId);
      expect(emu.pubsub.deliveries.filter((d) => d.subscription.endsWith('/raw-push')).map((d) => d.historyId)).toEqual([historyId]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it('refuses raw mail for an unknown mailbox on the control API', async () => {
    const res = await fetch(`${emu.url}/__emulator/messages/raw`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mailbox: 'nobody@example.com', raw: 'QQ' }) });
    expect(res.status).toBe(400);
  });
});
