/**
 * Full page navigations (sign-in, reload after logout or agency switch) go through here, so
 * tests can observe them: jsdom cannot navigate and its location cannot be stubbed.
 */
export const browserLocation = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
  reload: () => window.location.reload(),
};
