import { useStore } from '@nanostores/react';
import { $results } from '../../stores/actions.ts';
import { ItemList } from './actions/ItemList.tsx';
import './actions/actions.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The latest scavenge and forage results, newest first: what was found, where, and what is left. */
export function ScavengeResultsPanel() {
  const results = useStore($results);
  if (results.length === 0)
    return (
      <p className="wl-muted game-slot" data-slot="scavenge-results">
        Nothing scavenged yet.
      </p>
    );
  return (
    <ol className="act-results" aria-label="Latest results" data-slot="scavenge-results">
      {results.map((r) => (
        <li key={r.id} className="act-results__entry">
          <p className="act-results__head">
            <strong>{r.kind === 'scavenge' ? 'Scavenged' : 'Foraged'}</strong>
            <time dateTime={r.at}>{timeFormat.format(new Date(r.at))}</time>
            <span className="act-results__place">{r.place}</span>
          </p>
          {r.items.length > 0 ? <ItemList items={r.items} /> : <p className="act-hint wl-muted">Nothing found.</p>}
          <p className="act-hint wl-muted">{r.note}</p>
        </li>
      ))}
    </ol>
  );
}
