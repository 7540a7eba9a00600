/** Types for railroad-diagrams 1.0.0 (no types ship with it): the parts src/teaching/railroad.ts uses. */
declare module 'railroad-diagrams' {
  export interface Item {
    attrs: Record<string, string | number>;
    toString(): string;
    /** A DOM element (the page casts it); only in a browser. */
    toSVG(): object;
  }
  export function Diagram(...items: Item[]): Item;
  export function Sequence(...items: Item[]): Item;
  export function Choice(normal: number, ...items: Item[]): Item;
  export function Optional(item: Item, skip?: 'skip'): Item;
  export function OneOrMore(item: Item, rep?: Item): Item;
  export function ZeroOrMore(item: Item, rep?: Item, skip?: 'skip'): Item;
  export function Terminal(text: string): Item;
  export function NonTerminal(text: string): Item;
  export function Comment(text: string): Item;
  export function Skip(): Item;
}
