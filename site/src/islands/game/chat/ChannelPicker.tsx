import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { CHAT_TEXT, type ChatChannel } from '../../../../../api/game/chat.ts';
import { CHANNEL_LABEL } from '../../../game/chat/text.ts';
import { $chatChannel, $chatChannelPick } from '../../../stores/chat.ts';
import { $equipment, $gear } from '../../../stores/equipment.ts';

/**
 * Nearby or Radio, as two radio buttons: Nearby by default without a Portable Radio, Radio with one; a pick holds
 * for the session. Without a radio worn, Radio cannot be picked and the reason stands beside it, so nobody types a
 * message that can only be refused (api/game/equipment.ts hasRadio; the server still decides).
 */
export function ChannelPicker() {
  const channel = useStore($chatChannel);
  const gear = useStore($gear);
  const worn = useStore($equipment);
  const name = useId();
  const hintId = useId();
  const noRadio = worn.status === 'ready' && !gear.radio;
  const option = (value: ChatChannel, disabled: boolean) => (
    <label
      className={`chat-channel__option${channel === value ? ' chat-channel__option--on' : ''}${disabled ? ' chat-channel__option--off' : ''}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={channel === value}
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        onChange={() => $chatChannelPick.set(value)}
      />
      {CHANNEL_LABEL[value]}
    </label>
  );
  return (
    <>
      <fieldset className="chat-channel" data-testid="chat-channel">
        <legend className="wl-visually-hidden">Channel</legend>
        {option('nearby', false)}
        {option('radio', !gear.radio)}
      </fieldset>
      {noRadio && (
        <p id={hintId} className="chat-hint" data-testid="chat-no-radio">
          {CHAT_TEXT.noRadio}
        </p>
      )}
    </>
  );
}
