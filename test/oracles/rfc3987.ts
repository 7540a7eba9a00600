/**
 * An independent reading of RFC 3987 2.2 for the tests: each rule written out as a JavaScript
 * RegExp with the `u` flag (code points, so an astral character is one and a lone surrogate
 * matches no range), straight from the ABNF text. Backtracking RegExps decide the whole-input
 * verdict exactly (they try every alternative); they are only run on short inputs.
 */
const UCSCHAR = '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}' + Array.from({ length: 13 }, (_, k) => `\\u{${(k + 1).toString(16)}0000}-\\u{${(k + 1).toString(16)}FFFD}`).join('') + '\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const ALPHA = 'A-Za-z';
const DIGIT = '0-9';
const HEXDIG = '0-9A-Fa-f';
const SUB_DELIMS = "!$&'()*+,;=";
const esc = (s: string): string => s.replace(/[\\\]\-^]/g, '\\$&');

const r: Record<string, string> = {};
r['pct-encoded'] = `%[${HEXDIG}]{2}`;
r['unreserved'] = `[${ALPHA}${DIGIT}\\-._~]`;
r['sub-delims'] = `[${esc(SUB_DELIMS)}]`;
r['ucschar'] = `[${UCSCHAR}]`;
r['iprivate'] = `[${IPRIVATE}]`;
r['iunreserved'] = `[${ALPHA}${DIGIT}\\-._~${UCSCHAR}]`;
r['ipchar'] = `(?:${r['iunreserved']}|${r['pct-encoded']}|${r['sub-delims']}|[:@])`;
r['scheme'] = `[${ALPHA}][${ALPHA}${DIGIT}+\\-.]*`;
r['port'] = `[${DIGIT}]*`;
r['dec-octet'] = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
r['IPv4address'] = `${r['dec-octet']}(?:\\.${r['dec-octet']}){3}`;
r['h16'] = `[${HEXDIG}]{1,4}`;
r['ls32'] = `(?:${r['h16']}:${r['h16']}|${r['IPv4address']})`;
const h = r['h16'];
const hc = `${h}:`;
r['IPv6address'] = '(?:' + [
  `(?:${hc}){6}${r['ls32']}`,
  `::(?:${hc}){5}${r['ls32']}`,
  `(?:${h})?::(?:${hc}){4}${r['ls32']}`,
  `(?:(?:${hc}){0,1}${h})?::(?:${hc}){3}${r['ls32']}`,
  `(?:(?:${hc}){0,2}${h})?::(?:${hc}){2}${r['ls32']}`,
  `(?:(?:${hc}){0,3}${h})?::${hc}${r['ls32']}`,
  `(?:(?:${hc}){0,4}${h})?::${r['ls32']}`,
  `(?:(?:${hc}){0,5}${h})?::${h}`,
  `(?:(?:${hc}){0,6}${h})?::`,
].join('|') + ')';
r['IPvFuture'] = `[vV][${HEXDIG}]+\\.(?:${r['unreserved']}|${r['sub-delims']}|:)+`;
r['IP-literal'] = `\\[(?:${r['IPv6address']}|${r['IPvFuture']})\\]`;
r['ireg-name'] = `(?:${r['iunreserved']}|${r['pct-encoded']}|${r['sub-delims']})*`;
r['ihost'] = `(?:${r['IP-literal']}|${r['IPv4address']}|${r['ireg-name']})`;
r['iuserinfo'] = `(?:${r['iunreserved']}|${r['pct-encoded']}|${r['sub-delims']}|:)*`;
r['iauthority'] = `(?:${r['iuserinfo']}@)?${r['ihost']}(?::${r['port']})?`;
r['isegment'] = `${r['ipchar']}*`;
r['isegment-nz'] = `${r['ipchar']}+`;
r['isegment-nz-nc'] = `(?:${r['iunreserved']}|${r['pct-encoded']}|${r['sub-delims']}|@)+`;
r['ipath-abempty'] = `(?:/${r['isegment']})*`;
r['ipath-absolute'] = `/(?:${r['isegment-nz']}(?:/${r['isegment']})*)?`;
r['ipath-noscheme'] = `${r['isegment-nz-nc']}(?:/${r['isegment']})*`;
r['ipath-rootless'] = `${r['isegment-nz']}(?:/${r['isegment']})*`;
r['ipath-empty'] = '';
r['ipath'] = `(?:${r['ipath-abempty']}|${r['ipath-absolute']}|${r['ipath-noscheme']}|${r['ipath-rootless']}|${r['ipath-empty']})`;
r['iquery'] = `(?:${r['ipchar']}|${r['iprivate']}|[/?])*`;
r['ifragment'] = `(?:${r['ipchar']}|[/?])*`;
r['ihier-part'] = `(?://${r['iauthority']}${r['ipath-abempty']}|${r['ipath-absolute']}|${r['ipath-rootless']}|${r['ipath-empty']})`;
r['irelative-part'] = `(?://${r['iauthority']}${r['ipath-abempty']}|${r['ipath-absolute']}|${r['ipath-noscheme']}|${r['ipath-empty']})`;
r['IRI'] = `${r['scheme']}:${r['ihier-part']}(?:\\?${r['iquery']})?(?:#${r['ifragment']})?`;
r['absolute-IRI'] = `${r['scheme']}:${r['ihier-part']}(?:\\?${r['iquery']})?`;
r['irelative-ref'] = `${r['irelative-part']}(?:\\?${r['iquery']})?(?:#${r['ifragment']})?`;
r['IRI-reference'] = `(?:${r['IRI']}|${r['irelative-ref']})`;

const compiled = new Map<string, RegExp>();

/** The ABNF verdict of RFC 3987 2.2 (no section 4.1). */
export function oracle(input: string, rule: string): boolean {
  let re = compiled.get(rule);
  if (!re) compiled.set(rule, (re = new RegExp(`^(?:${r[rule]})$`, 'u')));
  return re.test(input);
}

export const ORACLE_RULES = Object.keys(r);
