import { useStore } from '@nanostores/react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX } from '../../../../../api/game/chat.ts';
import { nextChangeIn, overlayAt } from '../../../game/chat/overlay.ts';
import { CHAT_UI_TEXT, inputLabel, inputPlaceholder } from '../../../game/chat/text.ts';
import { $chatActions } from '../../../game/chat/wire.ts';
import { isTypingTarget } from '../../../game/map/input.ts';
import { $chatArrivals, $chatChannel, $chatSending, $visibleChat } from '../../../stores/chat.ts';
import { $mobilePanel } from '../../../stores/game.ts';
import { ChannelPicker } from './ChannelPicker.tsx';
import { ChatLine } from './ChatLine.tsx';
import { useNow } from './useNow.ts';
import './chat.css';

/** The phone layout uses the Chat panel instead (the overlay's CSS hides it there too). */
const PHONE = '(max-width: 767px)';

/**
 * Enter opens the radio unless it belongs to something else: a field, a button or link it would press, a modal
 * dialog. A non-modal one (the first-run guide, which takes focus when it appears) does not keep it.
 */
function opensChat(e: KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.repeat || e.isComposing || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
  const target = e.target as HTMLElement | null;
  if (isTypingTarget(target)) return false;
  if (target && typeof target.closest === 'function' && target.closest('button, a[href], [role="button"], [aria-modal="true"]'))
    return false;
  return !window.matchMedia(PHONE).matches;
}

/**
 * The desktop radio over the map (spec): Enter opens an input, Enter sends, Escape closes; new messages float up,
 * the latest few at a time, fading and then gone. While the input has focus the map ignores the keys
 * (map/input.ts skips form controls), so typing "w" writes a w.
 */
export function ChatOverlay() {
  const arrivals = useStore($chatArrivals);
  const visible = useStore($visibleChat);
  const actions = useStore($chatActions);
  const sending = useStore($chatSending);
  const channel = useStore($chatChannel);
  const phonePanel = useStore($mobilePanel);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const now = useNow((t) => nextChangeIn(arrivals, t), [arrivals]);
  const byId = useMemo(() => new Map(visible.map((m) => [m.id, m])), [visible]);
  const lines = overlayAt(arrivals, now, (id) => byId.has(id));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opensChat(e)) return;
      e.preventDefault();
      // Already open with a draft but clicked away from: Enter goes back to it.
      setOpen(true);
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setText('');
  };
  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      // Enter on an empty line closes, as in most game chats; anything else goes to the server.
      if (text.trim() === '') return close();
      void actions?.send(text).then((sent) => sent && setText(''));
    }
  };

  // On a phone the floats show while the Chat sheet is closed (it lists them itself when open); typing is the sheet's.
  return (
    <div className="chat-overlay" data-testid="chat-overlay" data-phone-sheet={phonePanel === 'chat' ? 'chat' : undefined}>
      <ol className="chat-overlay__lines" aria-label="Chat" aria-live="polite">
        {lines.map((line) => {
          const m = byId.get(line.id);
          return m ? (
            <li key={line.id} className={`chat-float chat-float--${line.phase}`} data-phase={line.phase}>
              <ChatLine message={m} />
            </li>
          ) : null;
        })}
      </ol>
      {open && (
        <div ref={panel} className="chat-overlay__input wl-panel">
          <ChannelPicker />
          <input
            ref={input}
            className="wl-input"
            aria-label={inputLabel(channel)}
            placeholder={inputPlaceholder(channel)}
            maxLength={CHAT_MESSAGE_MAX}
            value={text}
            disabled={!actions}
            aria-busy={sending}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            // Choosing the channel moves focus inside the box: that is no reason to close it.
            onBlur={(e) => text.trim() === '' && !panel.current?.contains(e.relatedTarget as Node | null) && close()}
          />
          <p className="chat-overlay__help wl-muted">{CHAT_UI_TEXT.overlayHint}</p>
        </div>
      )}
    </div>
  );
}
