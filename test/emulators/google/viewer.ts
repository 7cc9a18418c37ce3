/**
 * A read-only HTML view of what the emulator holds, so the product's Drive, Sheets and Gmail
 * links lead somewhere when it runs against the emulator (GOOGLE_LINKS_BASE = `${url}/viewer`):
 *
 *   /viewer/                                     accounts: their My Drive and mailbox
 *   /viewer/drive/folders/:id                    a folder: its files and subfolders
 *   /viewer/spreadsheets/:id?tab=Title           a spreadsheet's tab as a grid
 *   /viewer/mail/:mailbox                        a mailbox's threads, newest first
 *   /viewer/mail/:mailbox/thread/:threadId       a thread's messages, oldest first
 *
 * Plain server-rendered HTML: no scripts, no forms, every value escaped (mail text is hostile),
 * and a CSP that would block a script even if one slipped through. No sign-in: the emulator runs
 * on loopback for one developer. Not logged, not subject to faults, quota or latency.
 */
import { columnLetters } from './a1';
import type { Reply } from './http';
import { rfc2822Date } from './mime';
import { cellToApi } from './sheets-model';
import { FOLDER_MIME, SPREADSHEET_MIME, type CellValue, type DriveFile, type EmulatorState, type StoredMessage } from './state';

export const VIEWER_PREFIX = '/viewer';

/** The viewer's paths (relative to the emulator's origin): what GOOGLE_LINKS_BASE links point to. */
export const viewerPaths = {
  home: () => `${VIEWER_PREFIX}/`,
  folder: (id: string) => `${VIEWER_PREFIX}/drive/folders/${encodeURIComponent(id)}`,
  spreadsheet: (id: string, tab?: string) => `${VIEWER_PREFIX}/spreadsheets/${encodeURIComponent(id)}${tab === undefined ? '' : `?tab=${encodeURIComponent(tab)}`}`,
  mailbox: (mailbox: string) => `${VIEWER_PREFIX}/mail/${encodeURIComponent(mailbox)}`,
  thread: (mailbox: string, threadId: string) => `${VIEWER_PREFIX}/mail/${encodeURIComponent(mailbox)}/thread/${encodeURIComponent(threadId)}`,
};

export const isViewerPath = (path: string): boolean => path === VIEWER_PREFIX || path.startsWith(`${VIEWER_PREFIX}/`);

/** Grid limits: a tab past them is cut, and the page says so. */
export const VIEWER_MAX_ROWS = 2_000;
export const VIEWER_MAX_COLUMNS = 104;

const HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** An escaped value for HTML (tagged template): `html\`<a href="${url}">${name}</a>\``. */
class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}
const html = (strings: TemplateStringsArray, ...values: unknown[]): Html =>
  new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));
const render = (value: unknown): string => {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
};

const STYLE = `
*{box-sizing:border-box}
body{font-family:Roboto,Arial,sans-serif;margin:0;color:#1f1f1f;background:#f8fafd}
.banner{background:#fff4ce;border-bottom:1px solid #e8d48b;padding:8px 20px;font-size:14px;font-weight:500}
main{padding:16px 20px 40px;max-width:1400px}
h1{font-size:22px;font-weight:400;margin:8px 0 12px;word-break:break-word}
nav.crumbs{font-size:13px;color:#5f6368;margin-top:4px}
nav.crumbs a{color:#0b57d0}
a{color:#0b57d0}
.meta{color:#5f6368;font-size:13px;margin:0 0 12px}
table{border-collapse:collapse;background:#fff}
table.files{width:100%;max-width:960px}
table.files th,table.files td{padding:8px 10px;border-bottom:1px solid #e0e0e0;text-align:left;font-size:14px}
table.grid th,table.grid td{border:1px solid #dadce0;padding:2px 6px;font-size:13px;vertical-align:top;white-space:pre-wrap;max-width:360px;overflow-wrap:anywhere}
table.grid thead th,table.grid th[scope=row]{background:#f1f3f4;color:#5f6368;font-weight:400;text-align:center;position:sticky}
table.grid thead th{top:0}
table.grid th[scope=row]{left:0;min-width:40px}
ul.tabs{list-style:none;display:flex;flex-wrap:wrap;gap:4px;padding:0;margin:0 0 12px}
ul.tabs a,ul.tabs span{display:inline-block;padding:6px 12px;border:1px solid #dadce0;border-radius:6px 6px 0 0;background:#fff;text-decoration:none;font-size:14px}
ul.tabs a[aria-current=page]{background:#e8f0fe;font-weight:500;color:#1f1f1f}
article.message{background:#fff;border:1px solid #e0e0e0;border-radius:8px;padding:12px 16px;margin:0 0 12px;max-width:960px}
dl.headers{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px;font-size:13px}
dl.headers dt{color:#5f6368}
dl.headers dd{margin:0;overflow-wrap:anywhere}
pre.body{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.45 Roboto,Arial,sans-serif;margin:0;border-top:1px solid #eee;padding-top:10px}
.empty{color:#5f6368;font-style:italic}
`;

const BANNER = 'Google emulator — read-only view';

const page = (status: number, title: string, body: Html, crumbs: Html[] = []): Reply => ({
  status,
  headers: HEADERS,
  html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} – ${escapeHtml(BANNER)}</title>
<style>${STYLE}</style></head>
<body><div class="banner" role="note" data-testid="emulator-banner">${escapeHtml(BANNER)}</div>
<main>${render(html`<nav class="crumbs" aria-label="Breadcrumb"><a href="${viewerPaths.home()}">Emulator</a>${crumbs.map((c) => html` › ${c}`)}</nav>`)}
${body.text}</main></body></html>
`,
});

const notFound = (what: string): Reply => page(404, 'Not found', html`<h1>Not found</h1><p>${what}</p><p class="meta">The emulator holds no such item (it shows only what it holds).</p>`);

const when = (ms: number): string => rfc2822Date(ms);

// ---------------------------------------------------------------- Drive

const typeOf = (f: DriveFile): string => {
  if (f.mimeType === FOLDER_MIME) return 'Folder';
  if (f.mimeType === SPREADSHEET_MIME) return 'Google Sheets';
  if (f.mimeType.startsWith('application/vnd.google-apps.')) return `Google ${f.mimeType.slice('application/vnd.google-apps.'.length)}`;
  return f.mimeType;
};

/** Where a file's link goes in the viewer: folders and spreadsheets have a page; other files do not. */
const fileHref = (state: EmulatorState, f: DriveFile): string | undefined =>
  f.mimeType === FOLDER_MIME ? viewerPaths.folder(f.id) : state.spreadsheets.has(f.id) ? viewerPaths.spreadsheet(f.id) : undefined;

/** Folder path from the owner's root down to (not including) the file, first parent each step. */
const ancestors = (state: EmulatorState, f: DriveFile): DriveFile[] => {
  const out: DriveFile[] = [];
  const seen = new Set<string>([f.id]);
  let parentId = f.parents[0];
  while (parentId && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = state.files.get(parentId);
    if (!parent) break;
    out.unshift(parent);
    parentId = parent.parents[0];
  }
  return out;
};

const folderCrumbs = (state: EmulatorState, f: DriveFile): Html[] =>
  ancestors(state, f).map((a) => html`<a href="${viewerPaths.folder(a.id)}">${a.isRoot ? `My Drive (${a.owner})` : a.name}</a>`);

const folderPage = (state: EmulatorState, id: string): Reply => {
  const folder = state.files.get(id);
  if (!folder) return notFound(`No Drive folder with id "${id}".`);
  if (folder.mimeType !== FOLDER_MIME) {
    if (state.spreadsheets.has(id)) return { status: 302, headers: HEADERS, redirect: viewerPaths.spreadsheet(id) };
    return notFound(`"${folder.name}" (${id}) is a file, not a folder.`);
  }
  const children = [...state.files.values()]
    .filter((f) => f.parents.includes(id) && !f.trashed)
    .sort((a, b) => Number(b.mimeType === FOLDER_MIME) - Number(a.mimeType === FOLDER_MIME) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const name = folder.isRoot ? `My Drive (${folder.owner})` : folder.name;
  const rows = children.map((f) => {
    const href = fileHref(state, f);
    return html`<tr data-id="${f.id}"><td>${href ? html`<a href="${href}">${f.name}</a>` : f.name}</td><td>${typeOf(f)}</td><td>${f.owner}</td><td>${when(f.modifiedTime)}</td></tr>`;
  });
  const body = html`<h1>${name}</h1>
<p class="meta">Folder · owner ${folder.owner}${folder.trashed ? ' · in the trash' : ''} · id <code>${folder.id}</code></p>
${
  children.length
    ? html`<table class="files"><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Owner</th><th scope="col">Modified</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="empty">This folder is empty.</p>`
}`;
  return page(200, name, body, [...folderCrumbs(state, folder), html`${name}`]);
};

// ---------------------------------------------------------------- Sheets

/** What a person sees in the cell: a formula's result (HYPERLINK shows its label, as text here). */
const cellText = (value: CellValue | undefined): string => String(cellToApi(value ?? null, 'FORMATTED_VALUE'));

const spreadsheetPage = (state: EmulatorState, id: string, tabParam: string | null): Reply => {
  const spreadsheet = state.spreadsheets.get(id);
  if (!spreadsheet) return notFound(`No spreadsheet with id "${id}".`);
  const file = state.files.get(id);
  const title = file?.name ?? 'Untitled spreadsheet';
  const tabs = [...spreadsheet.sheets].sort((a, b) => a.properties.index - b.properties.index);
  const sheet = tabParam === null ? tabs[0] : tabs.find((t) => t.properties.title === tabParam);
  if (!sheet) return notFound(`Spreadsheet "${title}" has no tab "${tabParam ?? ''}".`);

  const tabLinks = tabs.map(
    (t) =>
      html`<li><a href="${viewerPaths.spreadsheet(id, t.properties.title)}"${t === sheet ? html` aria-current="page"` : ''}>${t.properties.title}${t.properties.hidden ? ' (hidden)' : ''}</a></li>`,
  );
  // Trailing empty rows and cells are not shown; the grid is as wide as its widest row.
  let rowCount = sheet.cells.length;
  while (rowCount > 0 && (sheet.cells[rowCount - 1] ?? []).every((v) => cellText(v) === '')) rowCount--;
  const shownRows = Math.min(rowCount, VIEWER_MAX_ROWS);
  let columnCount = 0;
  for (let r = 0; r < shownRows; r++) {
    const row = sheet.cells[r] ?? [];
    for (let c = row.length - 1; c >= columnCount; c--) {
      if (cellText(row[c]) !== '') {
        columnCount = c + 1;
        break;
      }
    }
  }
  const shownColumns = Math.min(columnCount, VIEWER_MAX_COLUMNS);
  const letters = Array.from({ length: shownColumns }, (_, c) => columnLetters(c));
  const head = html`<thead><tr><th scope="col" aria-label="Row"></th>${letters.map((l) => html`<th scope="col">${l}</th>`)}</tr></thead>`;
  const bodyRows = Array.from({ length: shownRows }, (_, r) => {
    const row = sheet.cells[r] ?? [];
    return html`<tr><th scope="row">${r + 1}</th>${letters.map((_, c) => html`<td>${cellText(row[c])}</td>`)}</tr>`;
  });
  const cut = rowCount > shownRows || columnCount > shownColumns;
  const crumbs = file ? [...ancestors(state, file).map((a) => html`<a href="${viewerPaths.folder(a.id)}">${a.isRoot ? `My Drive (${a.owner})` : a.name}</a>`), html`${title}`] : [html`${title}`];
  const body = html`<h1>${title}</h1>
<p class="meta">Spreadsheet${file ? html` · owner ${file.owner}` : ''} · id <code>${id}</code> · ${rowCount} row${rowCount === 1 ? '' : 's'} with data in "${sheet.properties.title}"</p>
<nav aria-label="Tabs"><ul class="tabs">${tabLinks}</ul></nav>
${
  shownRows && shownColumns
    ? html`<table class="grid" aria-label="${sheet.properties.title}">${head}<tbody>${bodyRows}</tbody></table>`
    : html`<p class="empty">This tab is empty.</p>`
}
${cut ? html`<p class="meta">Showing the first ${shownRows} rows and ${shownColumns} columns.</p>` : ''}`;
  return page(200, `${title} – ${sheet.properties.title}`, body, crumbs);
};

// ---------------------------------------------------------------- Gmail

const headerRow = (name: string, value: string | string[]) => {
  const text = Array.isArray(value) ? value.filter((v) => v.trim() !== '').join(', ') : value;
  return text ? html`<dt>${name}</dt><dd>${text}</dd>` : '';
};

const messageView = (m: StoredMessage) =>
  html`<article class="message" data-message-id="${m.id}" aria-label="${m.subject || '(no subject)'}">
<dl class="headers">${headerRow('From', m.from)}${headerRow('To', m.to)}${headerRow('Cc', m.cc)}${headerRow('Date', when(m.internalDate))}${headerRow('Subject', m.subject || '(no subject)')}${headerRow('Labels', m.labelIds.join(', '))}</dl>
<pre class="body">${m.body}</pre>
</article>`;

const threadPage = (state: EmulatorState, mailboxParam: string, threadId: string): Reply => {
  const mailbox = state.mailboxes.get(mailboxParam.toLowerCase());
  if (!mailbox) return notFound(`No mailbox "${mailboxParam}".`);
  const messages = mailbox.threads.get(threadId);
  if (!messages?.length) return notFound(`No thread "${threadId}" in ${mailbox.email}.`);
  // Stored oldest first; sorted again so the page never depends on insertion order.
  const ordered = [...messages].sort((a, b) => a.internalDate - b.internalDate || a.historyId - b.historyId);
  const subject = ordered[0]!.subject || '(no subject)';
  const body = html`<h1>${subject}</h1>
<p class="meta">Thread <code>${threadId}</code> in ${mailbox.email} · ${ordered.length} message${ordered.length === 1 ? '' : 's'}, oldest first</p>
${ordered.map(messageView)}`;
  return page(200, subject, body, [html`<a href="${viewerPaths.mailbox(mailbox.email)}">${mailbox.email}</a>`, html`${subject}`]);
};

const MAILBOX_LIST_LIMIT = 500;

const mailboxPage = (state: EmulatorState, mailboxParam: string): Reply => {
  const mailbox = state.mailboxes.get(mailboxParam.toLowerCase());
  if (!mailbox) return notFound(`No mailbox "${mailboxParam}".`);
  const threads = [...mailbox.threads.entries()]
    .filter(([, messages]) => messages.length > 0)
    .map(([id, messages]) => ({ id, first: messages[0]!, last: messages[messages.length - 1]!, count: messages.length }))
    .sort((a, b) => b.last.internalDate - a.last.internalDate);
  const rows = threads
    .slice(0, MAILBOX_LIST_LIMIT)
    .map(
      (t) =>
        html`<tr><td><a href="${viewerPaths.thread(mailbox.email, t.id)}">${t.first.subject || '(no subject)'}</a></td><td>${t.last.from}</td><td>${t.count}</td><td>${when(t.last.internalDate)}</td></tr>`,
    );
  const body = html`<h1>${mailbox.email}</h1>
<p class="meta">${threads.length} thread${threads.length === 1 ? '' : 's'}, newest first${threads.length > MAILBOX_LIST_LIMIT ? ` (first ${MAILBOX_LIST_LIMIT} shown)` : ''}</p>
${
  threads.length
    ? html`<table class="files"><thead><tr><th scope="col">Subject</th><th scope="col">Last from</th><th scope="col">Messages</th><th scope="col">Last message</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p class="empty">No mail.</p>`
}`;
  return page(200, mailbox.email, body, [html`${mailbox.email}`]);
};

// ---------------------------------------------------------------- home

const homePage = (state: EmulatorState): Reply => {
  const emails = [...new Set([...state.accounts.keys(), ...state.mailboxes.keys()])].sort();
  const rows = emails.map((email) => {
    const root = [...state.files.values()].find((f) => f.isRoot && f.owner === email);
    const mailbox = state.mailboxes.get(email);
    return html`<tr><td>${state.accounts.get(email)?.name ?? ''}</td><td>${email}</td><td>${root ? html`<a href="${viewerPaths.folder(root.id)}">My Drive</a>` : ''}</td><td>${mailbox ? html`<a href="${viewerPaths.mailbox(email)}">Mail (${mailbox.threads.size} threads)</a>` : ''}</td></tr>`;
  });
  const body = html`<h1>Google emulator</h1>
<p class="meta">What the emulator holds, read-only: ${state.files.size} Drive files, ${state.spreadsheets.size} spreadsheets.</p>
<table class="files"><thead><tr><th scope="col">Name</th><th scope="col">Account</th><th scope="col">Drive</th><th scope="col">Gmail</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page(200, 'Google emulator', body);
};

// ---------------------------------------------------------------- routing

const segment = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

/** The viewer's answer to a request under /viewer (GET or HEAD; anything else is 405). */
export const viewerReply = (state: EmulatorState, method: string, url: URL): Reply => {
  if (method !== 'GET' && method !== 'HEAD') return { ...page(405, 'Method not allowed', html`<h1>Method not allowed</h1><p>The viewer is read-only.</p>`), headers: { ...HEADERS, allow: 'GET, HEAD' } };
  const rest = url.pathname.slice(VIEWER_PREFIX.length);
  if (rest === '') return { status: 302, headers: HEADERS, redirect: viewerPaths.home() };
  if (rest === '/') return homePage(state);
  const parts = rest.slice(1).split('/').map(segment);
  if (parts.some((p) => p === undefined || p === '')) return notFound(`No page at ${url.pathname}.`);
  const [a, b, c, d, ...more] = parts as string[];
  if (a === 'drive' && b === 'folders' && c !== undefined && d === undefined) return folderPage(state, c);
  if (a === 'spreadsheets' && b !== undefined && (c === undefined || (c === 'edit' && d === undefined))) return spreadsheetPage(state, b, url.searchParams.get('tab'));
  if (a === 'mail' && b !== undefined && c === undefined) return mailboxPage(state, b);
  if (a === 'mail' && b !== undefined && c === 'thread' && d !== undefined && more.length === 0) return threadPage(state, b, d);
  return notFound(`No page at ${url.pathname}.`);
};
