import { timelineText } from './timeline-text';

export type BackLink = { to: string; label: string };

const PAGES: readonly { path: RegExp; label: string }[] = [
  { path: /^\/campaigns\/[^/?#]+(?:[?#]|$)/, label: timelineText.backTo.board },
  { path: /^\/queues(?:[?#]|$)/, label: timelineText.backTo.queues },
  { path: /^\/contacts(?:[?#]|$)/, label: timelineText.backTo.contacts },
  { path: /^\/(?:[?#]|$)/, label: timelineText.backTo.dashboard },
];

/**
 * Where the timeline's back link goes: the page the person came from (a board with its filters,
 * the queues, the dashboard, the contacts), or the contacts when they opened the timeline directly.
 */
export const timelineBackLink = (previous: string | null): BackLink => {
  const page = previous ? PAGES.find(({ path }) => path.test(previous)) : undefined;
  return page && previous ? { to: previous, label: page.label } : { to: '/contacts', label: timelineText.backTo.contacts };
};
