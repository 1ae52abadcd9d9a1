/** Messages between the page and the AI worker (aiWorker.ts). */
import type { Command } from '../engine/command';
import type { SideId } from '../engine/model';
import type { View } from '../ai/player';
import type { AiLevel } from './playStore';

export interface AiRequest {
  readonly id: number;
  readonly rulesetId: string;
  /** Which battle (a new battle makes a new player). */
  readonly battleKey: string;
  readonly side: SideId;
  readonly level: AiLevel;
  readonly seed: number;
  readonly budgetMs: number;
  /** The AI side's view, and nothing else of the game. */
  readonly view: View;
}

export type AiReply = { readonly id: number; readonly command: Command; readonly ms: number } | { readonly id: number; readonly error: string };
