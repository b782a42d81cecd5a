import { describe, expect, it } from "vitest";
import { formatCost, formatQuantity, NA_RAT, Rat, ratNum, tickNum } from "../../runtime/index.js";

describe("formatQuantity", () => {
  it.each([
    ["1/2", "½"],
    ["1/3", "⅓"],
    ["2/3", "⅔"],
    ["1/4", "¼"],
    ["3/4", "¾"],
    ["5/2", "2½"],
    ["7/3", "2⅓"],
    ["11/4", "2¾"],
    ["4", "4"],
    ["0", "0"],
    ["7/5", "7/5"],
    ["1/6", "1/6"],
    ["-1/2", "-½"],
    ["-5/2", "-2½"],
    ["-3", "-3"],
    ["-7/5", "-7/5"],
    ["2/4", "½"],
    ["NA", "NA"],
  ])("%s → %s", (exact, shown) => {
    expect(formatQuantity(exact)).toBe(shown);
  });
});

describe("formatCost", () => {
  it("shows NA and formats other values through the Num", () => {
    const t = tickNum(12);
    expect(formatCost(t, NaN)).toBe("NA");
    expect(formatCost(t, 30)).toBe("2½");
    expect(formatCost(ratNum, NA_RAT)).toBe("NA");
    expect(formatCost(ratNum, Rat.of(4, 3))).toBe("1⅓");
  });
});
