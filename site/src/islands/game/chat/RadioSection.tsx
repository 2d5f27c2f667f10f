import { useStore } from '@nanostores/react';
import { useCallback, useEffect } from 'react';
import { withUnread } from '../../../game/chat/text.ts';
import { $chatUnread, setChatInView } from '../../../stores/chat.ts';
import { Section } from '../Section.tsx';
import { ChatPanel } from './ChatPanel.tsx';

/** The sidebar's Radio section (chat, both channels): the unread count beside its title while it is closed. */
export function RadioSection() {
  const unread = useStore($chatUnread);
  const toggled = useCallback((open: boolean) => setChatInView('sidebar', open), []);
  useEffect(() => () => setChatInView('sidebar', false), []);
  return (
    <Section
      title="Radio"
      defaultOpen={false}
      label={withUnread('Radio', unread)}
      onToggle={toggled}
      badge={
        unread > 0 ? (
          <span className="chat-unread" aria-hidden="true" data-testid="chat-unread">
            {unread}
          </span>
        ) : null
      }
    >
      <ChatPanel />
    </Section>
  );
}
