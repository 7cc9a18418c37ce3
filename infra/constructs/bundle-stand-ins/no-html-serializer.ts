/**
 * Stands in for dom-serializer in the Lambda bundles. html-to-text calls it only for its
 * `blockHtml` and `inlineHtml` formats, which keep a fragment as HTML; the product's converter
 * (functions/lib/google/gmail-message.ts) uses neither, and the real one brings a second copy of
 * the HTML entity tables (~60 KB) into every function that reads mail.
 */
export const render = (): never => {
  throw new Error('dom-serializer is not bundled: the blockHtml and inlineHtml formats of html-to-text are not available');
};

export default render;
