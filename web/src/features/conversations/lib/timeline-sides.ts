import { normalizeEmailAddress } from '../../../../../shared/email-address';
import { parseManagerCell } from '../../../../../shared/manager';
import type { ConversationJson, ConversationMessageJson, Side } from '../../../../../shared/schemas/conversations';
import { SIDE_LABELS } from './format';

/**
 * Who wrote a timeline message, in the words a partnerships team uses: the talent, their manager
 * (by name), the manager's colleague, the client, the agency. The server says which side a sender
 * is on; the talent side covers the talent, the manager and the manager's colleagues, so the
 * contact's own address and Manager cell tell them apart here. A sender the server could not place
 * (a side read before the contact was tracked) is still named when it is the talent or the manager.
 * Not in spec.
 */
export type SenderKind = 'talent' | 'manager' | 'manager_colleague' | Exclude<Side, 'talent' | 'unknown'> | 'other';

export type Sender = { kind: SenderKind; label: string };

export const SENDER_LABELS: Readonly<Record<Exclude<SenderKind, 'manager'>, string>> = {
  talent: SIDE_LABELS.talent,
  manager_colleague: "Manager's colleague",
  agency: SIDE_LABELS.agency,
  internal: SIDE_LABELS.internal,
  client: SIDE_LABELS.client,
  other: 'Someone else',
};

/** "Manager · Jane Doe", or "Manager" when the Manager cell names nobody. */
export const managerLabel = (name: string): string => (name ? `Manager · ${name}` : 'Manager');

const ADDRESS_IN_ANGLES = /<([^<>]+)>\s*$/;

/** The From line's address and display name ("Jane Doe <jane@mgmt.com>" → both). */
const fromParts = (from: string): { address: string; name: string } => {
  const angled = ADDRESS_IN_ANGLES.exec(from);
  if (angled) return { address: normalizeEmailAddress(angled[1] ?? ''), name: from.slice(0, angled.index).trim().replace(/^"|"$/g, '') };
  return from.includes('@') ? { address: normalizeEmailAddress(from), name: '' } : { address: '', name: from.trim() };
};

const fold = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export const senderOf = (message: Pick<ConversationMessageJson, 'from' | 'side'>, conversation: Pick<ConversationJson, 'contact_email' | 'email_owner'>): Sender => {
  const side = message.side;
  if (side === 'agency' || side === 'internal' || side === 'client') return { kind: side, label: SENDER_LABELS[side] };
  const from = fromParts(message.from);
  const talent = normalizeEmailAddress(conversation.contact_email ?? '');
  if (from.address && from.address === talent) return { kind: 'talent', label: SENDER_LABELS.talent };
  const manager = parseManagerCell(conversation.email_owner);
  if ((manager.address && from.address === manager.address) || (manager.name && from.name && fold(from.name) === fold(manager.name))) {
    return { kind: 'manager', label: managerLabel(manager.name || from.name) };
  }
  // Whoever else the server put on the talent side is at the manager's own domain: a colleague
  // (a needs-assignment conversation has no talent yet to tell them from).
  if (side === 'talent' && !talent) return { kind: 'talent', label: SENDER_LABELS.talent };
  if (side === 'talent') return { kind: 'manager_colleague', label: SENDER_LABELS.manager_colleague };
  return { kind: 'other', label: SENDER_LABELS.other };
};
