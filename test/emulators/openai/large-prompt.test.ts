import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_OPENAI_KEY } from './keys';

/**
 * A 450 KB prompt is answered in well under a second, whatever its text: a regex that rescanned
 * the rest of the text from every position (no full stop, a long run of letters, blank lines,
 * "1,1,1…", an unclosed <email> tag) once froze `npm start` for 11 minutes on one subject.
 *
 * The emulator runs in its own process, as under `npm start`, so a slow answer fails this test
 * on the client's clock instead of freezing the test runner with it. The bound is generous (3 s,
 * for a loaded 2-core machine); answers take ~0.1–0.3 s.
 */
const SIZE = 450 * 1024;
const BOUND_MS = 3_000;
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const list = (item: (i: number) => string) => {
  const items: string[] = [];
  for (let i = 0, length = 0; length <= SIZE; i += 1, length += items.at(-1)!.length + 1) items.push(item(i));
  return items.join(' ').slice(0, SIZE);
};

/** Texts a careless or hostile sender can write, each 450 KB. */
const SHAPES: Record<string, string> = {
  'one long word': fill('a'),
  'words, no full stop': fill('lorem ipsum dolor '),
  'short lines': fill('line of text\n'),
  'one-letter lines': fill('x\n'),
  'blank lines': fill('\n'),
  'blank lines with spaces': fill(' \n'),
  'digits and commas': fill('1,'),
  'letters and dots': fill('a.'),
  'amounts': fill('$1,000 '),
  'dates': fill('March 17, 2026 '),
  'numbered dates': fill('2026-03-17 '),
  'every day since 1950': list((i) => new Date(Date.UTC(1950, 0, 1 + i)).toISOString().slice(0, 10)),
  'distinct amounts': list((i) => `$${i + 1}`),
  'unclosed email tags': fill('<email>'),
  'quoted lines': fill('> x\n'),
  'a sentence repeated': fill('Hi Maya, we offer $2,500 + VAT for one reel on March 17. Confirmed!\n'),
};

const emailBlock = (subject: string, body: string) =>
  `<email index="1" from="Ava Stone <ava@gmail.com>" side="talent" date="2026-03-10T09:00:00.000Z">\nSubject: ${subject}\nTo: maya@brightwave-agency.com\n\n${body}\n</email>`;

/** Where the 450 KB sits: a header line outside the mail (the thread prompt's subject), a mail body, a bare prompt. */
const PLACES: Record<string, (big: string) => string> = {
  'subject line': (big) => `Subject: ${big}\nTalent: Ava Stone\n\nMessages, oldest first:\n\n${emailBlock('Re: Spring', 'Happy to go ahead at $900.')}`,
  'mail body': (big) => emailBlock('Re: Spring', big),
  'bare prompt': (big) => big,
};

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'test/emulators/openai/main.ts', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.setEncoding('utf8');
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const found = /listening at (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the OpenAI emulator exited (${code}) before listening: ${out}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child.exitCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
});

const timings: { name: string; ms: number }[] = [];

afterAll(() => {
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(`450 KB prompts: ${timings.length} answered, slowest ${slowest.map((t) => `${t.ms.toFixed(0)} ms (${t.name})`).join(', ')}`);
});

const complete = async (content: string) => {
  const started = performance.now();
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_OPENAI_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'Read the e-mails. Answer in JSON.' },
        { role: 'user', content },
      ],
      response_format: { type: 'json_object' },
    }),
    // a stuck emulator fails the case at the bound instead of holding the next ones
    signal: AbortSignal.timeout(BOUND_MS + 500),
  });
  const body = (await response.json()) as { choices?: { message: { content: string }; finish_reason: string }[] };
  return { status: response.status, body, ms: performance.now() - started };
};

describe('OpenAI emulator: a 450 KB prompt', () => {
  for (const [place, build] of Object.entries(PLACES)) {
    for (const [shape, big] of Object.entries(SHAPES)) {
      it(`${place}: ${shape}`, async () => {
        const content = build(big);
        expect(content.length).toBeGreaterThanOrEqual(SIZE);
        const { status, body, ms } = await complete(content);
        timings.push({ name: `${place}: ${shape}`, ms });
        expect(status).toBe(200);
        const choice = body.choices![0]!;
        // a long list of dates or amounts can fill the model's output budget, cut as the API cuts it
        if (choice.finish_reason === 'stop') expect(() => JSON.parse(choice.message.content) as unknown).not.toThrow();
        else expect(choice.finish_reason).toBe('length');
        expect(ms).toBeLessThan(BOUND_MS);
      });
    }
  }
});
