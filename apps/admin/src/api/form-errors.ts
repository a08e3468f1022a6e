import { ApiError } from './api-error';

/** A field of a form: the request path it fills (`body.scopes`), its input's id and its label. */
export interface FormField {
  path: string;
  id: string;
  label: string;
  /**
   * Names a path inside the field for the reader (`1` of `body.origins.1`).
   * @defaultValue the line of a field written one entry a line: `1` → `line 2`
   */
  inside?: (rest: string) => string;
}

/** One error of a form: the field it belongs to (none: the request as a whole) and what is wrong. */
export interface FieldError {
  field?: FormField;
  message: string;
}

/**
 * What is wrong with a form, found before sending it or in the server's refusal: a summary
 * sentence, and each error on the field it concerns, in words an administrator reads (a problem's
 * `errors[]` paths mapped to the form's fields, zod's messages rewritten).
 */
export class FormErrors {
  private constructor(
    /** What happened, e.g. "The token was not created." */
    readonly summary: string,
    readonly errors: FieldError[],
  ) {}

  /** No error. */
  static readonly none = new FormErrors('', []);

  /** Errors found in the form before anything was sent: `[input id, message]`. */
  static local(summary: string, fields: FormField[], errors: [id: string, message: string][]): FormErrors {
    return new FormErrors(
      summary,
      errors.map(([id, message]) => ({ field: fields.find((f) => f.id === id), message })),
    );
  }

  /**
   * A failed request seen from the form: each entry of a problem's `errors[]` goes to the field
   * whose path is the longest prefix of its path (`body.origins.1` → Allowed origins); one no field
   * fills is named by `name(path)`. An error without field errors (a network failure, a 403) is
   * its message alone.
   */
  static fromError(
    error: Error,
    fields: FormField[],
    summary: string,
    name: (path: string) => string = (path) => path.replace(/^body\.?/, ''),
  ): FormErrors {
    const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
    if (!problems.length) return new FormErrors(sentence(error.message), []);
    return new FormErrors(
      summary,
      problems.map(({ path, message }) => {
        const field = fieldOf(path, fields);
        const inside = field && path.slice(field.path.length).replace(/^\./, '');
        const rest = field ? (field.inside ?? where)(inside!) : name(path);
        const readable = readableMessage(message);
        return { field, message: rest ? `${rest}: ${readable}` : readable };
      }),
    );
  }

  /** The same errors after an attempt to send the form: `summary` says what did not happen. */
  withSummary(summary: string): FormErrors {
    return new FormErrors(summary, this.errors);
  }

  /** Whether there is anything to show. */
  get empty(): boolean {
    return !this.summary && !this.errors.length;
  }

  /** The messages of the field whose input has `id`. */
  messagesOf(id: string): string[] {
    return this.errors.filter((e) => e.field?.id === id).map((e) => e.message);
  }

  /** The errors of no field of the form. */
  get unplaced(): string[] {
    return this.errors.filter((e) => !e.field).map((e) => e.message);
  }

  /** The ids of the inputs with an error, in the form's order. */
  invalidIds(fields: FormField[]): string[] {
    return [...new Set(fields.filter((f) => this.messagesOf(f.id).length).map((f) => f.id))];
  }

  /** The labels of the fields with an error, in the form's order. */
  invalidLabels(fields: FormField[]): string[] {
    return [...new Set(fields.filter((f) => this.messagesOf(f.id).length).map((f) => f.label))];
  }
}

function fieldOf(path: string, fields: FormField[]): FormField | undefined {
  return fields
    .filter((f) => path === f.path || path.startsWith(`${f.path}.`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** A path inside a field in words: `1` → `line 2` (the fields hold one entry a line), `0.type` → `line 1, type`. */
function where(rest: string): string {
  const m = /^(\d+)(?:\.(.+))?$/.exec(rest);
  if (!m) return rest;
  return `line ${Number(m[1]) + 1}${m[2] ? `, ${m[2]}` : ''}`;
}

/** A message as a sentence: capital first letter, final full stop. */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return t[0]!.toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

/** zod's messages (`Too small: expected array to have >=1 items`) as an administrator says them. */
const REWRITES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Too small: expected array to have >=?1 items?$/, () => 'choose or enter at least one'],
  [/^Too small: expected array to have >=?(\d+) items?$/, (m) => `needs at least ${m[1]} entries`],
  [/^Too big: expected array to have <=?(\d+) items?$/, (m) => `takes at most ${m[1]} entries`],
  [/^Too small: expected string to have >=?1 characters?$/, () => 'must not be empty'],
  [/^Too small: expected string to have >=?(\d+) characters?$/, (m) => `needs at least ${m[1]} characters`],
  [/^Too big: expected string to have <=?(\d+) characters?$/, (m) => `takes at most ${m[1]} characters`],
  [/^Too small: expected number to be >=?(\S+)$/, (m) => `must be at least ${m[1]}`],
  [/^Too big: expected number to be <=?(\S+)$/, (m) => `must be at most ${m[1]}`],
  [/^Invalid input: expected int, received number$/, () => 'must be a whole number'],
  [/^Invalid input: expected \w+, received undefined$/, () => 'is required'],
  [/^Invalid input: expected (?:number|int), received \w+$/, () => 'must be a number'],
  [/^Invalid input: expected string, received \w+$/, () => 'must be text'],
  [/^Invalid input: expected boolean, received \w+$/, () => 'must be true or false'],
  [/^Invalid input: expected array, received \w+$/, () => 'must be a list'],
  [/^Invalid input: expected (?:object|record), received \w+$/, () => 'must be an object'],
  [
    /^Invalid (?:input: expected )?email(?: address)?$/i,
    () => 'must be an email address, e.g. ann@example.com',
  ],
  [/^Invalid option: expected one of (.+)$/, (m) => `must be one of ${m[1]!.split('|').join(', ')}`],
  [/^Unrecognized keys?: (.+)$/, (m) => `unknown ${m[1]!.includes(',') ? 'keys' : 'key'} ${m[1]}`],
];

/** A validation message in words; the parts of a combined message (`0.type: …; 0.value: …`) each. */
export function readableMessage(message: string): string {
  return message
    .split('; ')
    .map((part) => {
      const m = /^([\w.-]+): (.*)$/.exec(part);
      const [path, text] =
        m && !/^(Too|Invalid|Unrecognized)/.test(part) ? [where(m[1]!), m[2]!] : [undefined, part];
      for (const [pattern, rewrite] of REWRITES) {
        const hit = pattern.exec(text);
        if (hit) return path ? `${path}: ${rewrite(hit)}` : rewrite(hit);
      }
      return part;
    })
    .join('; ');
}
