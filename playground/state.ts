/** The page state in the URL fragment (`#g=rfc3986&r=URI&i=…&lex=1`), so a link brings it back. */

export interface PageState {
  grammar: string;
  rule: string;
  input: string;
  lexical: boolean;
  /** The pasted ABNF, when the grammar is `custom`. */
  abnf?: string;
}

export function readFragment(hash: string): Partial<PageState> {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const s: Partial<PageState> = {};
  const g = p.get('g');
  const r = p.get('r');
  const i = p.get('i');
  const a = p.get('abnf');
  if (g !== null) s.grammar = g;
  if (r !== null) s.rule = r;
  if (i !== null) s.input = i;
  if (p.has('lex')) s.lexical = p.get('lex') === '1';
  if (a !== null) s.abnf = a;
  return s;
}

export function writeFragment(s: PageState): string {
  const p = new URLSearchParams();
  p.set('g', s.grammar);
  p.set('r', s.rule);
  p.set('i', s.input);
  if (s.lexical) p.set('lex', '1');
  if (s.grammar === 'custom' && s.abnf !== undefined) p.set('abnf', s.abnf);
  // URLSearchParams writes a space as "+"; %20 reads the same and is plainer in a link.
  return '#' + p.toString().replace(/\+/g, '%20');
}
