import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../../test/fixtures/mail-samples/answers';
import { classifyAutoReply } from './auto-reply';
import { readBounce } from './bounce';
import { ownText } from './own-text';

// The real-world sample set (test/fixtures/mail-samples, licences in its LICENSES.md) read with
// a plain MIME parser, so these rules are checked on real shapes without the Gmail emulator.

const DIR = join(import.meta.dirname, '../../../test/fixtures/mail-samples');

const read = async (file: string) => {
  const email = await PostalMime.parse(readFileSync(join(DIR, file)));
  const headers = new Map<string, string>();
  for (const h of email.headers) if (!headers.has(h.key)) headers.set(h.key, h.value);
  const report = email.attachments.find((a) => /^message\/(?:global-)?delivery-status$/i.test(a.mimeType));
  const reportText = report ? (typeof report.content === 'string' ? report.content : new TextDecoder().decode(report.content)) : undefined;
  return { email, headers, text: email.text ?? '', report: reportText };
};

describe('the mail samples', () => {
  it('has samples to read', () => {
    expect(SAMPLES.length).toBeGreaterThan(0);
  });

  it.each(SAMPLES.map((s) => [s.file, s] as const))('%s is classified as its answer says', async (_file, sample) => {
    const { email, headers, text } = await read(sample.file);
    const kind = classifyAutoReply({
      headers,
      ...(headers.has('from') ? { from: headers.get('from') } : {}),
      subject: email.subject ?? '',
      ownText: ownText(text),
      ...(headers.has('content-type') ? { mimeType: headers.get('content-type') } : {}),
    });
    expect(kind).toBe(sample.autoReply);
  });

  const bounces = SAMPLES.filter((s) => s.bounceStatus);

  it.each(bounces.map((s) => [s.file, s] as const))('%s: the bounce reason, from the report and from the text alone', async (_file, sample) => {
    const { headers, text, report } = await read(sample.file);
    for (const got of [readBounce({ text, headers, ...(report ? { report } : {}) }), readBounce({ text })]) {
      expect(got?.status).toBe(sample.bounceStatus);
      if (sample.bounceRecipient) expect(got?.recipient).toBe(sample.bounceRecipient.toLowerCase());
    }
  });

  it.each(SAMPLES.filter((s) => s.autoReply === 'none').map((s) => [s.file, s] as const))('%s reports no bounce', async (_file, sample) => {
    const { text } = await read(sample.file);
    expect(readBounce({ text })).toBeUndefined();
  });
});
