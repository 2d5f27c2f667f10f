import type { ChatMessage } from '../../../../../api/contract/protocol.ts';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** One message: sender and text, as text nodes only (a message is never markup); a nearby one says so. */
export function ChatLine({ message, time = false }: { message: ChatMessage; time?: boolean }) {
  return (
    <>
      {time && (
        <time className="chat-line__time" dateTime={message.createdAt}>
          {clock.format(new Date(message.createdAt))}
        </time>
      )}
      {message.channel === 'nearby' && <span className="chat-line__channel">nearby</span>}
      <span className="chat-line__name">{message.displayName}</span>
      <span className="chat-line__text">{message.message}</span>
    </>
  );
}
