import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX } from '../../../../../api/game/chat.ts';
import { CHAT_UI_TEXT, inputLabel, inputPlaceholder } from '../../../game/chat/text.ts';
import { $chatActions } from '../../../game/chat/wire.ts';
import { $chatChannel, $chatSending, $visibleChat } from '../../../stores/chat.ts';
import { $me } from '../../../stores/game.ts';
import { ChannelPicker } from './ChannelPicker.tsx';
import { ChatLine } from './ChatLine.tsx';
import { MutedPlayers } from './MutedPlayers.tsx';
import './chat.css';

/**
 * Chat as a panel (the phone's Chat, the sidebar's Radio): every message heard (radio and nearby), with a Mute per
 * sender (not yourself), the channel, the input with Send, and the muted players with Unmute.
 */
export function ChatPanel() {
  const messages = useStore($visibleChat);
  const me = useStore($me);
  const actions = useStore($chatActions);
  const sending = useStore($chatSending);
  const channel = useStore($chatChannel);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);

  // Newest at the bottom, kept in view as messages come in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again whenever the list changes
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void actions?.send(text).then((sent) => sent && setText(''));
  };

  return (
    <div className="chat-panel" data-testid="chat-panel">
      {messages.length === 0 ? (
        <p className="wl-muted chat-panel__empty">{CHAT_UI_TEXT.empty}</p>
      ) : (
        <ol ref={list} className="chat-panel__list" aria-label="Chat messages">
          {messages.map((m) => (
            <li key={m.id} className="chat-panel__line">
              <ChatLine message={m} time />
              {me && m.playerId !== me.id && (
                <button
                  type="button"
                  className="chat-panel__mute"
                  disabled={!actions}
                  aria-label={`Mute ${m.displayName}`}
                  title={`Mute ${m.displayName}`}
                  onClick={() => void actions?.mute({ playerId: m.playerId, name: m.displayName })}
                >
                  Mute
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <ChannelPicker />
      <form className="chat-panel__form" onSubmit={submit}>
        <input
          className="wl-input"
          aria-label={inputLabel(channel)}
          placeholder={inputPlaceholder(channel)}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="wl-button wl-button--sm" disabled={!actions || sending || text.trim() === ''}>
          Send
        </button>
      </form>
      <MutedPlayers />
    </div>
  );
}
