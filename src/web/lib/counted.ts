/** "1 review", "1,420 readings": a count with its noun, singular for one. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
