/** The flag a one-shot command sets: 16 × V8's default budget (66 KB of bytecode run). */
export declare const BUDGET_FLAG: string;
/** Whether a run with these arguments raises V8's optimising budget (bin/budget.js). */
export declare function raisesBudget(
  args: readonly string[],
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean;
