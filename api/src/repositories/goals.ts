import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { goals } from '../db/schema.js';

export type GoalDto = { startWeightKg: number; targetWeightKg: number; startDate: string; targetDate: string };

const cols = {
  startWeightKg: goals.startWeightKg,
  targetWeightKg: goals.targetWeightKg,
  startDate: goals.startDate,
  targetDate: goals.targetDate,
};

export const findGoal = async (db: Db, userId: string): Promise<GoalDto | undefined> =>
  (await db.select(cols).from(goals).where(eq(goals.userId, userId)).limit(1))[0];

/** Creates or replaces the user's one goal (INSERT … ON CONFLICT (user_id)). */
export async function saveGoal(db: Db, userId: string, g: GoalDto, now: Date): Promise<GoalDto> {
  const rows = await db
    .insert(goals)
    .values({ userId, ...g, updatedAt: now })
    .onConflictDoUpdate({ target: goals.userId, set: { ...g, updatedAt: now } })
    .returning(cols);
  return rows[0]!;
}
