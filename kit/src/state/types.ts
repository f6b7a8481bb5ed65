import type { ColorScheme, Gender, Role, User } from '@app/contract';
import type { WeekStartsOn } from '../domain/dates';
import type { UnitSystem } from '../domain/units';

export type { ColorScheme, Gender, Role, UnitSystem, User, WeekStartsOn };
