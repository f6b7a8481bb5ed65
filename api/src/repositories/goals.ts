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

/**
 * Changes the user's goal in one transaction that holds its row (SELECT … FOR UPDATE) from the read to the write, so
 * two partial changes at once each apply to what the other saved instead of one overwriting the other. `merge` gets
 * the current goal (undefined when there is none) and returns the goal to save, or throws to refuse the change
 * (nothing is written).
 */
export async function changeGoal(db: Db, userId: string, merge: (current: GoalDto | undefined) => GoalDto, now: Date): Promise<GoalDto> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(cols).from(goals).where(eq(goals.userId, userId)).for('update');
    return saveGoal(tx, userId, merge(current), now);
  });
}
