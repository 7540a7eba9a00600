/**
 * The step-through and the "why" lines of the Rule panel: the trace of the input, step by step,
 * and the reasons read from it. A part the page loads when a step button is first pressed, or a
 * node first hovered or focused (scripts/build-playground.js); until then the first view does not
 * trace each input it shows. (The trace engine itself is in the first view too: it names the rule
 * an error stopped inside, src/teaching/whereLine.ts.)
 */
export { nextChoice, nodeRules, stepOver, stepPosition, stepRule, stepText, trace, type Trace } from '../src/teaching/trace';
export { whyNodes, whyTexts, type NodeWhy } from '../src/teaching/why';
