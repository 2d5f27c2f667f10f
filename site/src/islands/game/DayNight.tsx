import { useStore } from '@nanostores/react';
import { $time } from '../../stores/game.ts';
import { Tooltip } from './Tooltip.tsx';

/** Sun or moon with the in-game clock (from /api/time and the socket's time_update). */
export function DayNight() {
  const time = useStore($time);
  if (!time) return null;
  const label = time.isDay ? 'Day' : 'Night';
  return (
    <Tooltip label={`${label}: vision ×${time.visionMultiplier}`}>
      <p className={`game-daynight game-daynight--${time.isDay ? 'day' : 'night'}`}>
        {time.isDay ? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
          </svg>
        ) : (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
          </svg>
        )}
        <span>
          <span className="game-daynight__label">{label} </span>
          <span data-testid="game-time">{time.timeString}</span>
        </span>
      </p>
    </Tooltip>
  );
}
