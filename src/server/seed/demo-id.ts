/** The id the seed gave a demo person it names: one it never made is a mistake in the demo's data. */
export function demoId(id: string | undefined, who: string | number): string {
  if (id === undefined) throw new Error(`The demo data names ${JSON.stringify(who)}, whom the seed did not make`);
  return id;
}
