import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleLinksFor } from '../../../shared/schemas/system';
import { SEED_ANCHOR } from '../../fixtures/seed/types';
import { startGoogleEmulator, type GoogleEmulator } from './server';
import { escapeHtml, viewerPaths } from './viewer';

const MAYA = 'maya@brightwave-agency.com';
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes' </pre><a href="javascript:alert(1)">click</a>`;

let emu: GoogleEmulator;
// jsdom (the web tests' DOM) parses the pages; it ships no types, so it is loaded untyped.
type Parse = (html: string) => Document;
let parse: Parse;

beforeAll(async () => {
  const jsdom = (await import('jsdom' as string)) as { JSDOM: new (html: string) => { window: { document: Document } } };
  parse = (html) => new jsdom.JSDOM(html).window.document;
  emu = await startGoogleEmulator({ clock: () => Date.parse(SEED_ANCHOR) });
});
afterAll(async () => {
  await emu.close();
});

const get = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${emu.url}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  const document = parse(text);
  return { status: res.status, headers: res.headers, text, document };
};

const cellsOf = (table: Element) => [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((cell) => cell.textContent ?? ''));

const seededThread = () => {
  const mailbox = emu.state.mailboxes.get(MAYA)!;
  const [threadId, messages] = [...mailbox.threads.entries()].find(([, list]) => list.length >= 3)!;
  return { threadId, messages };
};

describe('viewer: pages and their safety', () => {
  it('every page says it is the emulator, read-only, carries no script and a CSP that forbids one', async () => {
    const { status, headers, document, text } = await get('/viewer/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('content-security-policy')).not.toContain('script-src');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(document.querySelector('[data-testid="emulator-banner"]')?.textContent).toBe('Google emulator — read-only view');
    expect(text).not.toMatch(/<script/i);
    // The home page lists the accounts, with their My Drive and mailbox.
    const row = [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(MAYA))!;
    expect(row.querySelector('a[href^="/viewer/drive/folders/"]')?.textContent).toBe('My Drive');
    expect(row.querySelector(`a[href="${viewerPaths.mailbox(MAYA)}"]`)).not.toBeNull();
    expect((await get('/viewer')).status).toBe(302);
  });

  it('is not an API: no log entry, no faults, no sign-in', async () => {
    emu.faults.set({ api: 'drive', status: 503, rate: 1 });
    const before = emu.log.length;
    try {
      const { status } = await get(viewerPaths.folder(emu.seed!.truth.permissions.sharedFolder.id));
      expect(status).toBe(200);
      expect(emu.log.length).toBe(before);
    } finally {
      emu.faults.clear();
    }
  });

  it('answers a 404 page for unknown ids, tabs, mailboxes, threads and paths, and 405 for writes', async () => {
    const { spreadsheetId } = emu.seed!.truth.longlist;
    for (const path of [
      viewerPaths.folder('1doesNotExist'),
      viewerPaths.spreadsheet('1doesNotExist'),
      viewerPaths.spreadsheet(spreadsheetId, 'No such tab'),
      viewerPaths.mailbox('nobody@example.com'),
      viewerPaths.thread(MAYA, 'ffffffffffffffff'),
      viewerPaths.thread('nobody@example.com', 'ffffffffffffffff'),
      '/viewer/drive/files/x',
      '/viewer/mail/a/thread/b/c',
      '/viewer/drive/folders/%E0%A4%A',
    ]) {
      const { status, document, text } = await get(path);
      expect(status, path).toBe(404);
      expect(document.querySelector('h1')?.textContent, path).toBe('Not found');
      expect(document.querySelector('[data-testid="emulator-banner"]'), path).not.toBeNull();
      expect(text).not.toMatch(/<script/i);
    }
    const hostileId = await get(viewerPaths.folder(HOSTILE));
    expect(hostileId.status).toBe(404);
    expect(hostileId.text).not.toMatch(/<script|<img|<a href="javascript/i);
    expect(hostileId.document.querySelector('main p')?.textContent).toContain(HOSTILE);
    const post = await fetch(`${emu.url}${viewerPaths.home()}`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('viewer: Drive folders', () => {
  it('lists a folder: its name, its files with their type, links to subfolders and sheets', async () => {
    const { owner } = emu.seed!.truth.longlist;
    const { access_token } = await emu.issueTokens(owner);
    const api = (path: string, body: unknown) =>
      fetch(`${emu.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ id: string }>);
    const folder = await api('/drive/v3/files', { name: 'Campaign <Q1> & "co"', mimeType: 'application/vnd.google-apps.folder' });
    const sub = await api('/drive/v3/files', { name: 'Briefs', mimeType: 'application/vnd.google-apps.folder', parents: [folder.id] });
    const sheet = await api('/drive/v3/files', { name: 'Outreach Tracker', mimeType: 'application/vnd.google-apps.spreadsheet', parents: [folder.id] });
    const doc = await api('/drive/v3/files', { name: HOSTILE, mimeType: 'application/pdf', parents: [folder.id] });
    const trashed = await api('/drive/v3/files', { name: 'Old', mimeType: 'application/pdf', parents: [folder.id] });
    emu.state.files.get(trashed.id)!.trashed = true;

    const { status, document, text } = await get(viewerPaths.folder(folder.id));
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe('Campaign <Q1> & "co"');
    expect(text).not.toMatch(/<script|<img|<a href="javascript/i);
    const rows = [...document.querySelectorAll('table.files tbody tr')].map((tr) => ({
      name: tr.children[0]!.textContent,
      type: tr.children[1]!.textContent,
      href: tr.querySelector('a')?.getAttribute('href') ?? null,
    }));
    // Folders first, then by name; the trashed file is not shown; other files have no page.
    expect(rows).toEqual([
      { name: 'Briefs', type: 'Folder', href: `/viewer/drive/folders/${sub.id}` },
      { name: HOSTILE, type: 'application/pdf', href: null },
      { name: 'Outreach Tracker', type: 'Google Sheets', href: `/viewer/spreadsheets/${sheet.id}` },
    ]);
    expect(doc.id).toBeTruthy();
    // The breadcrumb leads back to the owner's My Drive.
    expect([...document.querySelectorAll('nav.crumbs a')].map((a) => a.textContent)).toEqual(['Emulator', `My Drive (${owner})`]);
    // The subfolder is empty; a spreadsheet id under /drive/folders opens the spreadsheet.
    expect((await get(viewerPaths.folder(sub.id))).document.querySelector('.empty')?.textContent).toBe('This folder is empty.');
    const asFolder = await get(viewerPaths.folder(sheet.id));
    expect(asFolder.status).toBe(302);
    expect(asFolder.headers.get('location')).toBe(viewerPaths.spreadsheet(sheet.id));
  });
});

describe('viewer: spreadsheets', () => {
  it('shows the first tab as a grid with row numbers and column letters, the tabs as links', async () => {
    const { spreadsheetId, title, tabs } = emu.seed!.truth.longlist;
    const { status, document } = await get(viewerPaths.spreadsheet(spreadsheetId));
    expect(status).toBe(200);
    expect(document.querySelector('h1')?.textContent).toBe(title);
    const tabLinks = [...document.querySelectorAll('ul.tabs a')];
    expect(tabLinks.map((a) => a.textContent)).toEqual(emu.state.spreadsheets.get(spreadsheetId)!.sheets.map((s) => s.properties.title));
    expect(tabLinks[0]!.getAttribute('aria-current')).toBe('page');
    expect(tabLinks[1]!.getAttribute('href')).toBe(viewerPaths.spreadsheet(spreadsheetId, tabs[1]!.title));
    const grid = cellsOf(document.querySelector('table.grid')!);
    expect(grid[0]!.slice(0, 4)).toEqual(['', 'A', 'B', 'C']);
    expect(grid[1]!.slice(0, tabs[0]!.headers.length + 1)).toEqual(['1', ...tabs[0]!.headers]);
    const lastRow = Math.max(...tabs[0]!.rows.map((r) => r.row));
    expect(grid.at(-1)![0]).toBe(String(lastRow));
  });

  it('shows another tab by ?tab=, and escapes what cells hold', async () => {
    const { owner } = emu.seed!.truth.longlist;
    const { access_token } = await emu.issueTokens(owner);
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const created = (await fetch(`${emu.url}/v4/spreadsheets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ properties: { title: 'Tracker' }, sheets: [{ properties: { title: 'Campaigns' } }, { properties: { title: 'Outreach & "more"' } }] }),
    }).then((r) => r.json())) as { spreadsheetId: string };
    const id = created.spreadsheetId;
    const range = encodeURIComponent(`'Outreach & "more"'!A1`);
    const write = await fetch(`${emu.url}/v4/spreadsheets/${id}/values/${range}?valueInputOption=RAW`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ values: [['Talent', 'Email', 'Notes'], ['Ana', 'ana@example.com', HOSTILE], [], ['', '', '', true, 12.5]] }),
    });
    expect(write.status).toBe(200);
    const { status, document, text } = await get(viewerPaths.spreadsheet(id, 'Outreach & "more"'));
    expect(status).toBe(200);
    expect(text).not.toMatch(/<script|<img|<a href="javascript/i);
    expect(document.querySelector('ul.tabs a[aria-current="page"]')?.textContent).toBe('Outreach & "more"');
    expect(cellsOf(document.querySelector('table.grid')!)).toEqual([
      ['', 'A', 'B', 'C', 'D', 'E'],
      ['1', 'Talent', 'Email', 'Notes', '', ''],
      ['2', 'Ana', 'ana@example.com', HOSTILE, '', ''],
      ['3', '', '', '', '', ''],
      ['4', '', '', '', 'TRUE', '12.5'],
    ]);
    const empty = await get(viewerPaths.spreadsheet(id, 'Campaigns'));
    expect(empty.document.querySelector('.empty')?.textContent).toBe('This tab is empty.');
    // Google's own path shape (/edit) opens the same page.
    expect((await get(`/viewer/spreadsheets/${id}/edit`)).status).toBe(200);
  });
});

describe('viewer: Gmail threads', () => {
  it("shows a thread's messages oldest first with From/To/Cc/Date/Subject and their text", async () => {
    const { threadId, messages } = seededThread();
    const { status, document } = await get(viewerPaths.thread(MAYA, threadId));
    expect(status).toBe(200);
    const articles = [...document.querySelectorAll('article.message')];
    expect(articles.map((a) => a.getAttribute('data-message-id'))).toEqual([...messages].sort((a, b) => a.internalDate - b.internalDate).map((m) => m.id));
    const first = articles[0]!;
    const fields = Object.fromEntries([...first.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(fields.From).toBe(messages[0]!.from);
    expect(fields.To).toBe(messages[0]!.to.join(', '));
    expect(fields.Subject).toBe(messages[0]!.subject);
    expect(fields.Date).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(first.querySelector('pre.body')?.textContent).toBe(messages[0]!.body);
    // Mailbox addresses are case-insensitive; the mailbox page links the thread.
    expect((await get(viewerPaths.thread(MAYA.toUpperCase(), threadId))).status).toBe(200);
    const mailbox = await get(viewerPaths.mailbox(MAYA));
    expect(mailbox.document.querySelector(`a[href="${viewerPaths.thread(MAYA, threadId)}"]`)).not.toBeNull();
  });

  it('escapes hostile mail: headers, subject and body stay text', async () => {
    const first = emu.addMessage({ mailbox: MAYA, from: `"${HOSTILE}" <evil@example.com>`, to: [MAYA], cc: [`x@example.com`], subject: HOSTILE, body: `${HOSTILE}\n> quoted\n\nbye`, date: new Date(Date.parse(SEED_ANCHOR) - 60_000) });
    emu.addMessage({ mailbox: MAYA, threadId: first.threadId, from: `Maya <${MAYA}>`, to: ['evil@example.com'], subject: `Re: ${HOSTILE}`, body: 'No thanks.', date: new Date(Date.parse(SEED_ANCHOR)) });
    const { status, document, text } = await get(viewerPaths.thread(MAYA, first.threadId));
    expect(status).toBe(200);
    expect(text).not.toMatch(/<script|<img|<a href="javascript|<\/pre><a/i);
    expect(text).toContain(escapeHtml(HOSTILE));
    expect(document.querySelector('h1')?.textContent).toBe(HOSTILE);
    const articles = [...document.querySelectorAll('article.message')];
    expect(articles).toHaveLength(2);
    expect(articles[0]!.querySelector('pre.body')?.textContent).toBe(`${HOSTILE}\n> quoted\n\nbye`);
    expect(articles[0]!.querySelector('dd')?.textContent).toBe(`"${HOSTILE}" <evil@example.com>`);
    expect([...articles[0]!.querySelectorAll('dt')].map((dt) => dt.textContent)).toContain('Cc');
    expect(articles[1]!.querySelector('pre.body')?.textContent).toBe('No thanks.');
    expect(document.querySelectorAll('script, img, iframe, form')).toHaveLength(0);
  });
});

describe("viewer: the product's links (shared/schemas/system.ts) lead to its pages", () => {
  it('folder, spreadsheet and Gmail thread links built with the viewer base open', async () => {
    const links = googleLinksFor(`${emu.url}/viewer`);
    const { sharedFolder } = emu.seed!.truth.permissions;
    const { threadId } = seededThread();
    for (const url of [links.driveFolder(sharedFolder.id), links.spreadsheet(emu.seed!.truth.longlist.spreadsheetId), links.gmailThread(MAYA, threadId)]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('Google emulator — read-only view');
    }
  });
});
