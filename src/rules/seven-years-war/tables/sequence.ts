/** The sequence of play as data. SYW (2) Sequence of play (p.5). */
export type PhaseStep = 'commandChanges' | 'movement' | 'shootingPhasing' | 'shootingNonPhasing' | 'chargeMoves' | 'closeCombat';

export interface StepSpec {
  readonly id: PhaseStep;
  readonly name: string;
  /** Whose commands the step accepts. */
  readonly actor: 'phasing' | 'nonPhasing' | 'both';
  readonly rule: string;
}

const S = 'SYW (2) Sequence of play (p.5)';
/** Each game turn is two alternating phases, attacker first; each phase runs these steps. */
export const PHASE_STEPS: readonly StepSpec[] = [
  { id: 'commandChanges', name: '(1) Command changes', actor: 'phasing', rule: S },
  { id: 'movement', name: '(2) Movement, testing to charge', actor: 'phasing', rule: S },
  { id: 'shootingPhasing', name: '(3) Shooting (phasing player)', actor: 'phasing', rule: S },
  { id: 'shootingNonPhasing', name: '(4) Shooting (non-phasing player)', actor: 'nonPhasing', rule: S },
  { id: 'chargeMoves', name: '(5) Charge moves', actor: 'phasing', rule: S },
  { id: 'closeCombat', name: '(6) Close combat', actor: 'both', rule: S },
];
export const PHASES_PER_TURN = 2;
