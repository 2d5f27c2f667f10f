/** The radio chat panel (mobile bottom bar's Chat, reusable elsewhere): history, input + Send, mutes. */
export function ChatPanel() {
  return <div className="chat-panel" data-testid="chat-panel" />;
}
