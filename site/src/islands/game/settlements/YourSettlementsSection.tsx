import { useStore } from '@nanostores/react';
import { withNews } from '../../../game/notices/notices.ts';
import { $manageBadge } from '../../../game/notices/wire.ts';
import { Section } from '../Section.tsx';
import { YourSettlements } from './YourSettlements.tsx';

/** The sidebar's Your Settlements (where invitations are answered), with the Manage badge's count beside its title. */
export function YourSettlementsSection() {
  const news = useStore($manageBadge);
  return (
    <Section
      title="Your Settlements"
      label={withNews('Your Settlements', news)}
      badge={
        news > 0 ? (
          <span className="chat-unread" aria-hidden="true" data-testid="manage-badge">
            {news}
          </span>
        ) : null
      }
    >
      <YourSettlements />
    </Section>
  );
}
