/**
 * What a root cause's row says of a situation beyond its answers (causes.ts marks them): "follows
 * from Terrain cost: Shell hole" where another change explains it, "asl-a4 2 MF at sl-classic's
 * Terrain cost: Shell hole" where its answer also turns on another change. Plain text: each format
 * escapes it.
 */

import type { Situation } from "./situations.js";

export function causeWords(sit: Situation): string[] {
  if (sit.follows !== undefined && sit.follows.length > 0)
    return [`follows from ${sit.follows.join(" and ")}`];
  const apart = sit.apart;
  if (apart === undefined) return [];
  const answers = Object.entries(apart.display).map(([id, d]) => `${id} ${d}`);
  return [`${answers.join(", ")} at ${apart.from}'s ${apart.causes.join(" and ")}`];
}
