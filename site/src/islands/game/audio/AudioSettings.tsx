import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP, VOLUMES, type Volume } from '../../../lib/audio-rules.ts';
import { $audioSettings, setMuted, setVolume } from '../../../stores/audio.ts';
import './audio.css';

const LABELS: Record<Volume, string> = {
  master: 'Master volume',
  sfx: 'Effects volume',
  music: 'Music & ambience volume',
};

const percent = (v: number) => `${Math.round(v * 100)}%`;

/** The three volume sliders (0–1 in steps of 0.1) and the mute switch; they write the persisted settings store. */
export function AudioSettings() {
  const settings = useStore($audioSettings);
  const id = useId();
  return (
    <div className="game-audio">
      {VOLUMES.map((v) => (
        <div key={v} className="game-audio__row">
          <label htmlFor={`${id}-${v}`}>{LABELS[v]}</label>
          <input
            id={`${id}-${v}`}
            type="range"
            min={VOLUME_MIN}
            max={VOLUME_MAX}
            step={VOLUME_STEP}
            value={settings[v]}
            aria-valuetext={percent(settings[v])}
            onChange={(e) => setVolume(v, Number(e.currentTarget.value))}
          />
          <output htmlFor={`${id}-${v}`} className="game-audio__value">
            {percent(settings[v])}
          </output>
        </div>
      ))}
      <label className="game-audio__mute">
        <input
          type="checkbox"
          role="switch"
          checked={settings.muted}
          aria-checked={settings.muted}
          onChange={(e) => setMuted(e.currentTarget.checked)}
        />
        Mute all sound
      </label>
    </div>
  );
}
