/**
 * RFC 3986's tree plans, made at build time on real URIs (src/generated/rfc3986Plans.ts,
 * scripts/generate-compiled.ts; src/engine/trees/plan.ts): the first tree of a fresh process reads
 * them (loaded then, in the CommonJS bundle: src/generated/load.ts). Only the tree functions import this, so a program that asks for verdicts alone does not
 * carry them.
 */
import { ShippedPlans } from '../engine/trees/plan';
import { rfc3986Plans as texts } from '../generated/load';

let plans: ShippedPlans | undefined;

export function rfc3986Plans(): ShippedPlans {
  plans ??= new ShippedPlans(texts);
  return plans;
}
