/**
 * A synthetic ruleset for the front-end benchmark, shaped like the bundled rulesets: a commented block
 * per variant with an enum, a table with a row citation, a rule with sibling and nested exceptions, a
 * predicate, a constraint and an example — about 4 tokens a line, as in rulesets/*.rules.
 */
export function syntheticRuleset(minLines: number): string {
  const out: string[] = [
    'ruleset synthetic "Synthetic ruleset for the benchmark"',
    "  cites numbered",
    "",
    'measure MF [1.1] "movement factors"',
    'measure PP [1.2] "portage points"',
    "",
    'enum kind [1.3] "kinds of unit" {',
    '  squad "Squad"',
    '  crew "Crew"',
    '  leader "Leader"',
    "}",
    'group MMC [1.3] "multi-man counters" = squad | crew',
    'enum status [1.4] "unit states" {',
    '  inexperienced "Inexperienced"',
    '  broken "Broken"',
    "}",
    'enum terrain [1.5] "terrain" {',
    '  open "Open"',
    '  woods "Woods"',
    "}",
    "",
    "input unit [1.3] {",
    "  kind: kind",
    "  portage: PP = 0",
    "  status: set of status = {}",
    "}",
    "input step [1.5] {",
    "  terrain: terrain",
    "}",
    "",
    'table cost [1.5] "entry cost": terrain -> MF {',
    "  open: 1",
    "  woods: 2",
    "}",
    "",
  ];
  let i = 0;
  while (out.length < minLines) {
    out.push(
      `# Variant ${i}: its own terrain, costs and allowance.`,
      `enum ground-${i} [3.${i}] "ground of variant ${i}" {`,
      `  open-${i} "Open"`,
      `  woods-${i} "Woods"`,
      `  marsh-${i} "Marsh"`,
      "}",
      "",
      `table ground-cost-${i} [3.${i}] "entry cost of variant ${i}": ground-${i} -> MF {`,
      `  open-${i}: 1`,
      `  woods-${i}: 2`,
      `  marsh-${i}: all   [3.${i} EX]`,
      "}",
      "",
      `rule allowance-${i} [2.${i}] "allowance of variant ${i}": MF = 4 {`,
      `  exception [2.${i} A] "inexperienced units move less"`,
      `    when unit.inexperienced and unit.kind in MMC: 3`,
      `  exception [2.${i} B] "leaders move more" when unit.kind == leader: 6 {`,
      `    exception [2.${i} C] "unless overloaded" when unit.portage > 1 PP: base - 1`,
      "  }",
      "}",
      "",
      `predicate may-move-${i} [4.${i}] "broken units stay put": not unit.broken`,
      `constraint carry-${i} [5.${i}] "at most ${(i % 5) + 3} PP": unit.portage <= ${(i % 5) + 3} PP`,
      "",
      `example [2.${i} EX] "a leader of variant ${i}" {`,
      `  unit { kind: leader, portage: 2 }`,
      `  path { terrain: woods }`,
      `  expect allowance-${i} = 5`,
      `  expect may-move-${i} = true`,
      `  expect ground-cost-${i}(woods-${i}) = 2`,
      "}",
      "",
    );
    i++;
  }
  out.push("movement [1.1] MF {", "  allowance: 4", "  cost: cost(step.terrain)", "}");
  return out.join("\n") + "\n";
}
