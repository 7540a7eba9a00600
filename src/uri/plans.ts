/**
 * RFC 3986's tree plans, made at build time on real URIs (src/generated/rfc3986Plans.ts,
 * scripts/generate-compiled.ts; src/engine/plan.ts): the first tree of a fresh process reads
 * them (loaded then, in the CommonJS bundle: src/generated/planTexts.ts). Only the tree functions import this, so a program that asks for verdicts alone does not
 * carry them.
 */
import { ShippedPlans } from '../engine/plan';
import { planTexts } from '../generated/planTexts';

let plans: ShippedPlans | undefined;

export function rfc3986Plans(): ShippedPlans {
  plans ??= new ShippedPlans(() => planTexts().rfc3986);
  return plans;
}
