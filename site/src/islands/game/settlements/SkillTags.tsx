import { type NpcSkill, SKILL_EFFECTS, SKILL_LABELS } from '../../../../../api/game/npc-skills.ts';

/** An NPC's skills as tags, each with what it does (a tooltip and, for screen readers, the words). */
export function SkillTags({ skills }: { skills: readonly NpcSkill[] | undefined }) {
  if (!skills?.length) return null;
  return (
    <span className="npc-skills" data-testid="npc-skills">
      {skills.map((s) => (
        <span key={s} className="npc-skill" title={`${SKILL_LABELS[s]}: ${SKILL_EFFECTS[s]}`}>
          {SKILL_LABELS[s]}
          <span className="wl-visually-hidden">: {SKILL_EFFECTS[s]}</span>
        </span>
      ))}
    </span>
  );
}
