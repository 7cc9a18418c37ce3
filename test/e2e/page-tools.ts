import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What the e2e suites do inside a page: call the API as the signed-in person does, and ask
 * axe-core for the serious and critical findings.
 */
export type PageApiAnswer<T> = { status: number; body: T };

/** An API call from inside the page: its session cookie and the CSRF header the server requires. */
export const callPageApi = <T = Record<string, unknown>>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'threadline' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  ) as Promise<PageApiAnswer<T>>;

export type AxeFinding = { id: string; impact: string | null | undefined; target: string; html: string; summary: string };

/**
 * axe-core in the page (evaluated over CDP, so the page's CSP does not apply to it): its serious
 * and critical findings, on the whole page or inside `include` (a CSS selector), optionally only
 * for some rule tags.
 */
export const seriousAxeFindings = async (page: Page, options: { include?: string; tags?: string[] } = {}): Promise<AxeFinding[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async ({ include, tags }) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(include ? { include: [[include]] } : document, {
      resultTypes: ['violations'],
      ...(tags ? { runOnly: { type: 'tag' as const, values: tags } } : {}),
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) =>
        violation.nodes.map((node) => ({
          id: violation.id,
          impact: violation.impact,
          target: node.target.join(' '),
          html: node.html.slice(0, 200),
          summary: node.failureSummary?.slice(0, 300) ?? '',
        })),
      );
  }, options);
};
