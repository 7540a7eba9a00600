/**
 * The zod example of docs/api.md ("JSON Schema (ajv) and zod"), as written there: a policy in
 * `z.string().superRefine(...)`. Keep the two in step.
 */
import { z } from 'zod';
import { createValidator, policyPresets } from '../../src/index';

// --- docs/api.md: With zod ---
const checkUrl = createValidator(policyPresets.httpUrl);

const httpUrl = z.string().superRefine((value, ctx) => {
  const r = checkUrl(value);
  if (r.ok) return;
  const e = r.error;
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    // the first line names what failed and where; the rest of the message is the caret display
    message: e.message.split('\n', 1)[0] + (e.hint ? ` (hint: ${e.hint})` : ''),
    params: { index: e.index, suggestion: e.suggestion },
  });
});

const Config = z.object({ apiUrl: httpUrl, callbackUrl: httpUrl.optional() });
// --- end of the docs/api.md example ---

describe('zod example (docs/api.md)', () => {
  it('accepts a config with http(s) URLs', () => {
    expect(Config.parse({ apiUrl: 'https://api.example.com/v1' })).toEqual({ apiUrl: 'https://api.example.com/v1' });
  });
  it('reports each bad URL with its path, message, index and checked suggestion', () => {
    const r = Config.safeParse({ apiUrl: 'https://api.example.com/my file', callbackUrl: 'ftp://x/' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.error.issues).toEqual([
      expect.objectContaining({
        path: ['apiUrl'],
        message: 'not a valid URI: at offset 26, found " " (hint: a space must be percent-encoded as "%20")',
        params: { index: 26, suggestion: 'https://api.example.com/my%20file' },
      }),
      expect.objectContaining({
        path: ['callbackUrl'],
        message: 'scheme "ftp" is not allowed (allowed: http, https): scheme at offset 0-3',
        params: { index: 0, suggestion: undefined },
      }),
    ]);
  });
  it('a non-string is zod\'s own type error', () => {
    const r = Config.safeParse({ apiUrl: 42 });
    expect(r.success || r.error.issues[0].code).toBe('invalid_type');
  });
});
