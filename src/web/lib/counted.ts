import { formatCount } from '@shared/count-format';

/** "1 review", "1,420 readings": a count with its noun, singular for one. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
