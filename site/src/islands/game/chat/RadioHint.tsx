import { useStore } from '@nanostores/react';
import { CHAT_TEXT } from '../../../../../api/game/chat.ts';
import { $chatChannel } from '../../../stores/chat.ts';
import { $equipment, $gear } from '../../../stores/equipment.ts';

/**
 * Said before sending on the radio, from what the survivor wears (api/game/equipment.ts hasRadio); the server still
 * decides. Nearby needs no radio: nothing to say then.
 */
export function RadioHint() {
  const worn = useStore($equipment);
  const gear = useStore($gear);
  const channel = useStore($chatChannel);
  if (channel !== 'radio' || worn.status !== 'ready' || gear.radio) return null;
  return (
    <p className="chat-hint" data-testid="chat-no-radio">
      {CHAT_TEXT.noRadio}
    </p>
  );
}
