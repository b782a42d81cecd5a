/**
 * What a ruleset id may be: it names the generated module (`generated/<id>.ts`) and is looked up as
 * `rulesets/<id>.rules`, so no path separators and no leading dot, dash or underscore.
 */
export const RULESET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
