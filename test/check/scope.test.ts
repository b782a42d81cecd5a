/**
 * The symbol table (check/scope.ts): the enums that have a member, found by a scan of the enums for
 * the first few lookups and by an index of every member after, give the same answers in file order.
 */
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/index.js";
import { resolve } from "../../compiler/front/resolve.js";
import { Scope } from "../../compiler/front/check/scope.js";

const text = `ruleset scope "Scope"

measure MF [1.1] "movement factors"

enum terrain [1.2] "terrain" {
  open "Open"
  woods "Woods"
}
enum weather [1.3] "weather" {
  clear "Clear"
  woods "Woods in the wind"
  open "Open sky"
}
enum kind [1.4] "kinds" {
  squad "Squad"
  __proto__ "Odd"
}
`;

/** What `enumsWith` answers for each name, in one scope: the first lookups scan, the later read an index. */
function answers(names: string[]): (readonly string[])[] {
  const merged = resolve(parse(text, "scope.rules").ast, () => null).merged!;
  const scope = new Scope(merged);
  return names.map((n) => scope.enumsWith(n));
}

describe("Scope.enumsWith", () => {
  const names = ["open", "woods", "clear", "squad", "__proto__", "constructor", "nothing"];
  const want = [
    ["terrain", "weather"],
    ["terrain", "weather"],
    ["weather"],
    ["kind"],
    ["kind"],
    [],
    [],
  ];

  it("answers in file order, by a scan and past the scans by the index alike", () => {
    // Three rounds of seven lookups: the first eight scan the enums, the rest read the index.
    const got = answers([...names, ...names, ...names]);
    expect(got).toEqual([...want, ...want, ...want]);
  });
});
