import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { ChatChannel } from '../../../../../api/game/chat.ts';
import { CHANNEL_LABEL } from '../../../game/chat/text.ts';
import { $chatChannel, $chatChannelPick } from '../../../stores/chat.ts';

/**
 * Nearby or Radio, as two radio buttons: Nearby by default without a Portable Radio, Radio with one; a pick holds
 * for the session. The server decides whether the radio may be used (RadioHint says so before sending).
 */
export function ChannelPicker() {
  const channel = useStore($chatChannel);
  const name = useId();
  const option = (value: ChatChannel) => (
    <label className={`chat-channel__option${channel === value ? ' chat-channel__option--on' : ''}`}>
      <input type="radio" name={name} value={value} checked={channel === value} onChange={() => $chatChannelPick.set(value)} />
      {CHANNEL_LABEL[value]}
    </label>
  );
  return (
    <fieldset className="chat-channel" data-testid="chat-channel">
      <legend className="wl-visually-hidden">Channel</legend>
      {option('nearby')}
      {option('radio')}
    </fieldset>
  );
}
