import { useStore } from '@nanostores/react';
import type { CraftQueueView } from '../../../../../api/contract/crafting.ts';
import { jobRows } from '../../../game/crafting/queue.ts';
import { jobStatus } from '../../../game/crafting/text.ts';
import { $craftActions } from '../../../game/crafting/wire.ts';
import { $craftBusy } from '../../../stores/crafting.ts';
import type { Loaded } from '../../../stores/raids.ts';
import { useNow } from '../useNow.ts';

/** The bench's queue in order: each job's product, who queued it, the started one's bar and time left, and Cancel. */
export function CraftQueue({ loaded: q }: { loaded: Loaded<CraftQueueView> | null }) {
  const busy = useStore($craftBusy);
  const actions = useStore($craftActions);
  const jobs = q?.status === 'ready' ? q.value.jobs : [];
  const now = useNow(jobs.length > 0 ? 500 : null);
  if (!q) return <p className="act-hint wl-muted">Loading the bench...</p>;
  if (q.status === 'error') return <p className="act-hint wl-error">Could not load the bench: {q.message}</p>;
  if (jobs.length === 0)
    return (
      <p className="act-hint wl-muted" data-testid="craft-queue-empty">
        The bench is idle.
      </p>
    );
  return (
    <ol className="craft-queue" aria-label="Bench queue" data-testid="craft-queue">
      {jobRows(q.value, now).map((j) => (
        <li key={j.id} className="craft-job" data-testid="craft-job" data-job-id={j.id} data-started={j.started}>
          <div className="craft-job__head">
            <span className="craft-job__name">{j.product}</span>
            <button
              type="button"
              className="wl-button wl-button--sm wl-button--ghost craft-job__cancel"
              aria-label={`Cancel ${j.name}`}
              title="Cancel: every input goes back where it came from"
              disabled={!actions || !!busy}
              onClick={() => void actions?.cancel(j.id)}
            >
              {busy === `cancel:${j.id}` ? 'Cancelling...' : 'Cancel'}
            </button>
          </div>
          {j.started && <progress className="craft-job__bar" max={1} value={j.progress} aria-label={`${j.name}: progress`} />}
          <p className="craft-job__status">
            <span data-testid="craft-job-status">{jobStatus(j)}</span>
            {j.crafter && <span className="wl-muted"> · by {j.crafter}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
