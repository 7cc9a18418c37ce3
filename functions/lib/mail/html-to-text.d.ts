// html-to-text ships no types; this covers the part of its API we call.
declare module 'html-to-text' {
  export type SelectorDefinition = { selector: string; format?: string; options?: Record<string, unknown> };
  export type HtmlToTextOptions = {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
    [option: string]: unknown;
  };
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
