/** A whole-page message with the way home: used for 'Authentication Required' and 'Connection Error'. */
export function Notice({ title, message }: { title: string; message: string }) {
  return (
    <div className="wl-panel lobby-notice" role={title === 'Connection Error' ? 'alert' : undefined}>
      <h1>{title}</h1>
      <p>{message}</p>
      <a className="wl-button" href="/">
        Return to Home
      </a>
    </div>
  );
}
