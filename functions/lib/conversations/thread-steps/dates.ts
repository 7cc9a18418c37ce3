import type { ParsedMessage } from '../../google/gmail';
import { extractDates, type DatedMessage } from '../analyse';
import { agencyLocale } from '../regional-settings';
import type { SideContext } from './attribute';
import { promptOfParsed } from './prompt-messages';
import type { ThreadWork } from './types';

/** Step 5, dates: key dates of the fresh human messages (auto-replies' return dates are no deal dates), each cited to its message. */
export const findDates = (work: ThreadWork, fresh: ParsedMessage[], sideContext: SideContext) => {
  const dated: DatedMessage[] = fresh
    .filter((m) => m.autoReply === 'none')
    .map((m, i) => ({
      prompt: promptOfParsed(m, i + 1, sideContext),
      messageId: m.messageId,
      ownText: m.ownText,
      fullText: m.text,
      fromEmail: m.from?.email ?? '',
      sentAt: m.internalDate,
    }));
  return extractDates(work.call, work.settings, dated, agencyLocale(work.settings));
};
