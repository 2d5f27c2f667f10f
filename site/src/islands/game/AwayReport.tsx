import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { awayFor, reportLines } from '../../game/report/report.ts';
import { $awayReport, $awayReportOpen } from '../../stores/report.ts';
import { Modal } from './settlements/Modal.tsx';
import './notifications.css';

/**
 * "While You Were Away": one screen with what happened at each of the survivor's settlements during the absence
 * (the server's numbers, GET /api/player/report). It opens by itself after a long absence, and from the bell.
 */
export function AwayReport() {
  const report = useStore($awayReport);
  const open = useStore($awayReportOpen);
  const titleId = useId();
  const bodyId = useId();
  if (!report || !open) return null;
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} onClose={() => $awayReportOpen.set(false)} testId="away-report">
      {(close) => (
        <>
          <h2 id={titleId}>While You Were Away</h2>
          <p id={bodyId} className="wl-muted">
            {awayFor(report.awayMs)} away, since{' '}
            {new Date(report.since).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}.
          </p>
          <div className="away-report__settlements">
            {report.settlements.map((s) => {
              const lines = reportLines(s);
              return (
                <section key={s.settlementId} className="away-report__settlement" aria-label={s.settlementName}>
                  <h3>{s.settlementName}</h3>
                  {lines.length === 0 ? (
                    <p className="wl-muted">All quiet.</p>
                  ) : (
                    <ul data-testid="away-report-lines">
                      {lines.map((l, i) => (
                        // Two raids can read alike: the line's place is its key.
                        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are rebuilt whole, never reordered
                        <li key={i}>{l}</li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </div>
          <div className="stl-dialog__buttons">
            <button type="button" className="wl-button wl-button--sm" data-autofocus onClick={close}>
              Got it
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
