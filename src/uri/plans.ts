/**
 * RFC 3986's tree plans, made at build time on real URIs (src/generated/rfc3986Plans.ts,
 * scripts/generate-compiled.ts; src/engine/plan.ts): the first tree of a fresh process reads
 * them. Only the tree functions import this, so a program that asks for verdicts alone does not
 * carry them.
 */
import { ShippedPlans } from '../engine/plan';
import { RFC3986_PLANS } from '../generated/rfc3986Plans';

let plans: ShippedPlans | undefined;

export function rfc3986Plans(): ShippedPlans {
  plans ??= new ShippedPlans(RFC3986_PLANS);
  return plans;
}
